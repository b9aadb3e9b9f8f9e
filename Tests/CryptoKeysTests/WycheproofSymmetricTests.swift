import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

@Suite("Wycheproof symmetric primitives")
struct WycheproofSymmetricTests {
    struct AEADGroup: WycheproofGroup {
        var ivSize: Int
        var tagSize: Int
        var tests: [AEADCase]
    }

    struct AEADCase: WycheproofCase {
        var tcId: Int
        var comment: String
        var key: String
        var iv: String
        var aad: String
        var msg: String
        var ct: String
        var tag: String
        var result: WycheproofResult
    }

    /// AES-GCM. Nonces shorter than 96 bits are refused by ``AESGCMCipher`` (JOSE and COSE
    /// use exactly 96); in those groups every case, valid or not, must be refused, and the
    /// valid ones are counted as skipped rather than failures.
    @Test("AES-GCM", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func aesGCM() throws {
        try WycheproofFile<AEADGroup>.run("aes_gcm_test.json") { group, test in
            let key = try Data(vectorHex: test.key), iv = try Data(vectorHex: test.iv)
            let aad = try Data(vectorHex: test.aad), message = try Data(vectorHex: test.msg)
            let sealed = AuthenticatedCiphertext(ciphertext: try Data(vectorHex: test.ct), tag: try Data(vectorHex: test.tag))
            let opened = try? AESGCMCipher.open(sealed, key: key, nonce: iv, additionalData: aad)
            if group.ivSize < 96 {
                #expect(opened == nil, "tc\(test.tcId): short nonce must be refused")
                return nil
            }
            guard test.result == .valid else { return opened == message }
            let resealed = try AESGCMCipher.seal(message, key: key, nonce: iv, additionalData: aad)
            return opened == message && resealed == sealed
        }
    }

    struct MACGroup: WycheproofGroup {
        var tagSize: Int
        var tests: [MACCase]
    }

    struct MACCase: WycheproofCase {
        var tcId: Int
        var comment: String
        var key: String
        var msg: String
        var tag: String
        var result: WycheproofResult
    }

    /// HMAC-SHA-256, including the groups with truncated tags (checked with
    /// ``DigestAlgorithm/isValidAuthenticationCode(_:for:key:truncatedTo:)``).
    @Test("HMAC-SHA-256", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func hmac() throws {
        try WycheproofFile<MACGroup>.run("hmac_sha256_test.json") { group, test in
            let key = try Data(vectorHex: test.key), message = try Data(vectorHex: test.msg)
            let tag = try Data(vectorHex: test.tag)
            guard group.tagSize == 256 else {
                return DigestAlgorithm.sha256.isValidAuthenticationCode(tag, for: message, key: key, truncatedTo: group.tagSize / 8)
            }
            return DigestAlgorithm.sha256.isValidAuthenticationCode(tag, for: message, key: key)
        }
    }

    struct HKDFGroup: WycheproofGroup {
        var tests: [HKDFCase]
    }

    struct HKDFCase: WycheproofCase {
        var tcId: Int
        var comment: String
        var ikm: String
        var salt: String
        var info: String
        var size: Int
        var okm: String
        var result: WycheproofResult
    }

    /// HKDF-SHA-256; the invalid cases ask for more than 255 × 32 bytes.
    @Test("HKDF-SHA-256", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func hkdf() throws {
        try WycheproofFile<HKDFGroup>.run("hkdf_sha256_test.json") { _, test in
            let output = try? KeyDerivation.hkdf(
                inputKeyMaterial: Data(vectorHex: test.ikm), salt: Data(vectorHex: test.salt),
                info: Data(vectorHex: test.info), outputByteCount: test.size, digest: .sha256)
            return try output == Data(vectorHex: test.okm)
        }
    }
}
