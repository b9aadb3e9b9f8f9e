import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

@Suite("Key encodings")
struct KeyEncodingTests {
    static let weierstrass: [KeyCurve] = [.p256, .p384, .p521, .secp256k1]

    @Test("raw, SEC1 and DER forms round-trip for every curve", arguments: KeyCurve.allCases)
    func roundTrips(curve: KeyCurve) throws {
        let key = PrivateKey(curve: curve)
        let publicKey = key.publicKey
        #expect(publicKey.curve == curve)
        #expect(try PublicKey(rawRepresentation: publicKey.rawRepresentation, curve: curve) == publicKey)
        #expect(try PublicKey(derRepresentation: publicKey.derRepresentation) == publicKey)
        #expect(try PublicKey(pemRepresentation: publicKey.pemRepresentation) == publicKey)
        let restored = try PrivateKey(rawRepresentation: key.rawRepresentation, curve: curve)
        #expect(restored.publicKey == publicKey)
        if curve.isWeierstrass {
            let uncompressed = try #require(publicKey.sec1UncompressedRepresentation)
            let compressed = try #require(publicKey.sec1CompressedRepresentation)
            #expect(uncompressed.count == 1 + 2 * curve.coordinateByteCount)
            #expect(compressed.count == 1 + curve.coordinateByteCount)
            #expect(try PublicKey(sec1Representation: uncompressed, curve: curve) == publicKey)
            // Decompression recovers y from x and the parity byte (did:key depends on it).
            #expect(try PublicKey(sec1Representation: compressed, curve: curve) == publicKey)
        } else {
            #expect(publicKey.sec1CompressedRepresentation == nil)
        }
        if curve != .secp256k1 {
            let der = try key.derRepresentation()
            #expect(try PrivateKey(derRepresentation: der).publicKey == publicKey)
            #expect(try PrivateKey(pemRepresentation: key.pemRepresentation()).publicKey == publicKey)
        }
    }

    @Test("a point off the curve is rejected", arguments: weierstrass)
    func offCurvePoint(curve: KeyCurve) throws {
        let raw = PrivateKey(curve: curve).publicKey.rawRepresentation
        var tampered = raw
        tampered[tampered.count - 1] ^= 0x01
        #expect(throws: CryptoKeysError.self) { try PublicKey(rawRepresentation: tampered, curve: curve) }
    }

    @Test("wrong lengths and SEC1 prefixes are rejected", arguments: weierstrass)
    func malformedSEC1(curve: KeyCurve) throws {
        let point = try #require(PrivateKey(curve: curve).publicKey.sec1UncompressedRepresentation)
        #expect(throws: CryptoKeysError.self) { try PublicKey(sec1Representation: point.dropLast(), curve: curve) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(sec1Representation: point + Data([0]), curve: curve) }
        var hybrid = point
        hybrid[0] = 0x06
        #expect(throws: CryptoKeysError.self) { try PublicKey(sec1Representation: hybrid, curve: curve) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(sec1Representation: Data(), curve: curve) }
        // A compressed x for which no y exists is rejected: try x = 5 on each curve until
        // one is found that is not on the curve is overkill; all-0xff exceeds p.
        let badX = Data([0x02]) + Data(repeating: 0xff, count: curve.coordinateByteCount)
        #expect(throws: CryptoKeysError.self) { try PublicKey(sec1Representation: badX, curve: curve) }
    }

    @Test("private scalars out of range are rejected", arguments: weierstrass)
    func scalarRange(curve: KeyCurve) {
        let zero = Data(repeating: 0, count: curve.coordinateByteCount)
        #expect(throws: CryptoKeysError.self) { try PrivateKey(rawRepresentation: zero, curve: curve) }
        #expect(throws: CryptoKeysError.self) {
            try PrivateKey(rawRepresentation: Data(repeating: 1, count: curve.coordinateByteCount + 1), curve: curve)
        }
    }

    @Test("OKP keys must be 32 bytes")
    func okpLengths() {
        for curve in [KeyCurve.ed25519, .x25519] {
            #expect(throws: CryptoKeysError.self) { try PublicKey(rawRepresentation: Data(count: 31), curve: curve) }
            #expect(throws: CryptoKeysError.self) { try PrivateKey(rawRepresentation: Data(count: 33), curve: curve) }
            #expect(throws: CryptoKeysError.self) { try PublicKey(sec1Representation: Data(count: 33), curve: curve) }
        }
    }

    @Test("RFC 8410 Ed25519 SubjectPublicKeyInfo is read and written")
    func ed25519SPKI() throws {
        // RFC 8410 §10.1 example public key.
        let pem = """
            -----BEGIN PUBLIC KEY-----
            MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
            -----END PUBLIC KEY-----
            """
        let key = try PublicKey(pemRepresentation: pem)
        #expect(key.curve == .ed25519)
        #expect(key.rawRepresentation.testHex == "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1")
        #expect(key.pemRepresentation == pem)
    }

    @Test("garbage DER, PEM and truncated SPKI are rejected")
    func malformedDER() throws {
        let der = PrivateKey(curve: .p256).publicKey.derRepresentation
        #expect(throws: CryptoKeysError.self) { try PublicKey(derRepresentation: der.dropLast()) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(derRepresentation: Data([0x30, 0x00])) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(derRepresentation: Data(repeating: 0x30, count: 5000)) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(pemRepresentation: "-----BEGIN PUBLIC KEY-----\n!!\n-----END PUBLIC KEY-----") }
        #expect(throws: CryptoKeysError.self) { try PrivateKey(derRepresentation: Data([0x30, 0x03, 0x02, 0x01, 0x00])) }
    }

    @Test("keys compare by value, not by encoding")
    func equality() throws {
        let key = PrivateKey(curve: .p256).publicKey
        let other = PrivateKey(curve: .p256).publicKey
        let compressed = try #require(key.sec1CompressedRepresentation)
        #expect(try PublicKey(sec1Representation: compressed, curve: .p256) == key)
        #expect(key != other)
        #expect(Set([key, key, other]).count == 2)
    }
}
