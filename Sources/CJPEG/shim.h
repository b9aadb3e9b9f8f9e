// libjpeg (Debian libjpeg-dev, libjpeg-turbo) for QRScanner: a JPEG in memory to 8-bit
// grayscale pixels. libjpeg reports errors by calling error_exit, which by default ends the
// process; here it jumps back to the decoder (setjmp/longjmp cannot be written in Swift,
// hence C in this header), so a corrupt image is an error code, never an exit.
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>

struct vellum_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static inline void vellum_jpeg_error_exit(j_common_ptr info) {
    struct vellum_jpeg_error *error = (struct vellum_jpeg_error *)info->err;
    longjmp(error->jump, 1);
}

static inline void vellum_jpeg_silent(j_common_ptr info) { (void)info; }

/// Decodes `data` to 8-bit grayscale. Returns 0 and sets `*pixels` (free with free()),
/// `*width`, `*height`; 1 when it is not a readable JPEG; 2 when it has more than
/// `max_pixels` pixels; 3 when memory runs out.
static inline int vellum_jpeg_decode_gray(
    const unsigned char *data, unsigned long size, unsigned long max_pixels,
    unsigned char **pixels, unsigned int *width, unsigned int *height)
{
    struct jpeg_decompress_struct info;
    struct vellum_jpeg_error error;
    unsigned char *volatile buffer = NULL;
    volatile int result = 1;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = vellum_jpeg_error_exit;
    error.manager.output_message = vellum_jpeg_silent;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(buffer);
        return result;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) {
        jpeg_destroy_decompress(&info);
        return 1;
    }
    if (info.image_width == 0 || info.image_height == 0
        || (unsigned long long)info.image_width * info.image_height > max_pixels) {
        jpeg_destroy_decompress(&info);
        return 2;
    }
    info.out_color_space = JCS_GRAYSCALE;
    jpeg_start_decompress(&info);
    size_t stride = info.output_width;
    buffer = malloc(stride * info.output_height);
    if (buffer == NULL) {
        result = 3;
        jpeg_abort_decompress(&info);
        jpeg_destroy_decompress(&info);
        return 3;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + (size_t)info.output_scanline * stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    jpeg_destroy_decompress(&info);
    *pixels = buffer;
    return 0;
}
