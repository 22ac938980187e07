// GIF decoding with giflib (fuzzed for years upstream) instead of SDL2_image's own
// GIF reader, which a 149-byte file from our picture fuzzer crashed. Only the first
// frame is decoded (a target is a still picture), drawn at its place on the logical
// screen, with its transparent colour; a frame that does not fit the screen, or data
// that ends early, is refused.

#include "PictureDecoders.h"

#include <stdlib.h>
#include <string.h>
#include <gif_lib.h>

struct pd_gif_source {
    const unsigned char *data;
    size_t size;
    size_t offset;
};

static int pd_gif_read(GifFileType *gif, GifByteType *out, int count) {
    struct pd_gif_source *source = (struct pd_gif_source *)gif->UserData;
    if (count < 0) return 0;
    size_t left = source->size - source->offset;
    size_t take = (size_t)count < left ? (size_t)count : left;
    memcpy(out, source->data + source->offset, take);
    source->offset += take;
    return (int)take;
}

int pd_gif_decode(const unsigned char *data, size_t size, long max_pixels,
                    unsigned char **pixels, int *width, int *height) {
    struct pd_gif_source source = { data, size, 0 };
    int error = 0;
    *pixels = NULL;
    GifFileType *gif = DGifOpen(&source, pd_gif_read, &error);
    if (!gif) return PD_GIF_DAMAGED;
    int result = PD_GIF_NO_FRAME;
    int transparent = -1;
    unsigned char *output = NULL;
    GifByteType *line = NULL;
    long screen_w = gif->SWidth, screen_h = gif->SHeight;
    if (screen_w <= 0 || screen_h <= 0 || screen_w * screen_h > max_pixels) { result = PD_GIF_DAMAGED; goto done; }
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) { result = PD_GIF_DAMAGED; goto done; }
        if (type == TERMINATE_RECORD_TYPE) goto done;
        if (type == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *extension = NULL;
            if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) { result = PD_GIF_DAMAGED; goto done; }
            while (extension) {
                // Graphic control: byte 1 bit 0 says the transparent index (byte 4) is used.
                if (code == GRAPHICS_EXT_FUNC_CODE && extension[0] >= 4 && (extension[1] & 1)) transparent = extension[4];
                if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR) { result = PD_GIF_DAMAGED; goto done; }
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR) { result = PD_GIF_DAMAGED; goto done; }
        GifImageDesc *frame = &gif->Image;
        ColorMapObject *map = frame->ColorMap ? frame->ColorMap : gif->SColorMap;
        if (!map || frame->Width <= 0 || frame->Height <= 0) { result = PD_GIF_DAMAGED; goto done; }
        if (frame->Left < 0 || frame->Top < 0 || (long)frame->Left + frame->Width > screen_w
            || (long)frame->Top + frame->Height > screen_h) { result = PD_GIF_FRAME_OUTSIDE; goto done; }
        output = (unsigned char *)calloc((size_t)screen_w * (size_t)screen_h, 4);
        line = (GifByteType *)malloc((size_t)frame->Width);
        if (!output || !line) { result = PD_GIF_NO_MEMORY; goto done; }
        // Interlaced frames send their rows in four passes.
        static const int start[4] = { 0, 4, 2, 1 }, step[4] = { 8, 8, 4, 2 };
        int passes = frame->Interlace ? 4 : 1;
        for (int pass = 0; pass < passes; pass++) {
            for (int y = frame->Interlace ? start[pass] : 0; y < frame->Height; y += frame->Interlace ? step[pass] : 1) {
                if (DGifGetLine(gif, line, frame->Width) == GIF_ERROR) { result = PD_GIF_DAMAGED; goto done; }
                unsigned char *target = output + (((size_t)(frame->Top + y)) * (size_t)screen_w + (size_t)frame->Left) * 4;
                for (int x = 0; x < frame->Width; x++) {
                    int index = line[x];
                    if (index == transparent || index >= map->ColorCount) continue;
                    GifColorType colour = map->Colors[index];
                    target[x * 4] = colour.Red;
                    target[x * 4 + 1] = colour.Green;
                    target[x * 4 + 2] = colour.Blue;
                    target[x * 4 + 3] = 255;
                }
            }
        }
        *pixels = output;
        output = NULL;
        *width = (int)screen_w;
        *height = (int)screen_h;
        result = PD_GIF_OK;
        goto done;
    }
done:
    free(output);
    free(line);
    DGifCloseFile(gif, &error);
    return result;
}

void pd_gif_free(unsigned char *pixels) { free(pixels); }
