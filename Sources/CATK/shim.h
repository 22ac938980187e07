// ATK, atk-bridge and GIO, for the accessibility bridge's C file (their pkg-config
// flags reach it through this system library). Swift does not import these.
#include <atk/atk.h>
#include <atk-bridge.h>
#include <gio/gio.h>
