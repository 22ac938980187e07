// zlib's inflate with a cap on what it writes, for the compressed text chunks of PNGs
// (an EXIF profile ImageMagick keeps as zTXt, compressed XMP), which must never grow
// into more than the few kilobytes real metadata takes.
#ifndef STRESSPUNCH_CZLIB_SHIM_H
#define STRESSPUNCH_CZLIB_SHIM_H

#include <string.h>
#include <zlib.h>

/// Inflates the zlib stream `in` into `out` (at most `capacity` bytes). Returns how
/// many bytes it wrote, or -1 when the stream is damaged or inflates past `capacity`.
static inline long shim_inflate_capped(const unsigned char *in, size_t in_size, unsigned char *out, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)in_size;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    int status = inflate(&stream, Z_FINISH);
    long written = (long)stream.total_out;
    inflateEnd(&stream);
    return status == Z_STREAM_END ? written : -1;
}

#endif
