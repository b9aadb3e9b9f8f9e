import Crypto
import CryptoExtras
import Foundation

/// AES-CBC with PKCS#7 padding. Unauthenticated: use it only inside a construction that
/// authenticates first, such as ``AESCBCHMACCipher``.
public enum AESCBCCipher {
    /// Encrypts with a 16, 24 or 32-byte key and a 16-byte IV; output is padded to blocks.
    public static func encrypt(_ plaintext: Data, key: Data, iv: Data) throws(CryptoKeysError) -> Data {
        let (symmetricKey, cbcIV) = try parameters(key: key, iv: iv)
        do {
            return try AES._CBC.encrypt(plaintext, using: symmetricKey, iv: cbcIV)
        } catch {
            throw .backend("AES-CBC encryption failed: \(error)")
        }
    }

    /// Decrypts and strips PKCS#7 padding; malformed padding or a partial block throws
    /// ``CryptoKeysError/authenticationFailure``.
    public static func decrypt(_ ciphertext: Data, key: Data, iv: Data) throws(CryptoKeysError) -> Data {
        let (symmetricKey, cbcIV) = try parameters(key: key, iv: iv)
        guard !ciphertext.isEmpty, ciphertext.count.isMultiple(of: 16) else { throw .authenticationFailure }
        do {
            return try AES._CBC.decrypt(ciphertext, using: symmetricKey, iv: cbcIV)
        } catch {
            throw .authenticationFailure
        }
    }

    private static func parameters(key: Data, iv: Data) throws(CryptoKeysError) -> (SymmetricKey, AES._CBC.IV) {
        guard [16, 24, 32].contains(key.count) else {
            throw .invalidParameter(reason: "AES key must be 16, 24 or 32 bytes")
        }
        guard iv.count == 16, let cbcIV = try? AES._CBC.IV(ivBytes: iv) else {
            throw .invalidParameter(reason: "AES-CBC IV must be 16 bytes")
        }
        return (SymmetricKey(data: key), cbcIV)
    }
}
