import Crypto
import CryptoExtras
import Foundation

/// AES-ECB: each 16-byte block encrypted on its own under the key, with PKCS#7 padding or
/// none.
///
/// ECB leaks which plaintext blocks are equal and authenticates nothing. It is here only
/// because Open DID's `ReqE2e` lists `AES-128-ECB` and `AES-256-ECB` among its ciphers, and
/// a holder must be able to talk to a verifier that picks one; never choose it otherwise.
///
/// Built on swift-crypto's `AES.permute` / `AES.inversePermute` (the raw block function
/// `_CryptoExtras` exposes for QUIC header protection) applied block by block, so it uses
/// the same AES as every other mode here and needs nothing from libcrypto. Padding is
/// added and checked here; a bad pad on decryption is ``CryptoKeysError/authenticationFailure``,
/// like ``AESCBCCipher``.
public enum AESECBCipher {
    /// The most input either direction takes (16 MiB); `ReqE2e` payloads are far smaller.
    public static let maximumInputByteCount = 16 * 1024 * 1024

    /// Encrypts with a 16, 24 or 32-byte key. With ``BlockCipherPadding/none`` the plaintext
    /// must be a multiple of 16 bytes, otherwise ``CryptoKeysError/invalidParameter(reason:)``.
    public static func encrypt(
        _ plaintext: Data, key: Data, padding: BlockCipherPadding = .pkcs7
    ) throws(CryptoKeysError) -> Data {
        try AESBlock.requireKey(key)
        try requireSize(plaintext.count)
        try padding.requireWholeBlocks(plaintext.count, of: "plaintext")
        var blocks = Array(plaintext)
        if padding == .pkcs7 {
            let padLength = AESBlock.byteCount - blocks.count % AESBlock.byteCount
            blocks.append(contentsOf: repeatElement(UInt8(padLength), count: padLength))
        }
        try permuteBlocks(&blocks, key: SymmetricKey(data: key), inverse: false)
        return Data(blocks)
    }

    /// Decrypts with a 16, 24 or 32-byte key and, with ``BlockCipherPadding/pkcs7``, checks
    /// and strips the padding (an empty input, a partial block or a bad pad throws
    /// ``CryptoKeysError/authenticationFailure``). With ``BlockCipherPadding/none`` a partial
    /// block throws ``CryptoKeysError/invalidParameter(reason:)``.
    public static func decrypt(
        _ ciphertext: Data, key: Data, padding: BlockCipherPadding = .pkcs7
    ) throws(CryptoKeysError) -> Data {
        try AESBlock.requireKey(key)
        try requireSize(ciphertext.count)
        switch padding {
        case .pkcs7:
            guard !ciphertext.isEmpty, ciphertext.count.isMultiple(of: AESBlock.byteCount) else {
                throw .authenticationFailure
            }
        case .none:
            try padding.requireWholeBlocks(ciphertext.count, of: "ciphertext")
        }
        var blocks = Array(ciphertext)
        try permuteBlocks(&blocks, key: SymmetricKey(data: key), inverse: true)
        guard padding == .pkcs7 else { return Data(blocks) }
        return Data(try stripPKCS7(blocks))
    }

    private static func requireSize(_ count: Int) throws(CryptoKeysError) {
        guard count <= maximumInputByteCount else {
            throw .invalidParameter(reason: "AES-ECB input is limited to \(maximumInputByteCount) bytes")
        }
    }

    private static func permuteBlocks(_ bytes: inout [UInt8], key: SymmetricKey, inverse: Bool) throws(CryptoKeysError) {
        var start = 0
        while start < bytes.count {
            let range = start..<(start + AESBlock.byteCount)
            do {
                if inverse {
                    try AES.inversePermute(&bytes[range], key: key)
                } else {
                    try AES.permute(&bytes[range], key: key)
                }
            } catch {
                throw .backend("AES block function failed: \(error)")
            }
            start += AESBlock.byteCount
        }
    }

    /// Removes PKCS#7 padding, checking every pad byte without an early exit.
    private static func stripPKCS7(_ bytes: [UInt8]) throws(CryptoKeysError) -> ArraySlice<UInt8> {
        guard let last = bytes.last else { throw .authenticationFailure }
        let padLength = Int(last)
        guard (1...AESBlock.byteCount).contains(padLength), padLength <= bytes.count else {
            throw .authenticationFailure
        }
        var difference: UInt8 = 0
        for byte in bytes.suffix(padLength) { difference |= byte ^ last }
        guard difference == 0 else { throw .authenticationFailure }
        return bytes.dropLast(padLength)
    }
}
