import CryptoKeys
import Foundation
import JSONModel
import Testing
import VellumTestSupport

@testable import JOSE

/// Wycheproof's JSON Web Signature, Encryption, Key and Crypto files: every `valid` case is
/// accepted, every `invalid` one refused, through the compact entry points (the
/// `JsonSerialization` cases exist to prove a compact API refuses JSON).
@Suite("Wycheproof JWS / JWE / JWK / JWC")
struct WycheproofJOSETests {
    /// Cases that are not run, with the reason; each is counted and printed.
    static func skipReason(group: JSONObject, test: JSONObject) -> String? {
        let keys = [group["private"], group["public"]].compactMap { $0 }
        let kinds = keys.flatMap { key -> [JSONValue] in key["keys"]?.arrayValue ?? [key] }
        if test["jwe"] != nil, kinds.contains(where: { $0["kty"] == "RSA" }) {
            return "RSA key transport (RSA1_5, RSA-OAEP) is not implemented"
        }
        let comment = test["comment"]?.stringValue ?? ""
        let groupName = group["comment"]?.stringValue ?? ""
        if comment == "InvalidCharacterInsertedInHeader" || comment == "InvalidCharacterInsertedInPayload" {
            return "marked valid, but RFC 7515 §2 base64url admits no '?'; refused by design (strict base64url)"
        }
        if comment == "invalidBase64Padding" || comment == "invalidBase64PaddingInPayload" {
            // The token is canonical and its HMAC is correct over the exact signing input
            // (checked independently with Python's hmac); the label is inverted with the
            // '?' cases above.
            return "marked invalid, but the token is canonical with a correct MAC (label inverted in the vector)"
        }
        if groupName.hasPrefix("rfc7520"), comment == "Figure20" || comment == "Figure27" {
            return "group JWK alg (PS256, 'ES521') differs from the token alg (PS384, ES512); a JWK alg is enforced "
                + "(as the ps512 WrongPrimitive cases require); the same RFC 7520 figures verify in CookbookVectorTests"
        }
        return nil
    }

    struct Tally: CustomStringConvertible {
        var file: String
        var validAccepted = 0, validRefused = 0, invalidRefused = 0, invalidAccepted = 0
        var skipped: [String: Int] = [:]
        var failures: [String] = []
        var description: String {
            let skips = skipped.map { "\($0.value) × \($0.key)" }.sorted().joined(separator: "; ")
            return "\(file): valid accepted \(validAccepted)/\(validAccepted + validRefused), "
                + "invalid refused \(invalidRefused)/\(invalidRefused + invalidAccepted), skipped \(skipped.values.reduce(0, +))"
                + (skips.isEmpty ? "" : " (\(skips))")
        }
    }

    /// Runs one case; returns whether the token was accepted.
    static func accepts(group: JSONObject, test: JSONObject) -> Bool {
        let keyValue = group["public"] ?? group["private"] ?? .null
        if let token = test["jws"] {
            let text = token.stringValue ?? token.serializedString()
            do {
                let object = try JWSObject(compact: text)
                let key: JWSVerificationKey?
                if let set = keyValue["keys"] {
                    let jwks = try JWKSet(json: JSONValue.object(["keys": set]).serialized())
                    key = try jwks.verificationKey(for: object.signatures[0].header)
                } else {
                    key = try JWSVerificationKey(jwk: JWK(jsonData: keyValue.serialized()))
                }
                guard let key else { return false }
                _ = try object.verify(key: key, policy: .allowingHMAC)
                return true
            } catch {
                return false
            }
        }
        if let token = test["jwe"] {
            let text = token.stringValue ?? token.serializedString()
            do {
                let privateValue = group["private"] ?? .null
                let jwk: JWK
                if let set = privateValue["keys"]?.arrayValue {
                    guard set.count == 1, let only = set.first else { return false }
                    jwk = try JWK(jsonData: only.serialized())
                } else {
                    jwk = try JWK(jsonData: privateValue.serialized())
                }
                let decrypted = try JWE.decryptCompact(text, key: JWEKey(jwk: jwk))
                if let expected = test["pt"]?.stringValue {
                    return decrypted.plaintext == Data(testHex: expected)
                }
                return true
            } catch {
                return false
            }
        }
        return false
    }

    @Test("every valid case accepted, every invalid case refused", .enabled(if: Vectors.isAvailable, Vectors.skipMessage),
          arguments: [
              "json_web_signature_test.json", "json_web_encryption_test.json", "json_web_key_test.json",
              "json_web_crypto_test.json",
          ])
    func run(file: String) throws {
        let root = try JSONValue(parsing: Vectors.data("wycheproof/testvectors_v1/\(file)"), limits: .init(maximumDepth: 64))
        var tally = Tally(file: file)
        for group in root["testGroups"]?.arrayValue ?? [] {
            guard let group = group.objectValue else { continue }
            for test in group["tests"]?.arrayValue ?? [] {
                guard let test = test.objectValue else { continue }
                if let reason = Self.skipReason(group: group, test: test) {
                    tally.skipped[reason, default: 0] += 1
                    continue
                }
                let accepted = Self.accepts(group: group, test: test)
                let id = "tc\(test["tcId"]?.intValue ?? -1) \(group["comment"]?.stringValue ?? "")/\(test["comment"]?.stringValue ?? "")"
                switch (test["result"]?.stringValue, accepted) {
                case ("valid", true): tally.validAccepted += 1
                case ("valid", false): tally.validRefused += 1; tally.failures.append("valid refused: \(id)")
                case (_, false): tally.invalidRefused += 1
                case (_, true): tally.invalidAccepted += 1; tally.failures.append("invalid accepted: \(id)")
                }
            }
        }
        print("Wycheproof \(tally)")
        for failure in tally.failures { print("  \(failure)") }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        #expect(tally.validAccepted + tally.invalidRefused > 0)
    }
}
