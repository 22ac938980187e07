// Shim for GNU FriBidi: one call that runs the Unicode bidi algorithm (with its
// bracket-pair rule) over a paragraph and answers each character's embedding level,
// so Swift needs neither FriBidi's macros nor its scratch arrays.
#ifndef STRESSPUNCH_CFRIBIDI_SHIM_H
#define STRESSPUNCH_CFRIBIDI_SHIM_H

#include <fribidi.h>
#include <stdlib.h>

/// Fills `levels` (length entries) with the embedding level of each scalar of `text`,
/// the paragraph direction taken from its first strong character (left to right when
/// there is none). Sets *rtl to 1 for a right-to-left paragraph. Returns 0 on failure.
static inline int shim_fribidi_levels(const uint32_t *text, int length, signed char *levels, int *rtl) {
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

#endif
