// Shim for pixman, used only by stresspunch-bench as the affine-blit anchor.
#ifndef STRESSPUNCH_CPIXMAN_SHIM_H
#define STRESSPUNCH_CPIXMAN_SHIM_H

#include <pixman.h>

#endif
