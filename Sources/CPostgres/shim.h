// Shim for libpq, PostgreSQL's client library: the asynchronous connect and query
// calls the fleet's client wraps with deadlines of its own.
#ifndef STRESSPUNCH_CPOSTGRES_SHIM_H
#define STRESSPUNCH_CPOSTGRES_SHIM_H

#include <libpq-fe.h>

#endif
