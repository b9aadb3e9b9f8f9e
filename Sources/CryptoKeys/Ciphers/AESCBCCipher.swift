import Crypto
import CryptoExtras
import Foundation

/// AES-CBC with PKCS#7 padding or none. Unauthenticated: use it only inside a construction
/// that authenticates first, such as ``AESCBCHMACCipher``, or where a protocol fixes it
/// (Open DID's `ReqE2e` with `AES-128-CBC`/`AES-256-CBC`).
public enum AESCBCCipher {
    /// Encrypts with a 16, 24 or 32-byte key and a 16-byte IV.
    ///
    /// With ``BlockCipherPadding/pkcs7`` (the default) the output is padded to blocks; with
    /// ``BlockCipherPadding/none`` the plaintext must be a multiple of 16 bytes, otherwise
    /// ``CryptoKeysError/invalidParameter(reason:)`` is thrown.
    public static func encrypt(
        _ plaintext: Data, key: Data, iv: Data, padding: BlockCipherPadding = .pkcs7
    ) throws(CryptoKeysError) -> Data {
        let (symmetricKey, cbcIV) = try parameters(key: key, iv: iv)
        try padding.requireWholeBlocks(plaintext.count, of: "plaintext")
        if padding == .none, plaintext.isEmpty { return Data() }
        do {
            return try AES._CBC.encrypt(plaintext, using: symmetricKey, iv: cbcIV, noPadding: padding == .none)
        } catch {
            throw .backend("AES-CBC encryption failed: \(error)")
        }
    }

    /// Decrypts and, with ``BlockCipherPadding/pkcs7`` (the default), strips the padding;
    /// malformed padding, an empty input or a partial block throws
    /// ``CryptoKeysError/authenticationFailure``. With ``BlockCipherPadding/none`` the
    /// blocks are returned as they are, and a partial block throws
    /// ``CryptoKeysError/invalidParameter(reason:)``.
    public static func decrypt(
        _ ciphertext: Data, key: Data, iv: Data, padding: BlockCipherPadding = .pkcs7
    ) throws(CryptoKeysError) -> Data {
        let (symmetricKey, cbcIV) = try parameters(key: key, iv: iv)
        switch padding {
        case .pkcs7:
            guard !ciphertext.isEmpty, ciphertext.count.isMultiple(of: AESBlock.byteCount) else {
                throw .authenticationFailure
            }
        case .none:
            try padding.requireWholeBlocks(ciphertext.count, of: "ciphertext")
            if ciphertext.isEmpty { return Data() }
        }
        do {
            return try AES._CBC.decrypt(ciphertext, using: symmetricKey, iv: cbcIV, noPadding: padding == .none)
        } catch {
            throw .authenticationFailure
        }
    }

    private static func parameters(key: Data, iv: Data) throws(CryptoKeysError) -> (SymmetricKey, AES._CBC.IV) {
        try AESBlock.requireKey(key)
        guard iv.count == AESBlock.byteCount, let cbcIV = try? AES._CBC.IV(ivBytes: iv) else {
            throw .invalidParameter(reason: "AES-CBC IV must be 16 bytes")
        }
        return (SymmetricKey(data: key), cbcIV)
    }
}
