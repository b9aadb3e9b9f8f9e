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

    /// Loads `name` and runs every case: `keys` turns a case into the two key readers, the
    /// agreement must give exactly `shared` where it gives anything, and the result is
    /// tallied against the case's verdict. The caller adds its own checks, then calls
    /// `finish`.
    static func run<Public: Decodable, Private: Decodable>(
        _ name: String,
        keys: (Case<Public, Private>) -> (() throws -> PublicKey, () throws -> PrivateKey),
        extraCheck: (Case<Public, Private>, _ shared: Data?, _ expected: Data, inout WycheproofTally) -> Void = { _, _, _, _ in }
    ) throws -> (tally: WycheproofTally, expectedTotal: Int) {
        let file = try WycheproofFile<Group<Public, Private>>.load(name)
        var tally = WycheproofTally(name)
        for group in file.testGroups {
            for test in group.tests {
                let (makePublic, makePrivate) = keys(test)
                let shared = agree(makePublic, makePrivate)
                let expected = try Data(vectorHex: test.shared)
                if let shared, shared != expected { tally.failures.append("tc\(test.tcId) wrong shared secret") }
                extraCheck(test, shared, expected, &tally)
                tally.record(test.tcId, test.result, accepted: shared == expected, test.comment)
            }
        }
        return (tally, file.numberOfTests)
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
        let (tally, total) = try Self.run(name) { (test: Case<String, String>) in
            ({ try PublicKey(derRepresentation: Data(vectorHex: test.public)) },
             { try PrivateKey(rawRepresentation: Self.scalar(test.private, curve: curve), curve: curve) })
        }
        tally.finish(expectedTotal: total)
    }

    /// `ecdh_secp256r1_ecpoint_test.json`: public keys are SEC1 points. The one `acceptable`
    /// case is a compressed point, which we accept (did:key and COSE use compressed points).
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func ecdhPoint() throws {
        let (tally, total) = try Self.run("ecdh_secp256r1_ecpoint_test.json") { (test: Case<String, String>) in
            ({ try PublicKey(sec1Representation: Data(vectorHex: test.public), curve: .p256) },
             { try PrivateKey(rawRepresentation: Self.scalar(test.private, curve: .p256), curve: .p256) })
        }
        #expect(tally.acceptableAccepted == 1)
        tally.finish(expectedTotal: total)
    }

    /// `ecdh_secp256r1_webcrypto_test.json`: both keys are JWKs, the form JWE `epk` uses.
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func ecdhJWK() throws {
        let (tally, total) = try Self.run("ecdh_secp256r1_webcrypto_test.json", keys: Self.jwkKeys)
        tally.finish(expectedTotal: total)
    }

    /// `x25519_test.json` and `x25519_jwk_test.json` (RFC 7748). The `acceptable` cases are
    /// public keys of small order or with the unused top bit set, and non-canonical
    /// encodings. We accept them except where the result is all zero (small-order points),
    /// which ``PrivateKey/sharedSecret(with:)`` refuses as RFC 7748 §6.1 allows.
    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func x25519() throws {
        let (tally, total) = try Self.run("x25519_test.json", keys: { (test: Case<String, String>) in
            ({ try PublicKey(rawRepresentation: Data(vectorHex: test.public), curve: .x25519) },
             { try PrivateKey(rawRepresentation: Data(vectorHex: test.private), curve: .x25519) })
        }, extraCheck: { test, shared, expected, tally in
            if shared == nil, expected.contains(where: { $0 != 0 }) {
                tally.failures.append("tc\(test.tcId) refused a non-zero shared secret")
            }
        })
        tally.finish(expectedTotal: total)
    }

    @Test(.enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func x25519JWK() throws {
        let (tally, total) = try Self.run("x25519_jwk_test.json", keys: Self.jwkKeys)
        tally.finish(expectedTotal: total)
    }

    /// Both keys of a case as JWKs, the form JWE `epk` uses.
    static func jwkKeys(
        _ test: Case<JWKOrGarbage, JWKOrGarbage>
    ) -> (() throws -> PublicKey, () throws -> PrivateKey) {
        ({ try test.public.key().publicKey() }, { try test.private.key().privateKey() })
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
