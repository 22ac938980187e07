// Shim for SQLite. SQLITE_TRANSIENT is a cast macro Swift cannot import, so it is
// offered here as a function; everything else comes straight from sqlite3.h.
#ifndef STRESSPUNCH_CSQLITE_SHIM_H
#define STRESSPUNCH_CSQLITE_SHIM_H

#include <sqlite3.h>

static inline sqlite3_destructor_type shim_sqlite3_transient(void) { return SQLITE_TRANSIENT; }

#endif
