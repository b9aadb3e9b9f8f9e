import Crypto
import Foundation

/// Key derivation from a shared secret: HKDF (RFC 5869) for COSE, HPKE-style and mdoc
/// session keys; the Concat KDF (NIST SP 800-56A §5.8.1) for JWE ECDH-ES.
public enum KeyDerivation {
    /// HKDF-Extract then Expand. `outputByteCount` must be 1 … 255 × the hash length.
    public static func hkdf(
        inputKeyMaterial: Data, salt: Data = Data(), info: Data = Data(), outputByteCount: Int,
        digest: DigestAlgorithm = .sha256
    ) throws(CryptoKeysError) -> Data {
        guard outputByteCount >= 1, outputByteCount <= 255 * digest.byteCount else {
            throw .invalidParameter(reason: "HKDF output must be 1 to \(255 * digest.byteCount) bytes")
        }
        let key = SymmetricKey(data: inputKeyMaterial)
        let output: SymmetricKey
        switch digest {
        case .sha256: output = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, salt: salt, info: info, outputByteCount: outputByteCount)
        case .sha384: output = HKDF<SHA384>.deriveKey(inputKeyMaterial: key, salt: salt, info: info, outputByteCount: outputByteCount)
        case .sha512: output = HKDF<SHA512>.deriveKey(inputKeyMaterial: key, salt: salt, info: info, outputByteCount: outputByteCount)
        }
        return output.withUnsafeBytes { Data($0) }
    }

    /// The single-step Concat KDF: `H(counter ‖ Z ‖ OtherInfo)` for counter = 1, 2, …,
    /// concatenated and truncated to `outputByteCount` (at most 1024 bytes).
    public static func concatKDF(
        sharedSecret: Data, otherInfo: Data, outputByteCount: Int, digest: DigestAlgorithm = .sha256
    ) throws(CryptoKeysError) -> Data {
        guard outputByteCount >= 1, outputByteCount <= 1024 else {
            throw .invalidParameter(reason: "Concat KDF output must be 1 to 1024 bytes")
        }
        var output = Data()
        var counter: UInt32 = 1
        while output.count < outputByteCount {
            output += digest.hash(bigEndian(counter) + sharedSecret + otherInfo)
            counter += 1
        }
        return Data(output.prefix(outputByteCount))
    }

    /// The Concat KDF with JWE's OtherInfo (RFC 7518 §4.6.2): `AlgorithmID`, `PartyUInfo`
    /// and `PartyVInfo` each length-prefixed, then `SuppPubInfo` = key length in bits.
    ///
    /// - Parameters:
    ///   - algorithm: the `enc` value in Direct Key Agreement mode, the `alg` value when the
    ///     derived key wraps a content key.
    ///   - partyUInfo: the decoded `apu` header (empty if absent).
    ///   - partyVInfo: the decoded `apv` header (empty if absent).
    ///   - keyByteCount: the length of the key to derive.
    public static func joseConcatKDF(
        sharedSecret: Data, algorithm: String, partyUInfo: Data = Data(), partyVInfo: Data = Data(),
        keyByteCount: Int
    ) throws(CryptoKeysError) -> Data {
        guard keyByteCount >= 1, keyByteCount <= 1024 else {
            throw .invalidParameter(reason: "key length must be 1 to 1024 bytes")
        }
        let algorithmID = Data(algorithm.utf8)
        var otherInfo = Data()
        for field in [algorithmID, partyUInfo, partyVInfo] {
            otherInfo += bigEndian(UInt32(clamping: field.count)) + field
        }
        otherInfo += bigEndian(UInt32(keyByteCount * 8))
        return try concatKDF(sharedSecret: sharedSecret, otherInfo: otherInfo, outputByteCount: keyByteCount)
    }

    private static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)])
    }
}
