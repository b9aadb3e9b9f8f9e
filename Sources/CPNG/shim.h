// libpng (Debian libpng-dev) through its simplified API, for QRScanner: a PNG in memory to
// 8-bit grayscale pixels, with the size checked before any pixel is decoded.
#include <png.h>
#include <stdlib.h>
#include <string.h>

/// Decodes `data` to 8-bit grayscale. Returns 0 and sets `*pixels` (free with free()),
/// `*width`, `*height`; 1 when it is not a readable PNG; 2 when it has more than
/// `max_pixels` pixels; 3 when memory runs out.
static inline int vellum_png_decode_gray(
    const unsigned char *data, size_t size, unsigned long max_pixels,
    unsigned char **pixels, unsigned int *width, unsigned int *height)
{
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        return 1;
    }
    if (image.width == 0 || image.height == 0
        || (unsigned long long)image.width * image.height > max_pixels) {
        png_image_free(&image);
        return 2;
    }
    image.format = PNG_FORMAT_GRAY;
    size_t stride = PNG_IMAGE_ROW_STRIDE(image);
    unsigned char *buffer = malloc(PNG_IMAGE_BUFFER_SIZE(image, stride));
    if (buffer == NULL) {
        png_image_free(&image);
        return 3;
    }
    // A white background for transparent pixels, as a QR code on a page is seen.
    png_color background = { 255, 255, 255 };
    if (!png_image_finish_read(&image, &background, buffer, (png_int_32)stride, NULL)) {
        free(buffer);
        png_image_free(&image);
        return 1;
    }
    *pixels = buffer;
    *width = image.width;
    *height = image.height;
    return 0;
}
