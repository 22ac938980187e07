// Shim for SQLite. SQLITE_TRANSIENT is a cast macro Swift cannot import, so it is
// offered here as a function; everything else comes straight from sqlite3.h.
#ifndef STRESSPUNCH_CSQLITE_SHIM_H
#define STRESSPUNCH_CSQLITE_SHIM_H

#include <sqlite3.h>

static inline sqlite3_destructor_type shim_sqlite3_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call: the settings for reading a
// file from outside (a library archive) in one call. Defensive mode (no writable
// schema, no corruption by SQL), an untrusted schema (its functions cannot run from
// views or triggers), and no views or triggers at all. Returns SQLITE_OK or the error.
static inline int shim_sqlite3_distrust_schema(sqlite3 *db) {
    int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)0);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)0);
    return rc;
}

#endif
