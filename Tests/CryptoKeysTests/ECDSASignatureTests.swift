import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

@Suite("ECDSA signature encodings")
struct ECDSASignatureTests {
    @Test("DER and raw convert both ways", arguments: [KeyCurve.p256, .p384, .p521, .secp256k1])
    func roundTrip(curve: KeyCurve) throws {
        let algorithm = try #require(SignatureAlgorithm.defaultAlgorithm(for: curve))
        let key = PrivateKey(curve: curve)
        let message = Data("der".utf8)
        let raw = try key.sign(message, algorithm: algorithm)
        let signature = try ECDSASignature(rawRepresentation: raw, curve: curve)
        let der = signature.derRepresentation
        let parsed = try ECDSASignature(derRepresentation: der, curve: curve)
        #expect(parsed == signature)
        #expect(parsed.rawRepresentation == raw)
        #expect(try key.publicKey.verify(parsed.rawRepresentation, for: message, algorithm: algorithm))
    }

    @Test("small r and s are left-padded to the curve width")
    func padding() throws {
        let der = try #require(Data(testHex: "3006020101020102"))
        let signature = try ECDSASignature(derRepresentation: der, curve: .p256)
        #expect(signature.r.count == 32 && signature.r.last == 1)
        #expect(signature.s.count == 32 && signature.s.last == 2)
        #expect(signature.derRepresentation == der)
    }

    @Test("P-521 DER uses the long length form")
    func longForm() throws {
        let signature = try ECDSASignature(
            rawRepresentation: Data([0x01]) + Data(repeating: 0xab, count: 65) + Data([0x01]) + Data(repeating: 0xcd, count: 65),
            curve: .p521)
        let der = signature.derRepresentation
        #expect(der[0] == 0x30 && der[1] == 0x81)
        #expect(try ECDSASignature(derRepresentation: der, curve: .p521) == signature)
    }

    @Test("non-canonical and malformed DER is rejected")
    func strictDER() {
        let cases = [
            "",                           // empty
            "3006020101020102" + "00",    // trailing byte
            "3007020101020102",           // length too long
            "300602010102010",            // odd
            "3081060201010201 02",        // long form for a short length
            "30060201010201",             // truncated
            "3007020200010201 02",        // leading zero on a positive integer
            "30060201ff020102",           // negative r
            "3005020002 0102",            // empty integer
            "3106020101020102",           // SET instead of SEQUENCE
            "3009020101020102020103",     // three integers
            "3080020101020102 0000",      // indefinite length
        ]
        for hex in cases {
            let der = Data(testHex: hex) ?? Data([0xff])
            #expect(throws: CryptoKeysError.self, "\(hex)") { try ECDSASignature(derRepresentation: der, curve: .p256) }
        }
        // An r one byte wider than the curve allows.
        let wide = Data([0x30, 0x25, 0x02, 0x21, 0x01]) + Data(repeating: 0, count: 32) + Data([0x02, 0x01, 0x01])
        #expect(throws: CryptoKeysError.self) { try ECDSASignature(derRepresentation: wide, curve: .p256) }
        #expect(throws: CryptoKeysError.self) { try ECDSASignature(rawRepresentation: Data(count: 63), curve: .p256) }
        #expect(throws: CryptoKeysError.self) { try ECDSASignature(rawRepresentation: Data(count: 64), curve: .ed25519) }
    }
}
