// Umbrella header for libzbar (Debian libzbar-dev): finding and decoding QR codes in the
// grayscale pixels QRScanner hands it.
#include <zbar.h>
