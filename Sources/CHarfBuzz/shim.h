// Shim for HarfBuzz and the FreeType faces it shapes with: FreeType's load flags are
// macros with arguments, which Swift does not import, so they are pinned here.
#ifndef STRESSPUNCH_CHARFBUZZ_SHIM_H
#define STRESSPUNCH_CHARFBUZZ_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>

/// Light hinting (vertical snapping only), rendered to an 8-bit coverage bitmap:
/// what SDL2_ttf draws the rest of the text with, so shaped runs look the same.
static inline FT_Int32 shim_ft_render_flags(void) { return FT_LOAD_TARGET_LIGHT | FT_LOAD_RENDER; }
static inline FT_Int32 shim_ft_shaping_flags(void) { return FT_LOAD_TARGET_LIGHT; }
static inline int shim_ft_is_gray(const FT_Bitmap *bitmap) { return bitmap->pixel_mode == FT_PIXEL_MODE_GRAY; }

#endif
