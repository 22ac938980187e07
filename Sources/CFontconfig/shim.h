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

#include <string.h>

/// The installed font of `config` best suited to draw `scalar` in (sans-serif first,
/// bold when asked), skipping colour bitmap fonts: its file into `path` (`size` bytes)
/// and its face index within that file. Returns 1 when a font really has the
/// character, 0 when none does (fontconfig itself always answers with *some* font).
static inline int shim_fc_font_for_scalar(FcConfig *config, unsigned int scalar, int bold, char *path, int size, int *index) {
    FcPattern *pattern = FcPatternCreate();
    FcCharSet *wanted = FcCharSetCreate();
    if (!pattern || !wanted) { if (pattern) FcPatternDestroy(pattern); if (wanted) FcCharSetDestroy(wanted); return 0; }
    FcCharSetAddChar(wanted, scalar);
    FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)"sans-serif");
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddBool(pattern, FC_COLOR, FcFalse);
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet *fonts = FcFontSort(config, pattern, FcFalse, NULL, &result);
    int found = 0;
    for (int i = 0; fonts && i < fonts->nfont && !found; i++) {
        FcPattern *font = fonts->fonts[i];
        FcCharSet *charset = NULL;
        FcBool color = FcFalse;
        FcChar8 *file = NULL;
        int faceIndex = 0;
        if (FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch || !FcCharSetHasChar(charset, scalar)) continue;
        if (FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color) continue;
        if (FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch || strlen((const char *)file) + 1 > (size_t)size) continue;
        if (FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex) != FcResultMatch) faceIndex = 0;
        strcpy(path, (const char *)file);
        *index = faceIndex;
        found = 1;
    }
    if (fonts) FcFontSetDestroy(fonts);
    FcCharSetDestroy(wanted);
    FcPatternDestroy(pattern);
    return found;
}

#endif
