import Crypto
import Foundation

/// AES-GCM with a detached 128-bit tag (JWE `A128GCM`/`A192GCM`/`A256GCM`, COSE algorithms
/// 1–3, `A*GCMKW` key wrapping).
public enum AESGCMCipher {
    /// Encrypts `plaintext` under a 16, 24 or 32-byte `key` and a nonce of at least 12
    /// bytes (JOSE uses exactly 12), authenticating `additionalData` as well.
    ///
    /// Never reuse a nonce with the same key: GCM then leaks the authentication key.
    public static func seal(
        _ plaintext: Data, key: Data, nonce: Data, additionalData: Data = Data()
    ) throws(CryptoKeysError) -> AuthenticatedCiphertext {
        let (symmetricKey, gcmNonce) = try parameters(key: key, nonce: nonce)
        do {
            let box = try AES.GCM.seal(plaintext, using: symmetricKey, nonce: gcmNonce, authenticating: additionalData)
            // swift-crypto returns slices of one buffer; copy so callers can index from 0.
            return AuthenticatedCiphertext(ciphertext: Data(box.ciphertext), tag: Data(box.tag))
        } catch {
            throw .backend("AES-GCM seal failed: \(error)")
        }
    }

    /// Decrypts and checks the tag; throws ``CryptoKeysError/authenticationFailure`` when
    /// anything (ciphertext, tag, nonce, additional data, key) was altered.
    public static func open(
        _ sealed: AuthenticatedCiphertext, key: Data, nonce: Data, additionalData: Data = Data()
    ) throws(CryptoKeysError) -> Data {
        let (symmetricKey, gcmNonce) = try parameters(key: key, nonce: nonce)
        guard sealed.tag.count == 16 else { throw .invalidParameter(reason: "AES-GCM tag must be 16 bytes") }
        do {
            let box = try AES.GCM.SealedBox(nonce: gcmNonce, ciphertext: sealed.ciphertext, tag: sealed.tag)
            return try AES.GCM.open(box, using: symmetricKey, authenticating: additionalData)
        } catch {
            throw .authenticationFailure
        }
    }

    private static func parameters(key: Data, nonce: Data) throws(CryptoKeysError) -> (SymmetricKey, AES.GCM.Nonce) {
        guard [16, 24, 32].contains(key.count) else {
            throw .invalidParameter(reason: "AES key must be 16, 24 or 32 bytes")
        }
        guard nonce.count >= 12, nonce.count <= 1024, let gcmNonce = try? AES.GCM.Nonce(data: nonce) else {
            throw .invalidParameter(reason: "AES-GCM nonce must be 12 to 1024 bytes")
        }
        return (SymmetricKey(data: key), gcmNonce)
    }
}
