// Umbrella header for the parts of OpenSSL 3's libcrypto (Debian libssl-dev) Vellum uses:
// prime-field elliptic-curve point arithmetic and big numbers, for ECDSA public-key
// recovery on P-256 (swift-crypto offers no point operations). swift-crypto's BoringSSL
// copy prefixes its symbols (CCryptoBoringSSL_*), so both libraries link side by side.
//
// Signing with a nonce whose point we know (so the recovery id comes for free) goes through
// ECDSA_do_sign_ex and an EC_KEY (its nonces from RAND_priv_bytes), which OpenSSL 3 marks
// deprecated but still ships; the define below keeps those declarations free of
// deprecation attributes. Short inputs are hashed with the low-level SHA-2 functions
// (SHA256_Init/Update/Final) and a context on the stack, which allocate nothing.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/crypto.h>
