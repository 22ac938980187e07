// A capped zlib inflate (see Inflate.h).

#include "Inflate.h"

#include <string.h>
#include <zlib.h>

long zi_inflate_capped(const unsigned char *in, size_t in_size, unsigned char *out, size_t capacity) {
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
