import DID
import Foundation
import JSONModel
import Multiformats
import Testing

/// BLS12-381 did:keys: no curve arithmetic here, so what can be checked without it is checked
/// (multicodec, exact length, the ZCash compression and infinity flags, coordinates below p),
/// a well-formed key resolves to a document, and no key ever comes out of it.
struct DIDKeyBLS12381Tests {
    /// The BLS12-381 base field modulus p, big-endian.
    static let modulus: [UInt8] = [
        0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
        0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
        0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
    ]
    /// A compressed G1 point shape (flags 0b100, x well below p); not checked to be on the curve.
    static let g1 = [UInt8]([0x8a] + [UInt8](repeating: 0x11, count: 47))
    /// A compressed G2 point shape (flags 0b101 in the first byte, both x halves below p).
    static let g2 = [UInt8]([0xb0] + [UInt8](repeating: 0x12, count: 95))

    static func didKey(_ codec: UInt8, _ body: [UInt8]) throws -> DIDIdentifier {
        try DIDIdentifier("did:key:" + Multibase.encode([codec, 0x01] + body, as: .base58btc))
    }

    static let wellFormedKeys: [(UInt8, [UInt8], Int)] = [(0xea, g1, 1), (0xeb, g2, 1), (0xee, g1 + g2, 2)]

    @Test("Well-formed G1, G2 and G1G2 keys resolve but give no PublicKey", arguments: wellFormedKeys)
    func wellFormed(codec: UInt8, body: [UInt8], methods: Int) async throws {
        let did = try Self.didKey(codec, body)
        expectResolutionError(.unsupportedKeyType) { _ = try DIDKey.publicKey(of: did) }
        for format in [DIDKeyOptions.PublicKeyFormat.multikey, .legacy, .jsonWebKey2020] {
            let document = try await DIDKeyResolver(options: DIDKeyOptions(publicKeyFormat: format)).resolve(did).document
            #expect(document.verificationMethod.count == methods)
            #expect(document.authentication.count == methods)
            #expect(document.capabilityDelegation.count == methods)
            #expect(document.keyAgreement.isEmpty)
            for method in document.verificationMethod {
                let error = #expect(throws: DIDError.self) { try method.publicKey() }
                guard case .unsupportedKeyType(let message)? = error else {
                    Issue.record("expected unsupportedKeyType, got \(String(describing: error))")
                    continue
                }
                #expect(message.contains("can be resolved but not used for verification"))
                // Looking the key up for a purpose fails the same way, not as "not found".
                let lookup = #expect(throws: DIDError.self) { try document.verificationMethod(for: method.id, relationship: .assertionMethod) }
                #expect(lookup == error)
            }
        }
        // Key agreement is not a BLS use, even with derivation requested.
        let derived = DIDKeyResolver(options: DIDKeyOptions(enableEncryptionKeyDerivation: true))
        #expect(try await derived.resolve(did).document.keyAgreement.isEmpty)
    }

    @Test("The legacy format uses the 2020 BLS suites with the raw point in base58")
    func legacyFormat() async throws {
        let did = try Self.didKey(0xee, Self.g1 + Self.g2)
        let document = try await DIDKeyResolver(options: DIDKeyOptions(publicKeyFormat: .legacy)).resolve(did).document
        #expect(document.context == [.string(DIDDocument.coreContext), .string("https://w3id.org/security/suites/bls12381-2020/v1")])
        #expect(document.verificationMethod.map(\.type) == ["Bls12381G1Key2020", "Bls12381G2Key2020"])
        #expect(document.verificationMethod.map(\.publicKeyBase58) == [Base58BTC.encode(Self.g1), Base58BTC.encode(Self.g2)])
        let g1Multikey = Multibase.encode([0xea, 0x01] + Self.g1, as: .base58btc)
        let g2Multikey = Multibase.encode([0xeb, 0x01] + Self.g2, as: .base58btc)
        #expect(document.verificationMethod.map(\.id) == ["\(did)#\(g1Multikey)", "\(did)#\(g2Multikey)"])
    }

    static let wrongLengths: [(UInt8, [UInt8])] = [
        (0xea, Array(g1.dropLast())), (0xea, g1 + [0]), (0xea, []),
        (0xeb, Array(g2.dropLast())), (0xeb, g2 + [0]), (0xeb, g1),
        (0xee, g1 + Array(g2.dropLast())), (0xee, g1 + g2 + [0]), (0xee, g1), (0xee, g2),
    ]

