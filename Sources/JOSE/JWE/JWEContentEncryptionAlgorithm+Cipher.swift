import CryptoKeys
import Foundation

extension JWEContentEncryptionAlgorithm {
    /// Encrypts `plaintext` under the content key, authenticating `additionalData`.
    func seal(_ plaintext: Data, key: Data, iv: Data, additionalData: Data) throws(JOSEError) -> AuthenticatedCiphertext {
        guard key.count == keyByteCount else { throw .malformed("\(rawValue) needs a \(keyByteCount)-byte key") }
        do {
            if isGCM {
                return try AESGCMCipher.seal(plaintext, key: key, nonce: iv, additionalData: additionalData)
            }
            return try AESCBCHMACCipher.seal(plaintext, key: key, iv: iv, additionalData: additionalData)
        } catch {
            throw .crypto(error)
        }
    }

    /// Checks the tag and decrypts; any alteration, wrong key or wrong-length IV or tag is
    /// ``JOSEError/decryptionFailed``, so failures do not tell an attacker which part was wrong.
    func open(_ sealed: AuthenticatedCiphertext, key: Data, iv: Data, additionalData: Data) throws(JOSEError) -> Data {
        guard key.count == keyByteCount, iv.count == ivByteCount, sealed.tag.count == tagByteCount else {
            throw .decryptionFailed
        }
        do {
            if isGCM {
                return try AESGCMCipher.open(sealed, key: key, nonce: iv, additionalData: additionalData)
            }
            return try AESCBCHMACCipher.open(sealed, key: key, iv: iv, additionalData: additionalData)
        } catch {
            throw .decryptionFailed
        }
    }
}
