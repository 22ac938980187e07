// The bounded picture decoders' interface: libjpeg, libpng, giflib and libwebp
// behind calls Swift can make. The libraries report errors by longjmp, which Swift
// cannot catch, so each decode runs whole in C (the .c files beside this folder).
#ifndef STRESSPUNCH_PICTURE_DECODERS_H
#define STRESSPUNCH_PICTURE_DECODERS_H

#include <stddef.h>
#include <stdint.h>

/// How long a decoder's message may be, with its NUL: `message` arguments hold this many.
#define PD_MESSAGE_LENGTH 256

// MARK: JPEG

/// Why a bounded decode stopped, beyond libjpeg's own messages.
enum {
    PD_JPEG_OK = 0,
    PD_JPEG_DAMAGED = 1,
    PD_JPEG_TOO_MANY_SCANS = 2,
    PD_JPEG_TOO_SLOW = 3,
    PD_JPEG_ENDS_EARLY = 4,
    PD_JPEG_NO_MEMORY = 5,
    PD_JPEG_TOO_MUCH_WORK = 6,
};

/// The size a JPEG's frame header claims, read by libjpeg itself (which stops at the
/// first scan): 1 when it has one, 0 when libjpeg cannot read that far.
int pd_jpeg_dimensions(const unsigned char *data, unsigned long size, int *width, int *height);

/// Decodes `size` bytes of JPEG to RGBA at the DCT scale `scale_num`/`scale_denom`
/// (libjpeg-turbo takes M/8 for M in 1...16; the caller picks the smallest that
/// covers the size it stores), into `into`, which the caller sized for the scaled
/// picture (`into_size` bytes; a picture of any other size is refused as damaged), so
/// the pixels land where they are kept, never copied. With a `row_sink`, `into` is
/// unused (`into_size` still says the size expected) and each row, top to bottom, is
/// handed to it instead, as soon as it is decoded: a downscale can then fold rows in
/// while they are in the cache, and the picture never exists at its decoded size. Returns PD_JPEG_OK and the
/// size in `*width` and `*height`; otherwise the reason, and libjpeg's message in
/// `message` (PD_MESSAGE_LENGTH bytes).
int pd_jpeg_decode(const unsigned char *data, unsigned long size, int scale_num, int scale_denom, int max_scans,
                     int max_passes, double seconds, long max_memory, unsigned char *into, size_t into_size,
                     void (*row_sink)(void *, const unsigned char *), void *sink_context, int *width,
                     int *height, char *message);

// MARK: PNG

enum {
    PD_PNG_OK = 0,
    PD_PNG_DAMAGED = 1,
    PD_PNG_TOO_SLOW = 2,
    PD_PNG_NO_MEMORY = 3,
    PD_PNG_INTERLACED = 4,
    PD_PNG_ENDS_EARLY = 5,
};

/// Decodes `size` bytes of PNG to RGBA (straight alpha), at least `min_long_side`
/// pixels on its long side where the picture has that many: each output pixel is the
/// alpha-weighted average of a box of `factor` x `factor` input pixels. On success
/// returns PD_PNG_OK and a malloc'd width*height*4 buffer in `*pixels` (free it
/// with pd_png_free); otherwise the reason, and libpng's message in `message`
/// (PD_MESSAGE_LENGTH bytes).
int pd_png_decode(const unsigned char *data, size_t size, int min_long_side, double seconds,
                    unsigned char **pixels, int *width, int *height, char *message);

void pd_png_free(unsigned char *pixels);

// MARK: GIF

enum {
    PD_GIF_OK = 0,
    PD_GIF_DAMAGED = 1,
    PD_GIF_NO_MEMORY = 2,
    PD_GIF_NO_FRAME = 3,
    PD_GIF_FRAME_OUTSIDE = 4,
};

/// Decodes the first frame of a GIF to RGBA at the logical screen's size (pixels the
/// frame does not cover are transparent). On success returns PD_GIF_OK and a
/// malloc'd width*height*4 buffer (free it with pd_gif_free).
int pd_gif_decode(const unsigned char *data, size_t size, long max_pixels,
                    unsigned char **pixels, int *width, int *height);

void pd_gif_free(unsigned char *pixels);

// MARK: WEBP

/// libwebp's VP8StatusCode values the WebP calls return (the .c checks they agree).
enum {
    PD_WEBP_OK = 0,
    PD_WEBP_OUT_OF_MEMORY = 1,
    PD_WEBP_INVALID_PARAM = 2,
    PD_WEBP_BITSTREAM_ERROR = 3,
    PD_WEBP_UNSUPPORTED_FEATURE = 4,
    PD_WEBP_NOT_ENOUGH_DATA = 7,
};

/// The picture's size and whether it has alpha or animation; a PD_WEBP_ status.
int pd_webp_features(const uint8_t *data, size_t size, int *width, int *height, int *has_alpha,
                       int *has_animation);

/// Decodes to straight-alpha RGBA at `out_width` x `out_height` (libwebp's rescaler
/// when that is smaller than the picture) into `pixels`, which holds
/// out_width * out_height * 4 bytes. Returns a PD_WEBP_ status.
int pd_webp_decode_scaled(const uint8_t *data, size_t size, int out_width, int out_height,
                            uint8_t *pixels, size_t pixels_size);

/// The first frame of an animated WebP as straight-alpha RGBA at its canvas size, in a
/// malloc'd buffer (free it with pd_webp_free_frame). Canvases over `max_pixels` are
/// refused before anything is allocated. Returns a PD_WEBP_ status.
int pd_webp_first_frame(const uint8_t *data, size_t size, long max_pixels, uint8_t **pixels, int *width,
                          int *height);

void pd_webp_free_frame(uint8_t *pixels);

/// Lossy WebP of straight-alpha RGBA at `quality` (0...100); *output is freed with
/// pd_webp_free. Returns its size, 0 on failure. (The bench makes its photo with it.)
size_t pd_webp_encode_rgba(const uint8_t *rgba, int width, int height, float quality, uint8_t **output);

void pd_webp_free(void *pointer);

#endif