    @Test("Wrong lengths are invalid public keys", arguments: wrongLengths)
    func wrongLength(codec: UInt8, body: [UInt8]) throws {
        let did = try Self.didKey(codec, body)
        expectResolutionError(.invalidPublicKey) { _ = try DIDKey.publicKey(of: did) }
    }

    static let badEncodings: [(UInt8, [UInt8])] = [
        (0xea, [0x0a] + g1.dropFirst()),  // compression flag clear (uncompressed form)
        (0xea, [0xc0] + [UInt8](repeating: 0, count: 47)),  // the point at infinity
        (0xea, [0xe0] + [UInt8](repeating: 0, count: 47)),  // infinity with the sign bit
        (0xea, [0xca] + g1.dropFirst()),  // infinity flag on a non-zero x
        (0xea, [0x80 | modulus[0]] + modulus.dropFirst()),  // x = p
        (0xea, [0x9f] + [UInt8](repeating: 0xff, count: 47)),  // x > p
        (0xeb, [0x30] + g2.dropFirst()),  // G2 compression flag clear
        (0xeb, [0xc0] + [UInt8](repeating: 0, count: 95)),  // G2 point at infinity
        (0xeb, [0x80 | modulus[0]] + modulus.dropFirst() + g2.suffix(48)),  // x.c1 = p
        (0xeb, Array(g2.prefix(48)) + modulus),  // x.c0 = p (no flags allowed there either)
        (0xee, [0x0a] + g1.dropFirst() + g2),  // G1 half not compressed
        (0xee, g1 + [0x30] + g2.dropFirst()),  // G2 half not compressed
    ]

    @Test("Bad flag bits and coordinates not below p are invalid public keys", arguments: badEncodings)
    func badEncoding(codec: UInt8, body: [UInt8]) throws {
        let did = try Self.didKey(codec, body)
        expectResolutionError(.invalidPublicKey) { _ = try DIDKey.publicKey(of: did) }
    }

    @Test("A document cannot pass a malformed or mislabelled BLS key off")
    func documentMethods() throws {
        let did = try DIDIdentifier("did:example:bls")
        let wrongGroup = VerificationMethod(id: "#a", type: "Bls12381G1Key2020", controller: did, publicKeyBase58: Base58BTC.encode(Self.g2))
        let uncompressed = VerificationMethod(
            id: "#b", type: "Bls12381G2Key2020", controller: did, publicKeyBase58: Base58BTC.encode([0x30] + Self.g2.dropFirst()))
        let noBase58 = VerificationMethod(id: "#c", type: "Bls12381G2Key2020", controller: did, publicKeyMultibase: "z")
        let privateJWK = VerificationMethod(
            id: "#d", type: "JsonWebKey2020", controller: did,
            publicKeyJwk: ["kty": "EC", "crv": "BLS12381_G1", "x": .string(Base64URL.encode(Self.g1)), "d": "AAAA"])
        let shortJWK = VerificationMethod(
            id: "#e", type: "JsonWebKey2020", controller: did,
            publicKeyJwk: ["kty": "EC", "crv": "BLS12381_G2", "x": .string(Base64URL.encode(Self.g1))])
        for method in [wrongGroup, uncompressed, noBase58, privateJWK, shortJWK] {
            let error = #expect(throws: DIDError.self, "\(method.id)") { try method.publicKey() }
            guard case .invalidKeyMaterial? = error else {
                Issue.record("\(method.id): expected invalidKeyMaterial, got \(String(describing: error))")
                continue
            }
        }
        let multikey = VerificationMethod(
            id: "#f", type: "Multikey", controller: did, publicKeyMultibase: Multibase.encode([0xeb, 0x01] + Self.g2, as: .base58btc))
        let jwk = VerificationMethod(
            id: "#g", type: "JsonWebKey2020", controller: did,
            publicKeyJwk: ["kty": "EC", "crv": "BLS12381_G2", "x": .string(Base64URL.encode(Self.g2))])
        for method in [multikey, jwk] {
            #expect(throws: DIDError.unsupportedKeyType("BLS12-381 G2 keys can be resolved but not used for verification (no BLS12-381 support)")) {
                try method.publicKey()
            }
        }
    }
}
