// The system's libjpeg-turbo (Debian's libjpeg62-turbo-dev; Homebrew's jpeg-turbo): decoding
// uploaded JPEGs at a reduced scale and encoding the sizes a screen needs (`PhotoCodec`).
//
// libjpeg reports a fatal error by calling `error_exit`, which must not return: it jumps back to
// the `setjmp` of the call that failed. Swift cannot `setjmp`, so every call that may fail is
// wrapped here, in a function whose frame holds the jump; each answers 1, or 0 with the
// library's message in `error.message`. Warnings (a corrupt byte the decoder can step over) are
// counted, not printed.
#ifndef CAMPUSMARKET_CJPEG_SHIM_H
#define CAMPUSMARKET_CJPEG_SHIM_H
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int warnings;
    char message[JMSG_LENGTH_MAX];
} cm_jpeg_error;

static void cm_jpeg_error_exit(j_common_ptr info) {
    cm_jpeg_error *error = (cm_jpeg_error *)info->err;
    info->err->format_message(info, error->message);
    longjmp(error->jump, 1);
}

static void cm_jpeg_emit_message(j_common_ptr info, int level) {
    if (level < 0) ((cm_jpeg_error *)info->err)->warnings += 1;
}

static void cm_jpeg_errors(cm_jpeg_error *error) {
    jpeg_std_error(&error->manager);
    error->manager.error_exit = cm_jpeg_error_exit;
    error->manager.emit_message = cm_jpeg_emit_message;
    error->warnings = 0;
    error->message[0] = 0;
}

typedef struct {
    struct jpeg_decompress_struct info;
    cm_jpeg_error error;
    int created;
} cm_jpeg_decoder;

/// Reads the header of the JPEG in `bytes` (which must outlive the decoder).
static int cm_jpeg_open(cm_jpeg_decoder *decoder, const unsigned char *bytes, unsigned long size) {
    decoder->info.err = &decoder->error.manager;
    cm_jpeg_errors(&decoder->error);
    if (setjmp(decoder->error.jump)) return 0;
    jpeg_create_decompress(&decoder->info);
    decoder->created = 1;
    jpeg_mem_src(&decoder->info, bytes, size);
    jpeg_read_header(&decoder->info, TRUE);
    return 1;
}

/// Starts decoding to RGB at `scale_num`/8 of the full size (libjpeg-turbo's scaled IDCT: a
/// quarter-size decode does a sixteenth of the work and holds a sixteenth of the pixels).
static int cm_jpeg_start(cm_jpeg_decoder *decoder, unsigned int scale_num) {
    if (setjmp(decoder->error.jump)) return 0;
    decoder->info.scale_num = scale_num;
    decoder->info.scale_denom = 8;
    decoder->info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&decoder->info);
    return 1;
}

/// The next row of `output_width` RGB pixels.
static int cm_jpeg_read_row(cm_jpeg_decoder *decoder, unsigned char *row) {
    if (setjmp(decoder->error.jump)) return 0;
    JSAMPROW rows[1] = { row };
    while (jpeg_read_scanlines(&decoder->info, rows, 1) != 1) {
        // A suspending source never happens with a memory source; guard against a loop anyway.
        if (decoder->info.output_scanline >= decoder->info.output_height) return 0;
    }
    return 1;
}

static void cm_jpeg_close(cm_jpeg_decoder *decoder) {
    if (decoder->created) jpeg_destroy_decompress(&decoder->info);
    decoder->created = 0;
}

/// Encodes `height` rows of `width` RGB pixels as a progressive JPEG with optimised Huffman
/// tables; `*output` is allocated with malloc (the caller frees it). 1, or 0 with `message` set.
static int cm_jpeg_encode(const unsigned char *rgb, unsigned int width, unsigned int height, int quality,
                          unsigned char **output, unsigned long *size, char *message) {
    struct jpeg_compress_struct info;
    cm_jpeg_error error;
    info.err = &error.manager;
    cm_jpeg_errors(&error);
    *output = NULL;
    *size = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        if (*output) { free(*output); *output = NULL; }
        for (int i = 0; i < JMSG_LENGTH_MAX; i++) { message[i] = error.message[i]; if (!error.message[i]) break; }
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, output, size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_simple_progression(&info);
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = { (JSAMPROW)(rgb + (size_t)info.next_scanline * width * 3) };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 1;
}
#endif
