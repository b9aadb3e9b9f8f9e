import CryptoKeys
import Foundation
import Multiformats
import Testing
import VellumTestSupport

@Suite("Multicodec key bytes")
struct MulticodecTests {
    @Test("prefixes are the registered varints", arguments: [
        (KeyCurve.ed25519, "ed01", 32, Multicodec.ed25519Pub), (.x25519, "ec01", 32, .x25519Pub),
        (.secp256k1, "e701", 33, .secp256k1Pub), (.p256, "8024", 33, .p256Pub), (.p384, "8124", 49, .p384Pub),
        (.p521, "8224", 67, .p521Pub),
    ])
    func prefixes(curve: KeyCurve, prefix: String, keyLength: Int, codec: Multicodec) throws {
        let key = PrivateKey(curve: curve).publicKey
        let bytes = key.multicodecBytes
        #expect(key.multicodec == codec)
        #expect(bytes.prefix(2).testHex == prefix)
        #expect(bytes.count == 2 + keyLength)
        #expect(try PublicKey(multicodec: bytes) == key)
    }

    @Test("unknown codes, uncompressed points and bad varints are rejected")
    func rejects() throws {
        let key = PrivateKey(curve: .p256).publicKey
        let uncompressed = try #require(Data(testHex: "8024")) + (key.sec1UncompressedRepresentation ?? Data())
        #expect(throws: CryptoKeysError.self) { try PublicKey(multicodec: uncompressed) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(multicodec: Data([0xed])) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(multicodec: Data([0x80, 0x80])) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(multicodec: Data([0x12]) + Data(count: 32)) }
        // 0xed written with a redundant continuation byte is not the minimal varint.
        #expect(throws: CryptoKeysError.self) { try PublicKey(multicodec: Data([0xed, 0x81, 0x00]) + Data(count: 32)) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(multicodec: Data([0xed, 0x01]) + Data(count: 31)) }
        #expect(throws: CryptoKeysError.self) { try PublicKey(multicodec: Data()) }
        // A code Multiformats knows that is not a public key CryptoKeys models.
        #expect(throws: CryptoKeysError.unsupported("multicodec ed448-pub")) {
            try PublicKey(multicodec: Data(Multicodec.ed448Pub.prefix) + Data(count: 57))
        }
        #expect(throws: CryptoKeysError.unsupported("multicodec ed25519-priv")) {
            try PublicKey(multicodec: Data(Multicodec.ed25519Priv.prefix) + Data(count: 32))
        }
    }
}
