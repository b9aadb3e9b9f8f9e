import CryptoKeys
import Foundation
import JSONModel
import Testing
import VellumTestSupport

@testable import JOSE

/// RFC 7520 (the JOSE cookbook), its RFC 7797 and RFC 8037 companions, read from
/// ../shared/vectors/jose/ietf-jose-cookbook at run time.
@Suite("RFC 7520 cookbook vectors")
struct CookbookVectorTests {
    static let folder = "jose/ietf-jose-cookbook"

    static func load(_ path: String) throws -> JSONObject {
        let value = try JSONValue(parsing: Vectors.data("\(folder)/\(path)"))
        return try #require(value.objectValue)
    }

    static func keys(_ input: JSONObject) throws -> [JWK] {
        let value = try #require(input["key"])
        let list = value.arrayValue ?? [value]
        return try list.map { try JWK(jsonData: $0.serialized()) }
    }

    static let signatureFiles = [
        "jws/4_1.rsa_v15_signature.json", "jws/4_2.rsa-pss_signature.json", "jws/4_3.ecdsa_signature.json",
        "jws/4_4.hmac-sha2_integrity_protection.json", "jws/4_5.signature_with_detached_content.json",
        "jws/4_6.protecting_specific_header_fields.json", "jws/4_7.protecting_content_only.json",
        "jws/4_8.multiple_signatures.json", "rfc7797/hmac-sha2_b64_false.json",
        "rfc7797/4.2.hmac-sha2_b64_false.json", "curve25519/jws.json",
    ]

    @Test("every signature example verifies in every serialization", .enabled(if: Vectors.isAvailable, Vectors.skipMessage),
          arguments: signatureFiles)
    func signatures(file: String) throws {
        let vector = try Self.load(file)
        let input = try #require(vector["input"]?.objectValue)
        let output = try #require(vector["output"]?.objectValue)
        let payload = Data(try #require(input["payload"]?.stringValue).utf8)
        // The "JSON only" RFC 7797 example's protected header omits crit (its "protected"
        // object lists it, its protected_b64u does not), so it needs the relaxed b64 rule.
        let relaxed = file.hasPrefix("rfc7797/4.2")
        let policy = JWSPolicy(allowedAlgorithms: Set(JWSAlgorithm.allCases), requiresCriticalB64: !relaxed)
        var checked = 0
        for jwk in try Self.keys(input) {
            let key = try JWSVerificationKey(jwk: jwk)
            for (form, value) in output {
                let object: JWSObject
                if case .string(let compact) = value {
                    object = try JWSObject(compact: compact)
                } else {
                    object = try JWSObject(json: value.serialized())
                }
                let detached: Data? = object.encodedPayload == nil ? payload : nil
                let verified = try object.verify(key: key, detachedPayload: detached, policy: policy)
                #expect(verified.payload == payload, "\(file) \(form)")
                checked += 1
            }
        }
        #expect(checked >= 1)
        if relaxed {
            let json = try #require(output["json"])
            #expect(throws: JOSEError.unsupportedCritical("b64 is used but not listed in crit")) {
                try JWSObject(json: json.serialized()).verify(
                    key: JWSVerificationKey(jwk: Self.keys(input)[0]),
                    policy: JWSPolicy(allowedAlgorithms: Set(JWSAlgorithm.allCases)))
            }
        }
    }

    @Test("the RFC 8037 Ed25519 example is reproduced byte for byte", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func ed25519KnownAnswer() async throws {
        let vector = try Self.load("curve25519/jws.json")
        let input = try #require(vector["input"]?.objectValue)
        let signer = try SoftwareSigner(privateKey: Self.keys(input)[0].privateKey())
        let token = try await JWS.signCompact(payload: Data(try #require(input["payload"]?.stringValue).utf8), signer: signer)
        #expect(token == vector["output"]?["compact"]?.stringValue)
    }

    /// The JWE examples and the key that decrypts each; RSA1_5 (5.1), RSA-OAEP (5.2) and
    /// PBES2 (5.3) are not implemented and are skipped.
    static let encryptionFiles = [
        "jwe/5_4.key_agreement_with_key_wrapping_using_ecdh-es_and_aes-keywrap_with_aes-gcm.json",
        "jwe/5_5.key_agreement_using_ecdh-es_with_aes-cbc-hmac-sha2.json",
        "jwe/5_6.direct_encryption_using_aes-gcm.json",
        "jwe/5_7.key_wrap_using_aes-gcm_keywrap_with_aes-cbc-hmac-sha2.json",
        "jwe/5_8.key_wrap_using_aes-keywrap_with_aes-gcm.json",
        "jwe/5_9.compressed_content.json",
        "jwe/5_10.including_additional_authentication_data.json",
        "jwe/5_11.protecting_specific_header_fields.json",
        "jwe/5_12.protecting_content_only.json",
        "jwe/5_13.encrypting_to_multiple_recipients.json",
        "curve25519/ecdh-es.json",
    ]

    @Test("every supported encryption example decrypts in every serialization",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: encryptionFiles)
    func encryption(file: String) throws {
        let vector = try Self.load(file)
        let input = try #require(vector["input"]?.objectValue)
        let output = try #require(vector["output"]?.objectValue)
        let plaintext = Data(try #require(input["plaintext"]?.stringValue).utf8)
        var decrypted = 0
        for jwk in try Self.keys(input) where jwk.kty != .rsa {
            let key = try JWEKey(jwk: jwk)
            for (form, value) in output {
                let result: DecryptedJWE
                if case .string(let compact) = value {
                    result = try JWE.decryptCompact(compact, key: key)
                } else {
                    result = try JWE.decryptJSON(value.serialized(), key: key)
                }
                #expect(result.plaintext == plaintext, "\(file) \(form)")
                decrypted += 1
            }
        }
        #expect(decrypted >= 1)
    }
}
