// A bounded JPEG decoder on libjpeg-turbo's libjpeg API, for pictures users give us.
// libjpeg reports errors by longjmp, which Swift cannot catch, so the whole decode
// lives here in C. It bounds what a hostile file can cost:
//  - DCT scaling: decodes straight to the scale the caller picks (the smallest M/8
//    that still covers the stored size), so a 100-megapixel photo costs what its
//    thumbnail does;
//  - a scan limit (as djpeg -maxscans does): a progressive file with thousands of
//    scans is refused instead of keeping a core busy for minutes;
//  - a work limit on those scans: each one goes over every block of the components it
//    covers, so a few dozen scans over a big picture cost seconds; the blocks all scans
//    visit are counted, and more than `max_passes` times the picture's own blocks is
//    refused (the standard scan scripts take 5 or 6 passes);
//  - a time budget, checked by the progress monitor as the decode goes;
//  - a memory cap for libjpeg's own buffers (progressive coefficients);
//  - a file that ends before its picture does (libjpeg would fill grey) is refused.
// CMYK and YCCK (always Adobe's inverted form, as every reader takes it) are converted
// to RGB here.

#include "PictureDecoders.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jpeglib.h>
#include <jerror.h>

_Static_assert(JMSG_LENGTH_MAX <= PD_MESSAGE_LENGTH, "libjpeg's messages must fit the caller's buffer");

struct pd_jpeg_guard {
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf escape;
    int reason;
    int max_scans;
    /// The scan being read, the blocks its scans have visited so far, and the most they may.
    int counted_scan;
    double scan_blocks;
    double max_scan_blocks;
    double deadline;
    char message[JMSG_LENGTH_MAX];
};

static double pd_jpeg_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void pd_jpeg_error_exit(j_common_ptr info) {
    struct pd_jpeg_guard *guard = (struct pd_jpeg_guard *)info->err;
    if (guard->reason == PD_JPEG_OK) {
        int code = info->err->msg_code;
        guard->reason = (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE) ? PD_JPEG_NO_MEMORY : PD_JPEG_DAMAGED;
        (*info->err->format_message)(info, guard->message);
    }
    longjmp(guard->escape, 1);
}

/// True when libjpeg stopped a scan at a restart marker (RST0-RST7): a damaged
/// restart interval, which the decoder leaves behind and picks up at the marker, as
/// libjpeg-turbo's own tools and Pillow do; not a file that ends early.
static int pd_jpeg_at_restart_marker(j_common_ptr info) {
    if (!info->is_decompressor) return 0;
    int marker = ((j_decompress_ptr)info)->unread_marker;
    return marker >= JPEG_RST0 && marker <= JPEG_RST0 + 7;
}

static void pd_jpeg_emit_message(j_common_ptr info, int level) {
    // Level -1 is a warning: the ones that matter are picture data that ends too
    // early (the file, or a scan cut off by the next segment or the end), which
    // libjpeg would otherwise quietly fill with grey: the data cannot hold the
    // picture it claims.
    int code = info->err->msg_code;
    if (level < 0 && (code == JWRN_JPEG_EOF || (code == JWRN_HIT_MARKER && !pd_jpeg_at_restart_marker(info)))) {
        struct pd_jpeg_guard *guard = (struct pd_jpeg_guard *)info->err;
        guard->reason = PD_JPEG_ENDS_EARLY;
        longjmp(guard->escape, 1);
    }
}

static void pd_jpeg_progress(j_common_ptr info) {
    struct pd_jpeg_guard *guard = (struct pd_jpeg_guard *)info->err;
    if (info->is_decompressor) {
        j_decompress_ptr decompress = (j_decompress_ptr)info;
        if (decompress->input_scan_number > guard->max_scans) {
            guard->reason = PD_JPEG_TOO_MANY_SCANS;
            longjmp(guard->escape, 1);
        }
        // Called before each row of input: the first call in a scan counts its blocks.
        if (decompress->input_scan_number != guard->counted_scan && decompress->comps_in_scan > 0) {
            guard->counted_scan = decompress->input_scan_number;
            for (int index = 0; index < decompress->comps_in_scan && index < MAX_COMPS_IN_SCAN; index++) {
                jpeg_component_info *component = decompress->cur_comp_info[index];
                if (component) guard->scan_blocks += (double)component->width_in_blocks * (double)component->height_in_blocks;
            }
            if (guard->max_scan_blocks > 0 && guard->scan_blocks > guard->max_scan_blocks) {
                guard->reason = PD_JPEG_TOO_MUCH_WORK;
                longjmp(guard->escape, 1);
            }
        }
    }
    if (pd_jpeg_now() > guard->deadline) {
        guard->reason = PD_JPEG_TOO_SLOW;
        longjmp(guard->escape, 1);
    }
}

