// libjpeg-turbo's TurboJPEG API: writing stored photos from RGBA in one call (no
// surface, no row copies), and the bench's scaled-decode anchor. TJSCALED is a macro
// with arguments, which Swift cannot import.
#ifndef STRESSPUNCH_CTURBOJPEG_SHIM_H
#define STRESSPUNCH_CTURBOJPEG_SHIM_H

#include <turbojpeg.h>

static inline int shim_tj_scaled(int dimension, int num, int denom) {
    tjscalingfactor factor = { num, denom };
    return TJSCALED(dimension, factor);
}

#endif
