import Crypto
import Foundation

/// AES Key Wrap (RFC 3394), JWE `A128KW`/`A192KW`/`A256KW` and the key-wrapping half of
/// `ECDH-ES+A*KW`.
public enum AESKeyWrapCipher {
    /// Wraps `key` (a multiple of 8 bytes, at least 16) under a 16, 24 or 32-byte `kek`.
    public static func wrap(_ key: Data, kek: Data) throws(CryptoKeysError) -> Data {
        try checkKEK(kek)
        guard key.count >= 16, key.count.isMultiple(of: 8) else {
            throw .invalidParameter(reason: "key to wrap must be a multiple of 8 bytes, at least 16")
        }
        do {
            return try AES.KeyWrap.wrap(SymmetricKey(data: key), using: SymmetricKey(data: kek))
        } catch {
            throw .backend("AES key wrap failed: \(error)")
        }
    }

    /// Unwraps and checks the RFC 3394 integrity value; throws
    /// ``CryptoKeysError/authenticationFailure`` for a wrong KEK or altered input.
    public static func unwrap(_ wrapped: Data, kek: Data) throws(CryptoKeysError) -> Data {
        try checkKEK(kek)
        guard wrapped.count >= 24, wrapped.count.isMultiple(of: 8), wrapped.count <= 4096 else {
            throw .authenticationFailure
        }
        do {
            let key = try AES.KeyWrap.unwrap(wrapped, using: SymmetricKey(data: kek))
            return key.withUnsafeBytes { Data($0) }
        } catch {
            throw .authenticationFailure
        }
    }

    private static func checkKEK(_ kek: Data) throws(CryptoKeysError) {
        guard [16, 24, 32].contains(kek.count) else {
            throw .invalidParameter(reason: "key-encryption key must be 16, 24 or 32 bytes")
        }
    }
}
