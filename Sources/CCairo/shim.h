// Shim for cairo, used only by stresspunch-bench: its image backend is the anchor the
// real punch screen (scene_1080p) is measured against.
#ifndef STRESSPUNCH_CCAIRO_SHIM_H
#define STRESSPUNCH_CCAIRO_SHIM_H

#include <cairo.h>

#endif
