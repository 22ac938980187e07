// Shim for fontconfig. Its property names are string macros (FC_FILE, ...), which
// Swift may or may not import depending on the header; these functions pin them.
#ifndef STRESSPUNCH_CFONTCONFIG_SHIM_H
#define STRESSPUNCH_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

static inline const char *shim_FC_FILE(void) { return FC_FILE; }
static inline const char *shim_FC_FAMILY(void) { return FC_FAMILY; }
static inline const char *shim_FC_CHARSET(void) { return FC_CHARSET; }
static inline const char *shim_FC_COLOR(void) { return FC_COLOR; }
static inline const char *shim_FC_WEIGHT(void) { return FC_WEIGHT; }
static inline int shim_FC_WEIGHT_DEMIBOLD(void) { return FC_WEIGHT_DEMIBOLD; }

#endif
