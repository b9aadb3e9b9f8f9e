import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// Wycheproof ECDH and X25519 vectors: a `valid` case must produce exactly `shared`; an
/// `invalid` one must be refused (or, never, produce `shared`).
@Suite("Wycheproof key agreement")
struct WycheproofAgreementTests {
    struct Group<Public: Decodable, Private: Decodable>: Decodable {
        var tests: [Case<Public, Private>]
    }

    struct Case<Public: Decodable, Private: Decodable>: Decodable {
        var tcId: Int
        var comment: String
        var `public`: Public
        var `private`: Private
        var shared: String
        var result: WycheproofResult
    }

    /// Runs one agreement; `nil` when our code refused the inputs.
    static func agree(_ makePublic: () throws -> PublicKey, _ makePrivate: () throws -> PrivateKey) -> Data? {
        guard let publicKey = try? makePublic(), let privateKey = try? makePrivate() else { return nil }
        return try? privateKey.sharedSecret(with: publicKey)
    }

    /// Wycheproof private scalars are minimal big-endian integers, sometimes with a sign
    /// byte; left-pad or strip to the curve width.
    static func scalar(_ hex: String, curve: KeyCurve) throws -> Data {
        let bytes = try Data(vectorHex: hex).drop(while: { $0 == 0 })
        return Data(repeating: 0, count: max(0, curve.coordinateByteCount - bytes.count)) + bytes
    }

    /// `ecdh_*_test.json`: public keys are DER SubjectPublicKeyInfo. The `acceptable`
    /// cases are SPKIs with unusual but harmless encodings (explicit or unnamed curve
    /// parameters, non-DER ASN.1, compressed points); swift-crypto's parser — and so
    /// ``PublicKey/init(derRepresentation:)`` — rejects most of them, which is our policy:
    /// keys arrive as JWK, COSE_Key or multikey, never as exotic SPKI.
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage), arguments: [
        ("ecdh_secp256r1_test.json", KeyCurve.p256), ("ecdh_secp384r1_test.json", KeyCurve.p384),
    ])
    func ecdhASN(name: String, curve: KeyCurve) throws {
        let file = try WycheproofFile<Group<String, String>>.load(name)
        var tally = WycheproofTally(name)
        for group in file.testGroups {
            for test in group.tests {
                let shared = Self.agree(
                    { try PublicKey(derRepresentation: Data(vectorHex: test.public)) },
                    { try PrivateKey(rawRepresentation: Self.scalar(test.private, curve: curve), curve: curve) })
                let expected = try Data(vectorHex: test.shared)
                if let shared, shared != expected {
                    tally.failures.append("tc\(test.tcId) wrong shared secret")
                }
                tally.record(test.tcId, test.result, accepted: shared == expected, test.comment)
            }
        }
        tally.finish(expectedTotal: file.numberOfTests)
    }

    /// `ecdh_secp256r1_ecpoint_test.json`: public keys are SEC1 points. The one `acceptable`
    /// case is a compressed point, which we accept (did:key and COSE use compressed points).
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func ecdhPoint() throws {
        let name = "ecdh_secp256r1_ecpoint_test.json"
        let file = try WycheproofFile<Group<String, String>>.load(name)
        var tally = WycheproofTally(name)
        for group in file.testGroups {
            for test in group.tests {
                let shared = Self.agree(
                    { try PublicKey(sec1Representation: Data(vectorHex: test.public), curve: .p256) },
                    { try PrivateKey(rawRepresentation: Self.scalar(test.private, curve: .p256), curve: .p256) })
                let expected = try Data(vectorHex: test.shared)
                if let shared, shared != expected { tally.failures.append("tc\(test.tcId) wrong shared secret") }
                tally.record(test.tcId, test.result, accepted: shared == expected, test.comment)
            }
        }
        #expect(tally.acceptableAccepted == 1)
        tally.finish(expectedTotal: file.numberOfTests)
    }

    /// `ecdh_secp256r1_webcrypto_test.json`: both keys are JWKs, the form JWE `epk` uses.
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func ecdhJWK() throws {
        let name = "ecdh_secp256r1_webcrypto_test.json"
        let file = try WycheproofFile<Group<JWKOrGarbage, JWKOrGarbage>>.load(name)
        var tally = WycheproofTally(name)
        for group in file.testGroups {
            for test in group.tests {
                let shared = Self.agree(
                    { try test.public.key().publicKey() },
                    { try test.private.key().privateKey() })
                let expected = try Data(vectorHex: test.shared)
                if let shared, shared != expected { tally.failures.append("tc\(test.tcId) wrong shared secret") }
                tally.record(test.tcId, test.result, accepted: shared == expected, test.comment)
            }
        }
        tally.finish(expectedTotal: file.numberOfTests)
    }

    /// `x25519_test.json` and `x25519_jwk_test.json` (RFC 7748). The `acceptable` cases are
    /// public keys of small order or with the unused top bit set, and non-canonical
    /// encodings. We accept them except where the result is all zero (small-order points),
    /// which ``PrivateKey/sharedSecret(with:)`` refuses as RFC 7748 §6.1 allows.
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func x25519() throws {
        let name = "x25519_test.json"
        let file = try WycheproofFile<Group<String, String>>.load(name)
        var tally = WycheproofTally(name)
        for group in file.testGroups {
            for test in group.tests {
                let shared = Self.agree(
                    { try PublicKey(rawRepresentation: Data(vectorHex: test.public), curve: .x25519) },
                    { try PrivateKey(rawRepresentation: Data(vectorHex: test.private), curve: .x25519) })
                let expected = try Data(vectorHex: test.shared)
                if let shared, shared != expected { tally.failures.append("tc\(test.tcId) wrong shared secret") }
                if shared == nil, expected.contains(where: { $0 != 0 }) {
                    tally.failures.append("tc\(test.tcId) refused a non-zero shared secret")
                }
                tally.record(test.tcId, test.result, accepted: shared == expected, test.comment)
            }
        }
        tally.finish(expectedTotal: file.numberOfTests)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func x25519JWK() throws {
        let name = "x25519_jwk_test.json"
        let file = try WycheproofFile<Group<JWKOrGarbage, JWKOrGarbage>>.load(name)
        var tally = WycheproofTally(name)
        for group in file.testGroups {
            for test in group.tests {
                let shared = Self.agree(
                    { try test.public.key().publicKey() },
                    { try test.private.key().privateKey() })
                let expected = try Data(vectorHex: test.shared)
                if let shared, shared != expected { tally.failures.append("tc\(test.tcId) wrong shared secret") }
                tally.record(test.tcId, test.result, accepted: shared == expected, test.comment)
            }
        }
        tally.finish(expectedTotal: file.numberOfTests)
    }
}

/// A JWK member that may not even decode as a JWK (invalid cases carry broken keys); the
/// decoding failure then counts as a rejection.
struct JWKOrGarbage: Decodable {
    var jwk: JWK?
    init(from decoder: any Decoder) throws {
        jwk = try? JWK(from: decoder)
    }
    func key() throws -> JWK {
        guard let jwk else { throw CryptoKeysError.invalidJWK(reason: "vector JWK did not decode") }
        return jwk
    }
}
