// libwebp's scaled decode for pictures users give us: the decoder's own rescaler
// writes the picture at its stored size straight into a buffer the caller owns, so a
// 4096x4096 photo never exists at full size. WebPDecoderConfig and its unions are
// awkward from Swift, so the calls live here. An animated WebP gives its first frame,
// composed on its canvas by libwebpdemux's animation decoder (as a GIF gives its first).

#include "PictureDecoders.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

_Static_assert(PD_WEBP_OK == VP8_STATUS_OK && PD_WEBP_OUT_OF_MEMORY == VP8_STATUS_OUT_OF_MEMORY
               && PD_WEBP_INVALID_PARAM == VP8_STATUS_INVALID_PARAM && PD_WEBP_BITSTREAM_ERROR == VP8_STATUS_BITSTREAM_ERROR
               && PD_WEBP_UNSUPPORTED_FEATURE == VP8_STATUS_UNSUPPORTED_FEATURE
               && PD_WEBP_NOT_ENOUGH_DATA == VP8_STATUS_NOT_ENOUGH_DATA, "the header's statuses are libwebp's");

int pd_webp_features(const uint8_t *data, size_t size, int *width, int *height, int *has_alpha,
                       int *has_animation) {
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) return (int)status;
    *width = features.width;
    *height = features.height;
    *has_alpha = features.has_alpha;
    *has_animation = features.has_animation;
    return VP8_STATUS_OK;
}

int pd_webp_decode_scaled(const uint8_t *data, size_t size, int out_width, int out_height,
                            uint8_t *pixels, size_t pixels_size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return VP8_STATUS_INVALID_PARAM;
    VP8StatusCode status = WebPGetFeatures(data, size, &config.input);
    if (status != VP8_STATUS_OK) return (int)status;
    if (out_width != config.input.width || out_height != config.input.height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = out_width;
        config.options.scaled_height = out_height;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = out_width * 4;
    config.output.u.RGBA.size = pixels_size;
    status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    return (int)status;
}

int pd_webp_first_frame(const uint8_t *data, size_t size, long max_pixels, uint8_t **pixels, int *width,
                          int *height) {
    *pixels = NULL;
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) return (int)status;
    if (features.width <= 0 || features.height <= 0 || (long)features.width * (long)features.height > max_pixels) {
        return VP8_STATUS_UNSUPPORTED_FEATURE;
    }
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return VP8_STATUS_INVALID_PARAM;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = { data, size };
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&webp, &options);
    if (!decoder) return VP8_STATUS_BITSTREAM_ERROR;
    WebPAnimInfo info;
    uint8_t *frame = NULL;
    int timestamp = 0;
    int result = VP8_STATUS_BITSTREAM_ERROR;
    if (WebPAnimDecoderGetInfo(decoder, &info) && info.canvas_width == (uint32_t)features.width
        && info.canvas_height == (uint32_t)features.height && WebPAnimDecoderGetNext(decoder, &frame, &timestamp) && frame) {
        size_t count = (size_t)info.canvas_width * (size_t)info.canvas_height * 4;
        *pixels = (uint8_t *)malloc(count);
        if (*pixels) {
            memcpy(*pixels, frame, count);
            *width = (int)info.canvas_width;
            *height = (int)info.canvas_height;
            result = VP8_STATUS_OK;
        } else {
            result = VP8_STATUS_OUT_OF_MEMORY;
        }
    }
    WebPAnimDecoderDelete(decoder);
    return result;
}

void pd_webp_free_frame(uint8_t *pixels) { free(pixels); }

size_t pd_webp_encode_rgba(const uint8_t *rgba, int width, int height, float quality, uint8_t **output) {
    return WebPEncodeRGBA(rgba, width, height, width * 4, quality, output);
}

void pd_webp_free(void *pointer) { WebPFree(pointer); }
