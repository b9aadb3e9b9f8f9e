// Umbrella header for zlib (Debian zlib1g-dev): raw DEFLATE (RFC 1951) for JWE `zip: DEF`.
#include <zlib.h>
