// What the text services need from fontconfig and FriBidi in one call each, so Swift
// needs neither their macros nor their scratch arrays (text_lookup.c).
#ifndef STRESSPUNCH_TEXT_LOOKUP_H
#define STRESSPUNCH_TEXT_LOOKUP_H

#include <stdint.h>

struct _FcConfig;

/// The installed font of `config` best suited to draw `scalar` in (sans-serif first,
/// bold when asked), skipping colour bitmap fonts: its file into `path` (`size` bytes)
/// and its face index within that file. Returns 1 when a font really has the
/// character, 0 when none does (fontconfig itself always answers with *some* font).
int tl_font_for_scalar(struct _FcConfig *config, unsigned int scalar, int bold, char *path, int size, int *index);

/// Fills `levels` (length entries) with the embedding level of each scalar of `text`,
/// the paragraph direction taken from its first strong character (left to right when
/// there is none). Sets *rtl to 1 for a right-to-left paragraph. Returns 0 on failure.
int tl_bidi_levels(const uint32_t *text, int length, signed char *levels, int *rtl);

#endif
