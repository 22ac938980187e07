// zlib's inflate with a cap on what it writes, for the compressed text chunks of PNGs
// (an EXIF profile ImageMagick keeps as zTXt, compressed XMP), which must never grow
// into more than the few kilobytes real metadata takes (inflate_capped.c).
#ifndef STRESSPUNCH_INFLATE_H
#define STRESSPUNCH_INFLATE_H

#include <stddef.h>

/// Inflates the zlib stream `in` into `out` (at most `capacity` bytes). Returns how
/// many bytes it wrote, or -1 when the stream is damaged or inflates past `capacity`.
long zi_inflate_capped(const unsigned char *in, size_t in_size, unsigned char *out, size_t capacity);

#endif
