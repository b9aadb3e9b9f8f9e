import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// Wycheproof signature verification vectors. Every `valid` signature must verify and every
/// `invalid` one must be rejected; these files have no `acceptable` cases except the RSA
/// PKCS#1 one noted below.
@Suite("Wycheproof signatures")
struct WycheproofSignatureTests {
    struct ECDSAGroup: WycheproofGroup {
        struct Key: Decodable { var uncompressed: String }
        var publicKey: Key
        var publicKeyDer: String
        var sha: String
        var tests: [Case]
    }

    struct Case: WycheproofCase {
        var tcId: Int
        var comment: String
        var msg: String
        var sig: String
        var result: WycheproofResult
    }

    static let ecdsaFiles: [(String, KeyCurve, SignatureAlgorithm, Bool)] = [
        ("ecdsa_secp256r1_sha256_test.json", .p256, .es256, true),
        ("ecdsa_secp256r1_sha256_p1363_test.json", .p256, .es256, false),
        ("ecdsa_secp384r1_sha384_test.json", .p384, .es384, true),
        ("ecdsa_secp384r1_sha384_p1363_test.json", .p384, .es384, false),
        ("ecdsa_secp521r1_sha512_test.json", .p521, .es512, true),
        ("ecdsa_secp521r1_sha512_p1363_test.json", .p521, .es512, false),
        ("ecdsa_secp256k1_sha256_test.json", .secp256k1, .es256k, true),
        ("ecdsa_secp256k1_sha256_p1363_test.json", .secp256k1, .es256k, false),
    ]

    /// DER files go through ``ECDSASignature`` (strict DER) then raw verification; P1363
    /// files are verified raw, as JOSE and COSE carry them. secp256k1 high-S signatures are
    /// `valid` in Wycheproof and accepted here (see the ES256K policy).
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: 0..<8)
    func ecdsa(index: Int) throws {
        let (name, curve, algorithm, isDER) = Self.ecdsaFiles[index]
        try WycheproofFile<ECDSAGroup>.run(name) { group in
            let key = try PublicKey(sec1Representation: Data(vectorHex: group.publicKey.uncompressed), curve: curve)
            #expect(try PublicKey(derRepresentation: Data(vectorHex: group.publicKeyDer)) == key)
            return key
        } accepts: { key, test in
            let message = try Data(vectorHex: test.msg)
            let signature = try Data(vectorHex: test.sig)
            guard isDER else { return try key.verify(signature, for: message, algorithm: algorithm) }
            guard let parsed = try? ECDSASignature(derRepresentation: signature, curve: curve),
                  parsed.derRepresentation == signature
            else { return false }
            return try key.verify(parsed.rawRepresentation, for: message, algorithm: algorithm)
        }
    }

    struct EdDSAGroup: WycheproofGroup {
        struct Key: Decodable { var pk: String }
        var publicKey: Key
        var publicKeyDer: String
        var publicKeyJwk: JWK
        var tests: [Case]
    }

    @Test("Ed25519 (RFC 8032)", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func ed25519() throws {
        try WycheproofFile<EdDSAGroup>.run("ed25519_test.json") { group in
            let key = try PublicKey(rawRepresentation: Data(vectorHex: group.publicKey.pk), curve: .ed25519)
            #expect(try PublicKey(derRepresentation: Data(vectorHex: group.publicKeyDer)) == key)
            #expect(try group.publicKeyJwk.publicKey() == key)
            return key
        } accepts: { key, test in
            try key.verify(Data(vectorHex: test.sig), for: Data(vectorHex: test.msg), algorithm: .edDSA)
        }
    }

    struct RSAGroup: WycheproofGroup {
        struct Key: Decodable { var modulus: String; var publicExponent: String }
        var publicKey: Key
        var publicKeyDer: String
        var sha: String
        var mgfSha: String?
        var sLen: Int?
        var tests: [Case]
    }

    /// RSA PKCS#1 v1.5 (RS256) and PSS (PS256, MGF1-SHA-256, 32-byte salt). The one
    /// `acceptable` PKCS#1 case (DigestInfo without the NULL parameter) is rejected:
    /// BoringSSL only accepts the canonical encoding, which is what JOSE signers produce.
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: [
        ("rsa_signature_2048_sha256_test.json", SignatureAlgorithm.rs256),
        ("rsa_pss_2048_sha256_mgf1_32_test.json", SignatureAlgorithm.ps256),
    ])
    func rsa(name: String, algorithm: SignatureAlgorithm) throws {
        try WycheproofFile<RSAGroup>.run(name) { group -> PublicKey? in
            guard group.sha == "SHA-256", group.mgfSha.map({ $0 == "SHA-256" }) ?? true, group.sLen.map({ $0 == 32 }) ?? true else {
                return nil
            }
            let modulus = try Data(vectorHex: group.publicKey.modulus).drop(while: { $0 == 0 })
            let key = try PublicKey(rsaModulus: Data(modulus), exponent: Data(vectorHex: group.publicKey.publicExponent))
            #expect(try PublicKey(derRepresentation: Data(vectorHex: group.publicKeyDer)) == key)
            return key
        } accepts: { key, test in
            try key.verify(Data(vectorHex: test.sig), for: Data(vectorHex: test.msg), algorithm: algorithm)
        }
    }
}
