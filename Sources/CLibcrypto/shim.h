// Umbrella header for the parts of OpenSSL 3's libcrypto (Debian libssl-dev) Vellum uses:
// prime-field elliptic-curve point arithmetic and big numbers, for ECDSA public-key
// recovery on P-256 (swift-crypto offers no point operations). swift-crypto's BoringSSL
// copy prefixes its symbols (CCryptoBoringSSL_*), so both libraries link side by side.
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>