int pd_jpeg_dimensions(const unsigned char *data, unsigned long size, int *width, int *height) {
    struct jpeg_decompress_struct info;
    struct pd_jpeg_guard guard;
    memset(&guard, 0, sizeof guard);
    info.err = jpeg_std_error(&guard.errors);
    guard.errors.error_exit = pd_jpeg_error_exit;
    guard.errors.emit_message = pd_jpeg_emit_message;
    if (setjmp(guard.escape)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 1;
}

int pd_jpeg_decode(const unsigned char *data, unsigned long size, int scale_num, int scale_denom, int max_scans,
                     int max_passes, double seconds, long max_memory, unsigned char *into, size_t into_size,
                     void (*row_sink)(void *, const unsigned char *), void *sink_context, int *width,
                     int *height, char *message) {
    struct jpeg_decompress_struct info;
    struct pd_jpeg_guard guard;
    memset(&guard, 0, sizeof guard);
    // volatile: read after a longjmp.
    JSAMPLE *volatile row = NULL;
    unsigned char *volatile line = NULL;
    message[0] = 0;
    info.err = jpeg_std_error(&guard.errors);
    guard.errors.error_exit = pd_jpeg_error_exit;
    guard.errors.emit_message = pd_jpeg_emit_message;
    guard.max_scans = max_scans;
    guard.deadline = pd_jpeg_now() + seconds;
    if (setjmp(guard.escape)) {
        jpeg_destroy_decompress(&info);
        free(row);
        free(line);
        strncpy(message, guard.message, JMSG_LENGTH_MAX - 1);
        message[JMSG_LENGTH_MAX - 1] = 0;
        return guard.reason == PD_JPEG_OK ? PD_JPEG_DAMAGED : guard.reason;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = max_memory;
    guard.progress.progress_monitor = pd_jpeg_progress;
    info.progress = &guard.progress;
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    // A progressive file's scans may visit all of its blocks `max_passes` times.
    if (info.progressive_mode) {
        double blocks = 0;
        for (int index = 0; index < info.num_components; index++) {
            blocks += (double)info.comp_info[index].width_in_blocks * (double)info.comp_info[index].height_in_blocks;
        }
        guard.max_scan_blocks = blocks * max_passes;
    }

    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info.scale_num = (unsigned int)scale_num;
    info.scale_denom = (unsigned int)scale_denom;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);

    size_t out_width = info.output_width, out_height = info.output_height;
    unsigned char *output = into;
    if ((!output && !row_sink) || out_width * out_height * 4 != into_size) {
        snprintf(guard.message, sizeof guard.message, "it decodes to %zux%zu, not the size its header gave", out_width, out_height);
        guard.reason = PD_JPEG_DAMAGED;
        longjmp(guard.escape, 1);
    }
    if (cmyk) {
        row = (JSAMPLE *)malloc(out_width * 4);
        if (!row) { guard.reason = PD_JPEG_NO_MEMORY; longjmp(guard.escape, 1); }
    }
    if (row_sink) {
        line = (unsigned char *)malloc(out_width * 4);
        if (!line) { guard.reason = PD_JPEG_NO_MEMORY; longjmp(guard.escape, 1); }
    }
    while (info.output_scanline < info.output_height) {
        unsigned char *target = row_sink ? line : output + (size_t)info.output_scanline * out_width * 4;
        JSAMPROW rows[1] = { cmyk ? row : target };
        if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
        if (cmyk) {
            for (size_t x = 0; x < out_width; x++) {
                unsigned int c = row[x * 4], m = row[x * 4 + 1], y = row[x * 4 + 2], k = row[x * 4 + 3];
                // CMYK JPEGs are Adobe's inverted form (255 = no ink) with or without
                // Adobe's marker: writers that leave it out invert too, and Pillow,
                // ImageMagick and browsers all read them so (taken straight, a red without
                // the marker came out black). The channel's light is its value times the black's.
                target[x * 4] = (unsigned char)((c * k + 127) / 255);
                target[x * 4 + 1] = (unsigned char)((m * k + 127) / 255);
                target[x * 4 + 2] = (unsigned char)((y * k + 127) / 255);
                target[x * 4 + 3] = 255;
            }
        }
        // Between libjpeg's calls, never inside one: an error's longjmp cannot cross it.
        if (row_sink) row_sink(sink_context, target);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    free(line);
    *width = (int)out_width;
    *height = (int)out_height;
    return PD_JPEG_OK;
}
