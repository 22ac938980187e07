// fontconfig's best font for one character, and FriBidi's embedding levels of a
// paragraph (see TextLookup.h).

#include "TextLookup.h"

#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>
#include <stdlib.h>
#include <string.h>

int tl_font_for_scalar(struct _FcConfig *config, unsigned int scalar, int bold, char *path, int size, int *index) {
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

int tl_bidi_levels(const uint32_t *text, int length, signed char *levels, int *rtl) {
    *rtl = 0;
    if (length <= 0) return 1;
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)length);
    if (!types || !brackets) { free(types); free(brackets); return 0; }
    fribidi_get_bidi_types(text, length, types);
    fribidi_get_bracket_types(text, length, types, brackets);
    FriBidiParType direction = FRIBIDI_PAR_ON;
    FriBidiLevel result = fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, (FriBidiLevel *)levels);
    free(types);
    free(brackets);
    if (result == 0) return 0;
    *rtl = FRIBIDI_IS_RTL(direction) ? 1 : 0;
    return 1;
}
