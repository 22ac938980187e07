// glibc's gettext (libintl is part of the C library) and setlocale: Swift's Glibc
// module does not export libintl.h.
#include <libintl.h>
#include <locale.h>
