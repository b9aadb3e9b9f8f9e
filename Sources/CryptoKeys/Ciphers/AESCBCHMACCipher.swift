import Foundation

/// The JWE composite content encryption `A128CBC-HS256`, `A192CBC-HS384` and
/// `A256CBC-HS512` (RFC 7518 §5.2): AES-CBC then HMAC over `AAD || IV || ciphertext || AL`,
/// tag truncated to half the HMAC.
///
/// The key is `MAC_KEY || ENC_KEY` (32, 48 or 64 bytes) and picks the variant. Opening
/// checks the tag in constant time before decrypting, so padding errors are never
/// observable.
public enum AESCBCHMACCipher {
    /// Encrypts and tags; `iv` must be 16 fresh random bytes.
    public static func seal(
        _ plaintext: Data, key: Data, iv: Data, additionalData: Data
    ) throws(CryptoKeysError) -> AuthenticatedCiphertext {
        let (macKey, encryptionKey, digest) = try split(key)
        let ciphertext = try AESCBCCipher.encrypt(plaintext, key: encryptionKey, iv: iv)
        let input = macInput(additionalData: additionalData, iv: iv, ciphertext: ciphertext)
        let tag = digest.authenticationCode(for: input, key: macKey).prefix(macKey.count)
        return AuthenticatedCiphertext(ciphertext: ciphertext, tag: Data(tag))
    }

    /// Checks the tag, then decrypts; any alteration throws
    /// ``CryptoKeysError/authenticationFailure``.
    public static func open(
        _ sealed: AuthenticatedCiphertext, key: Data, iv: Data, additionalData: Data
    ) throws(CryptoKeysError) -> Data {
        let (macKey, encryptionKey, digest) = try split(key)
        guard iv.count == 16 else { throw .invalidParameter(reason: "AES-CBC IV must be 16 bytes") }
        let input = macInput(additionalData: additionalData, iv: iv, ciphertext: sealed.ciphertext)
        guard digest.isValidAuthenticationCode(sealed.tag, for: input, key: macKey, truncatedTo: macKey.count) else {
            throw .authenticationFailure
        }
        return try AESCBCCipher.decrypt(sealed.ciphertext, key: encryptionKey, iv: iv)
    }

    private static func split(_ key: Data) throws(CryptoKeysError) -> (Data, Data, DigestAlgorithm) {
        let digest: DigestAlgorithm
        switch key.count {
        case 32: digest = .sha256
        case 48: digest = .sha384
        case 64: digest = .sha512
        default: throw .invalidParameter(reason: "AES-CBC-HMAC key must be 32, 48 or 64 bytes")
        }
        let half = key.count / 2
        return (Data(key.prefix(half)), Data(key.suffix(half)), digest)
    }

    /// `AAD || IV || ciphertext || AL`, where AL is the AAD length in bits as a 64-bit
    /// big-endian number; the tag is its HMAC truncated to the MAC key's length.
    private static func macInput(additionalData: Data, iv: Data, ciphertext: Data) -> Data {
        let bitLength = UInt64(additionalData.count) &* 8
        let al = Data((0..<8).reversed().map { UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64($0))) })
        return additionalData + iv + ciphertext + al
    }
}
