import CSecp256k1
import Foundation

/// The libsecp256k1 calls CryptoKeys needs, behind Swift value types.
///
/// One context, created with `SECP256K1_CONTEXT_NONE`, is shared: libsecp256k1 allows
/// concurrent use of a context for every call made here (none of them mutate it).
enum Secp256k1 {
    nonisolated(unsafe) private static let sharedContext: OpaquePointer? = secp256k1_context_create(
        UInt32(SECP256K1_CONTEXT_NONE))

    /// The shared context; only a failed allocation at start-up leaves it absent.
    static func context() throws(CryptoKeysError) -> OpaquePointer {
        guard let sharedContext else { throw .backend("secp256k1_context_create failed") }
        return sharedContext
    }

    /// A validated public key, kept as the 65-byte uncompressed SEC1 encoding.
    struct PublicKey: Sendable, Hashable {
        let uncompressed: Data

        init(sec1 bytes: Data) throws(CryptoKeysError) {
            // Hybrid encodings (0x06/0x07) are accepted by the library; SEC1 keys here may
            // only be compressed (0x02/0x03) or uncompressed (0x04).
            let prefix = bytes.first
            guard (bytes.count == 33 && (prefix == 0x02 || prefix == 0x03)) || (bytes.count == 65 && prefix == 0x04) else {
                throw .invalidKey(reason: "secp256k1 point has a bad length or SEC1 prefix")
            }
            let parsed = try Self.parse(bytes)
            uncompressed = try Secp256k1.serialize(parsed, compressed: false)
        }

        private static func parse(_ bytes: Data) throws(CryptoKeysError) -> secp256k1_pubkey {
            let context = try Secp256k1.context()
            var parsed = secp256k1_pubkey()
            let ok = Secp256k1.withPointer(bytes) { secp256k1_ec_pubkey_parse(context, &parsed, $0, bytes.count) }
            guard ok == 1 else { throw .invalidKey(reason: "secp256k1 point is not on the curve") }
            return parsed
        }

        func parse() throws(CryptoKeysError) -> secp256k1_pubkey {
            try Self.parse(uncompressed)
        }

        var compressed: Data {
            guard let parsed = try? parse(), let bytes = try? Secp256k1.serialize(parsed, compressed: true) else {
                return Data()
            }
            return bytes
        }

        /// Verifies a raw `r || s` signature over a 32-byte digest. High-S signatures are
        /// normalised first: RFC 8812 does not forbid them (see ``PublicKey/verify(_:for:algorithm:)``).
        func isValidSignature(_ signature: Data, digest: Data) -> Bool {
            guard signature.count == 64, digest.count == 32,
                  let context = try? Secp256k1.context(), var publicKey = try? parse() else { return false }
            var parsed = secp256k1_ecdsa_signature()
            let parseOK = Secp256k1.withPointer(signature) {
                secp256k1_ecdsa_signature_parse_compact(context, &parsed, $0)
            }
            guard parseOK == 1 else { return false }
            var normalized = secp256k1_ecdsa_signature()
            _ = secp256k1_ecdsa_signature_normalize(context, &normalized, &parsed)
            let result = Secp256k1.withPointer(digest) {
                secp256k1_ecdsa_verify(context, &normalized, $0, &publicKey)
            }
            return result == 1
        }
    }

    /// A validated secret scalar (32 bytes, 0 < d < n) and its public point.
    struct PrivateKey: Sendable {
        let scalar: Data
        let publicKey: PublicKey

        /// Generates a key from the system random number generator.
        init() {
            var generator = SystemRandomNumberGenerator()
            while true {
                let candidate = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
                if let key = try? PrivateKey(scalar: candidate) {
                    self = key
                    return
                }
            }
        }

        init(scalar bytes: Data) throws(CryptoKeysError) {
            let context = try Secp256k1.context()
            guard bytes.count == 32, Secp256k1.withPointer(bytes, { secp256k1_ec_seckey_verify(context, $0) }) == 1 else {
                throw .invalidKey(reason: "secp256k1 private key must be 32 bytes in [1, n-1]")
            }
            var parsed = secp256k1_pubkey()
            let ok = Secp256k1.withPointer(bytes) { secp256k1_ec_pubkey_create(context, &parsed, $0) }
            guard ok == 1 else { throw .invalidKey(reason: "secp256k1 private key out of range") }
            scalar = bytes
            publicKey = try PublicKey(sec1: Secp256k1.serialize(parsed, compressed: false))
        }

        /// Signs a 32-byte digest (RFC 6979 nonces); the result is low-S `r || s`.
        func signature(forDigest digest: Data) throws(CryptoKeysError) -> Data {
            guard digest.count == 32 else { throw .invalidParameter(reason: "secp256k1 digest must be 32 bytes") }
            let context = try Secp256k1.context()
            var signature = secp256k1_ecdsa_signature()
            let ok = Secp256k1.withPointer(digest) { digestPointer in
                Secp256k1.withPointer(scalar) { keyPointer in
                    secp256k1_ecdsa_sign(context, &signature, digestPointer, keyPointer, nil, nil)
                }
            }
            guard ok.flatMap({ $0 }) == 1 else { throw .backend("secp256k1_ecdsa_sign failed") }
            var output = [UInt8](repeating: 0, count: 64)
            _ = secp256k1_ecdsa_signature_serialize_compact(context, &output, &signature)
            return Data(output)
        }

        /// ECDH returning the raw x-coordinate of `d · Q` (what JOSE ECDH-ES and the other
        /// curves' ECDH produce), not libsecp256k1's default SHA-256 of the point.
        func sharedSecret(with peer: PublicKey) throws(CryptoKeysError) -> Data {
            let context = try Secp256k1.context()
            var point = try peer.parse()
            var output = [UInt8](repeating: 0, count: 32)
            let ok = Secp256k1.withPointer(scalar) { keyPointer in
                secp256k1_ecdh(
                    context, &output, &point, keyPointer,
                    { output, x, _, _ in
                        guard let output, let x else { return 0 }
                        output.update(from: x, count: 32)
                        return 1
                    }, nil)
            }
            guard ok == 1 else { throw .keyAgreementFailure(reason: "secp256k1_ecdh failed") }
            return Data(output)
        }
    }

    /// Runs `body` with a pointer to the bytes; `nil` (never a crash) for empty input.
    static func withPointer<Result>(_ bytes: Data, _ body: (UnsafePointer<UInt8>) -> Result) -> Result? {
        bytes.withUnsafeBytes { raw in raw.bindMemory(to: UInt8.self).baseAddress.map(body) }
    }

    static func serialize(_ key: secp256k1_pubkey, compressed: Bool) throws(CryptoKeysError) -> Data {
        let context = try Secp256k1.context()
        var key = key
        var output = [UInt8](repeating: 0, count: compressed ? 33 : 65)
        var length = output.count
        _ = secp256k1_ec_pubkey_serialize(
            context, &output, &length, &key,
            UInt32(compressed ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED))
        return Data(output.prefix(length))
    }
}
