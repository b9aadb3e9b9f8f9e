import CryptoKeys
import DID
import Foundation
import Multiformats
import Testing

/// did:key creation and the checks on untrusted did:key strings.
@Suite("did:key")
struct DIDKeyTests {
    static func didKey(_ bytes: [UInt8]) throws -> DIDIdentifier {
        try DIDIdentifier("did:key:" + Multibase.encode(bytes, as: .base58btc))
    }

    @Test("A generated key round-trips through its did:key", arguments: [KeyCurve.ed25519, .x25519, .secp256k1, .p256, .p384, .p521])
    func roundTrip(curve: KeyCurve) async throws {
        let key = PrivateKey(curve: curve).publicKey
        let did = try DIDKey.make(for: key)
        #expect(did.method == "key")
        #expect(try DIDKey.publicKey(of: did) == key)
        let document = try await DIDKeyResolver().resolve(did).document
        #expect(document.id == did)
        let relationship: VerificationRelationship = curve == .x25519 ? .keyAgreement : .authentication
        let kid = "#" + did.methodSpecificID
        #expect(try document.verificationMethod(for: kid, relationship: relationship).publicKey == key)
        #expect(document.verificationMethod.first?.type == "Multikey")
        #expect(document.context.contains("https://w3id.org/security/multikey/v1"))
    }

    @Test("The did:key prefixes are the ones the spec lists")
    func prefixes() throws {
        let expected: [(KeyCurve, String)] = [
            (.ed25519, "z6Mk"), (.x25519, "z6LS"), (.secp256k1, "zQ3s"), (.p256, "zDn"), (.p384, "z82"), (.p521, "z2J9"),
        ]
        for (curve, prefix) in expected {
            #expect(try DIDKey.make(for: PrivateKey(curve: curve).publicKey).methodSpecificID.hasPrefix(prefix))
        }
    }

    @Test("Encryption key derivation adds the X25519 key of the same secret")
    func derivation() async throws {
        let signing = PrivateKey(curve: .ed25519)
        let did = try DIDKey.make(for: signing.publicKey)
        let plain = try await DIDKeyResolver().resolve(did).document
        #expect(plain.keyAgreement.isEmpty)
        let derived = try await DIDKeyResolver(options: DIDKeyOptions(enableEncryptionKeyDerivation: true)).resolve(did).document
        let agreement = try #require(try derived.verificationMethods(for: .keyAgreement).first)
        let x25519 = try agreement.publicKey()
        #expect(x25519.curve == .x25519)
        // The derived public key must match the X25519 key from the Ed25519 seed (RFC 8032 §5.1.5).
        let seed = signing.rawRepresentation
        let scalar = Array(DigestAlgorithm.sha512.hash(seed).prefix(32))
        let agreementPrivate = try PrivateKey(rawRepresentation: Data(scalar), curve: .x25519)
        #expect(agreementPrivate.publicKey == x25519)
    }

    @Test("Malformed did:keys are invalid DIDs")
    func malformed() throws {
        for text in ["did:key:abc", "did:key:f" + Base16.encode([0xed, 0x01] + [UInt8](repeating: 1, count: 32)),
                     "did:key:z0OIl", "did:key:z6Mk:extra"] {
            let did = try DIDIdentifier(text)
            expectResolutionError(.invalidDID) { _ = try DIDKey.publicKey(of: did) }
        }
        #expect(throws: DIDResolutionError.methodNotSupported("web")) { try DIDKey.publicKey(of: DIDIdentifier("did:web:example.com")) }
    }

    @Test("A multicodec that is not a supported public key is rejected", arguments: [
        [0x80, 0x04] + Array(#"{"a":1}"#.utf8),     // json
        [0x12, 0x20] + [UInt8](repeating: 7, count: 32),  // sha2-256 multihash
        [0x80, 0x26] + [UInt8](repeating: 7, count: 32),  // ed25519-priv (0x1300)
        [0xeb, 0x01, 0xa7] + [UInt8](repeating: 7, count: 95),  // well-formed bls12_381-g2-pub: resolvable, not usable
        [0xff, 0xff, 0x03] + [UInt8](repeating: 7, count: 32),  // unassigned
    ])
    func wrongMulticodec(bytes: [UInt8]) throws {
        let did = try Self.didKey(bytes)
        expectResolutionError(.unsupportedKeyType) { _ = try DIDKey.publicKey(of: did) }
    }

    @Test("Wrong key lengths and uncompressed points are rejected", arguments: [
        [0xed, 0x01] + [UInt8](repeating: 1, count: 31),
        [0xed, 0x01] + [UInt8](repeating: 1, count: 33),
        [0xec, 0x01],
        [0xe7, 0x01] + [0x02] + [UInt8](repeating: 1, count: 31),
        [0x80, 0x24, 0x04] + [UInt8](repeating: 1, count: 64),
    ])
    func wrongLength(bytes: [UInt8]) throws {
        let did = try Self.didKey(bytes)
        expectResolutionError(.invalidPublicKey) { _ = try DIDKey.publicKey(of: did) }
    }

    @Test("A compressed x that is not on the curve is rejected", arguments: [(KeyCurve.p256, [UInt8]([0x80, 0x24])), (.p384, [0x81, 0x24]), (.secp256k1, [0xe7, 0x01])])
    func pointNotOnCurve(curve: KeyCurve, prefix: [UInt8]) throws {
        // About half of all x have no point; find such an x by trial and check it is refused,
        // and that a valid point of the same shape is accepted.
        var rejected = 0
        for x in 1...16 {
            var point = [UInt8](repeating: 0, count: curve.coordinateByteCount)
            point[point.count - 1] = UInt8(x)
            let did = try Self.didKey(prefix + [0x02] + point)
            do {
                _ = try DIDKey.publicKey(of: did)
            } catch {
                #expect(ResolutionErrorKind(error) == .invalidPublicKey)
                rejected += 1
            }
        }
        #expect(rejected > 0)
        #expect(rejected < 16)
    }
}
