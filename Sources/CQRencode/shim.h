// Umbrella header for libqrencode (Debian libqrencode-dev): QR code symbols for the sandbox's
// offer page and the CLI's terminal QR code.
#include <qrencode.h>
