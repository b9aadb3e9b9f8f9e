// libsodium (Debian libsodium-dev) for Swift: DIDComm v1 envelopes (Aries RFC 0019) are made of
// libsodium's own constructions — crypto_box (X25519 + XSalsa20-Poly1305) for the content key,
// crypto_box_seal for anonymous senders, ChaCha20-Poly1305 IETF for the payload — and the
// Ed25519 → X25519 key conversion. Nothing is wrapped here: Swift calls the documented names.
#ifndef VELLUM_CSODIUM_SHIM_H
#define VELLUM_CSODIUM_SHIM_H

#include <sodium.h>

#endif
