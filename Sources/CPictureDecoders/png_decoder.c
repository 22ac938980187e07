// A bounded PNG decoder on libpng, for pictures users give us. libpng reports errors
// by longjmp, which Swift cannot catch, so the decode lives here in C. It reads the
// picture row by row and averages boxes of rows and columns as it goes, so a huge
// PNG costs the memory of what is shown, not of what it claims; it checks a time
// budget every row, refuses data that ends early, and caps what ancillary chunks
// may allocate. Interlaced files (whose rows come in seven passes) are left to the
// caller's whole-picture decoder.

#include "PictureDecoders.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <png.h>

struct pd_png_source {
    const unsigned char *data;
    size_t size;
    size_t offset;
    int reason;
    char message[PD_MESSAGE_LENGTH];
};

static double pd_png_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void pd_png_error(png_structp png, png_const_charp text) {
    struct pd_png_source *source = (struct pd_png_source *)png_get_error_ptr(png);
    strncpy(source->message, text ? text : "libpng gave up", sizeof source->message - 1);
    source->message[sizeof source->message - 1] = 0;
    png_longjmp(png, 1);
}

static void pd_png_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void pd_png_read(png_structp png, png_bytep out, png_size_t count) {
    struct pd_png_source *source = (struct pd_png_source *)png_get_io_ptr(png);
    if (count > source->size - source->offset) {
        source->reason = PD_PNG_ENDS_EARLY;
        png_error(png, "the file ends before its picture does");
    }
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

int pd_png_decode(const unsigned char *data, size_t size, int min_long_side, double seconds,
                    unsigned char **pixels, int *width, int *height, char *message) {
    struct pd_png_source source = { data, size, 0, PD_PNG_DAMAGED, { 0 } };
    // volatile: read after a longjmp.
    unsigned char *volatile row = NULL;
    uint64_t *volatile sums = NULL;
    unsigned char *volatile output = NULL;
    *pixels = NULL;
    message[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, pd_png_error, pd_png_warning);
    if (!png) return PD_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return PD_PNG_NO_MEMORY; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(row); free(sums); free(output);
        strncpy(message, source.message, PD_MESSAGE_LENGTH - 1);
        message[PD_MESSAGE_LENGTH - 1] = 0;
        return source.reason;
    }
    png_set_read_fn(png, &source, pd_png_read);
    png_set_user_limits(png, 1u << 24, 1u << 24);
    png_set_chunk_malloc_max(png, 8u << 20);  // ancillary chunks: 8 MB at most
    png_read_info(png, info);
    png_uint_32 w = 0, h = 0;
    int depth = 0, colour = 0, interlace = 0;
    png_get_IHDR(png, info, &w, &h, &depth, &colour, &interlace, NULL, NULL);
    if (interlace != PNG_INTERLACE_NONE) {
        png_destroy_read_struct(&png, &info, NULL);
        return PD_PNG_INTERLACED;
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row layout");

    size_t long_side = w > h ? w : h;
    size_t factor = min_long_side > 0 ? long_side / (size_t)min_long_side : 1;
    if (factor < 1) factor = 1;
    size_t out_w = (w + factor - 1) / factor, out_h = (h + factor - 1) / factor;
    row = (unsigned char *)malloc((size_t)w * 4);
    sums = (uint64_t *)calloc(out_w * 4, sizeof(uint64_t));
    output = (unsigned char *)malloc(out_w * out_h * 4);
    if (!row || !sums || !output) { source.reason = PD_PNG_NO_MEMORY; png_error(png, "out of memory"); }
    double deadline = pd_png_now() + seconds;
    size_t rows_in_box = 0, out_y = 0;
    for (png_uint_32 y = 0; y < h; y++) {
        if (pd_png_now() > deadline) { source.reason = PD_PNG_TOO_SLOW; png_error(png, "decoding took too long"); }
        png_read_row(png, row, NULL);
        for (size_t x = 0; x < w; x++) {
            uint64_t a = row[x * 4 + 3];
            uint64_t *sum = sums + (x / factor) * 4;
            sum[0] += row[x * 4] * a;
            sum[1] += row[x * 4 + 1] * a;
            sum[2] += row[x * 4 + 2] * a;
            sum[3] += a;
        }
        rows_in_box++;
        if (rows_in_box == factor || y + 1 == h) {
            unsigned char *target = output + out_y * out_w * 4;
            for (size_t x = 0; x < out_w; x++) {
                uint64_t *sum = sums + x * 4;
                size_t columns = (x + 1) * factor <= w ? factor : w - x * factor;
                uint64_t count = (uint64_t)columns * rows_in_box;
                if (sum[3] == 0) {
                    target[x * 4] = target[x * 4 + 1] = target[x * 4 + 2] = target[x * 4 + 3] = 0;
                } else {
                    target[x * 4] = (unsigned char)((sum[0] + sum[3] / 2) / sum[3]);
                    target[x * 4 + 1] = (unsigned char)((sum[1] + sum[3] / 2) / sum[3]);
                    target[x * 4 + 2] = (unsigned char)((sum[2] + sum[3] / 2) / sum[3]);
                    target[x * 4 + 3] = (unsigned char)((sum[3] + count / 2) / count);
                }
            }
            memset(sums, 0, out_w * 4 * sizeof(uint64_t));
            rows_in_box = 0;
            out_y++;
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    free(sums);
    *pixels = output;
    *width = (int)out_w;
    *height = (int)out_h;
    return PD_PNG_OK;
}

void pd_png_free(unsigned char *pixels) { free(pixels); }
