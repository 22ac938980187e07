/* Writes a 256x256 JPEG with a restart marker after every MCU row, then damages one
 * restart interval the way a bad copy or a buggy writer does: bytes lost inside it, so
 * libjpeg meets the next restart marker early ("premature end of data segment"),
 * leaves that stretch behind and decodes on. Usage: restartjpeg OUT.jpg */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e);
    jpeg_create_compress(&c);
    unsigned char *data = NULL;
    unsigned long size = 0;
    jpeg_mem_dest(&c, &data, &size);
    c.image_width = 256;
    c.image_height = 256;
    c.input_components = 3;
    c.in_color_space = JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 90, TRUE);
    c.restart_in_rows = 1;
    jpeg_start_compress(&c, TRUE);
    unsigned char row[256 * 3];
    while (c.next_scanline < c.image_height) {
        for (int x = 0; x < 256; x++) {
            row[x * 3] = (unsigned char)x;
            row[x * 3 + 1] = (unsigned char)c.next_scanline;
            row[x * 3 + 2] = (unsigned char)((x * 7 + c.next_scanline * 3) & 255);
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&c, rows, 1);
    }
    jpeg_finish_compress(&c);
    /* Drop the 24 bytes before the fifth restart marker. */
    unsigned long found = 0, at = 0;
    for (unsigned long i = 0; i + 1 < size; i++) {
        if (data[i] == 0xFF && data[i + 1] >= 0xD0 && data[i + 1] <= 0xD7 && ++found == 5) { at = i; break; }
    }
    if (at < 64) return 1;
    FILE *out = fopen(argv[1], "wb");
    if (!out) return 1;
    fwrite(data, 1, at - 24, out);
    fwrite(data + at, 1, size - at, out);
    fclose(out);
    free(data);
    return 0;
}
