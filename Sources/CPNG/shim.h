// The system's libpng (Debian's libpng-dev; Homebrew's libpng): decoding uploaded PNGs one row
// at a time, so a decompression bomb (a few KB that inflate to gigabytes) never holds more than
// one row of pixels (`PhotoCodec`).
//
// libpng reports a fatal error by jumping to the `setjmp` of the call that failed; Swift cannot
// `setjmp`, so every call that may fail is wrapped here, in a function whose frame holds the
// jump; each answers 1, or 0 with the library's message in `message`.
#ifndef CAMPUSMARKET_CPNG_SHIM_H
#define CAMPUSMARKET_CPNG_SHIM_H
#include <stddef.h>
#include <string.h>
#include <setjmp.h>
#include <png.h>

typedef struct {
    png_structp png;
    png_infop info;
    const unsigned char *bytes;
    size_t size;
    size_t offset;
    char message[200];
} cm_png_decoder;

static void cm_png_error(png_structp png, png_const_charp text) {
    cm_png_decoder *decoder = (cm_png_decoder *)png_get_error_ptr(png);
    strncpy(decoder->message, text ? text : "error", sizeof decoder->message - 1);
    decoder->message[sizeof decoder->message - 1] = 0;
    png_longjmp(png, 1);
}

static void cm_png_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void cm_png_read(png_structp png, png_bytep data, size_t length) {
    cm_png_decoder *decoder = (cm_png_decoder *)png_get_io_ptr(png);
    if (length > decoder->size - decoder->offset) png_error(png, "the file ends early");
    memcpy(data, decoder->bytes + decoder->offset, length);
    decoder->offset += length;
}

/// Reads the header of the PNG in `bytes` (which must outlive the decoder) and asks for 8-bit
/// RGB rows, transparency blended onto white. Larger than `max_side` on a side is an error before
/// any pixel is read; an ancillary chunk (a colour profile, text) may not claim more than
/// `max_chunk` bytes of memory.
static int cm_png_open(cm_png_decoder *decoder, const unsigned char *bytes, size_t size,
                       unsigned int max_side, size_t max_chunk) {
    decoder->bytes = bytes;
    decoder->size = size;
    decoder->offset = 0;
    decoder->message[0] = 0;
    decoder->info = NULL;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, cm_png_error, cm_png_warning);
    if (!decoder->png) return 0;
    if (setjmp(png_jmpbuf(decoder->png))) return 0;
    decoder->info = png_create_info_struct(decoder->png);
    if (!decoder->info) png_error(decoder->png, "out of memory");
    png_set_user_limits(decoder->png, max_side, max_side);
    png_set_chunk_malloc_max(decoder->png, max_chunk);
    png_set_chunk_cache_max(decoder->png, 64);
    png_set_read_fn(decoder->png, decoder, cm_png_read);
    png_read_info(decoder->png, decoder->info);
    png_set_strip_16(decoder->png);
    png_set_packing(decoder->png);
    png_set_palette_to_rgb(decoder->png);
    png_set_expand_gray_1_2_4_to_8(decoder->png);
    png_set_gray_to_rgb(decoder->png);
    if (png_get_valid(decoder->png, decoder->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(decoder->png);
    png_color_16 white = { 0, 255, 255, 255, 255 };
    png_set_background(decoder->png, &white, PNG_BACKGROUND_GAMMA_SCREEN, 0, 1.0);
    png_read_update_info(decoder->png, decoder->info);
    if (png_get_channels(decoder->png, decoder->info) != 3) png_error(decoder->png, "unexpected channel count");
    return 1;
}

static unsigned int cm_png_width(cm_png_decoder *decoder) { return png_get_image_width(decoder->png, decoder->info); }
static unsigned int cm_png_height(cm_png_decoder *decoder) { return png_get_image_height(decoder->png, decoder->info); }
static int cm_png_interlaced(cm_png_decoder *decoder) {
    return png_get_interlace_type(decoder->png, decoder->info) != PNG_INTERLACE_NONE;
}

/// The next row of `width` RGB pixels (a non-interlaced image's).
static int cm_png_read_row(cm_png_decoder *decoder, unsigned char *row) {
    if (setjmp(png_jmpbuf(decoder->png))) return 0;
    png_read_row(decoder->png, row, NULL);
    return 1;
}

static void cm_png_close(cm_png_decoder *decoder) {
    if (decoder->png) png_destroy_read_struct(&decoder->png, decoder->info ? &decoder->info : NULL, NULL);
    decoder->png = NULL;
    decoder->info = NULL;
}
#endif
