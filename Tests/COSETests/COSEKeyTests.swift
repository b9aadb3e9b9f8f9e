import CBOR
import COSE
import CryptoKeys
import Foundation
import Testing

/// COSE_Key (RFC 9052 §7, RFC 9053 §7): reading, writing, and conversion to CryptoKeys keys.
@Suite("COSE_Key")
struct COSEKeyTests {
    /// RFC 9052 Appendix C.7.1 key "11" (P-256), the cose-wg examples' signing key.
    static let x = Data(testHex: "bac5b11cad8f99f9c72b05cf4b9e26d244dc189f745228255a219a86d6a09eff")!
    static let y = Data(testHex: "20138bf82dc1b6d562be0fa54ab7804a3a64b6d72ccfed6b6fb6ed28bbfc117e")!
    static let d = Data(testHex: "57c92077664146e876760c9520d054aa93c3afb04e306705db6090308507b4d3")!

    @Test("an EC2 key from CBOR converts to the same public and private key")
    func ec2FromCBOR() throws {
        let map: CBOR = [1: 2, 2: .byteString(Data("11".utf8)), -1: 1, -2: .byteString(Self.x), -3: .byteString(Self.y), -4: .byteString(Self.d)]
        let key = try COSEKey(decoding: map.encoded())
        #expect(key.keyType == .ec2)
        #expect(key.curve == .p256)
        #expect(key.keyID == Data("11".utf8))
        let publicKey = try key.publicKey()
        #expect(publicKey.coordinates?.x == Self.x)
        let privateKey = try key.privateKey()
        #expect(privateKey.publicKey == publicKey)
        #expect(try COSEKey(cbor: key.cbor) == key)
        #expect(key.publicKeyOnly.d == nil)
        #expect(throws: COSEError.self) { try key.publicKeyOnly.privateKey() }
    }

    @Test("every curve round-trips: CryptoKeys key → COSE_Key → bytes → COSE_Key → CryptoKeys key",
          arguments: [KeyCurve.p256, .p384, .p521, .secp256k1, .ed25519, .x25519])
    func roundTrip(curve: KeyCurve) throws {
        let privateKey = PrivateKey(curve: curve)
        let key = try COSEKey(privateKey: privateKey, keyID: Data([7]))
        let decoded = try COSEKey(decoding: key.encoded())
        #expect(decoded == key)
        #expect(try decoded.publicKey() == privateKey.publicKey)
        #expect(try decoded.privateKey().rawRepresentation == privateKey.rawRepresentation)
        #expect(decoded.keyType == (curve.isWeierstrass ? .ec2 : .okp))
    }

    @Test("a compressed EC2 key (y as sign bit) decompresses to the right point", arguments: [KeyCurve.p256, .p384, .p521, .secp256k1])
    func compressedPoint(curve: KeyCurve) throws {
        let publicKey = PrivateKey(curve: curve).publicKey
        let compressed = try #require(publicKey.sec1CompressedRepresentation)
        let odd = compressed.first == 0x03
        let key = COSEKey(keyType: .ec2, curve: COSECurve(curve), x: compressed.dropFirst(), y: .signBit(odd))
        let decoded = try COSEKey(decoding: key.encoded())
        #expect(try decoded.publicKey() == publicKey)
        let wrongBit = COSEKey(keyType: .ec2, curve: COSECurve(curve), x: compressed.dropFirst(), y: .signBit(!odd))
        #expect(try wrongBit.publicKey() != publicKey)
    }

    @Test("a symmetric key reads k at label -1")
    func symmetric() throws {
        let secret = Data(repeating: 0xAB, count: 32)
        let map: CBOR = [1: 4, 3: 5, -1: .byteString(secret)]
        let key = try COSEKey(decoding: map.encoded())
        #expect(key.k == secret)
        #expect(key.algorithm == .hmac256)
        #expect(key.curve == nil)
        #expect(throws: COSEError.self) { try key.publicKey() }
        #expect(try COSEKey(cbor: key.cbor) == key)
    }

    @Test("unknown parameters are preserved")
    func unknownParameters() throws {
        let map: CBOR = [1: 1, -1: 6, -2: .byteString(Data(count: 32)), "note": "hello", 99: [1, 2]]
        let key = try COSEKey(cbor: map)
        #expect(key.additionalParameters.count == 2)
        #expect(try COSEKey(cbor: key.cbor) == key)
    }

    @Test("strict validation rejects malformed keys", arguments: [
        ("not a map", CBOR.array([1, 2])),
        ("no kty", [-1: 1, -2: .byteString(COSEKeyTests.x), -3: .byteString(COSEKeyTests.y)]),
        ("text kty", ["1": 2]),
        ("kty as text value", [1: "EC2", -1: 1, -2: .byteString(COSEKeyTests.x), -3: .byteString(COSEKeyTests.y)]),
        ("RSA kty", [1: 3, -1: .byteString(Data(count: 256)), -2: .byteString(Data([1, 0, 1]))]),
        ("EC2 without crv", [1: 2, -2: .byteString(COSEKeyTests.x), -3: .byteString(COSEKeyTests.y)]),
        ("EC2 with OKP curve", [1: 2, -1: 6, -2: .byteString(COSEKeyTests.x), -3: .byteString(COSEKeyTests.y)]),
        ("EC2 unknown curve", [1: 2, -1: 99, -2: .byteString(COSEKeyTests.x), -3: .byteString(COSEKeyTests.y)]),
        ("EC2 short x", [1: 2, -1: 1, -2: .byteString(COSEKeyTests.x.dropLast()), -3: .byteString(COSEKeyTests.y)]),
        ("EC2 long y", [1: 2, -1: 1, -2: .byteString(COSEKeyTests.x), -3: .byteString(COSEKeyTests.y + Data([0]))]),
        ("EC2 without y", [1: 2, -1: 1, -2: .byteString(COSEKeyTests.x)]),
        ("EC2 y as text", [1: 2, -1: 1, -2: .byteString(COSEKeyTests.x), -3: "y"]),
        ("EC2 short d", [1: 2, -1: 1, -2: .byteString(COSEKeyTests.x), -3: .byteString(COSEKeyTests.y), -4: .byteString(COSEKeyTests.d.dropFirst())]),
        ("EC2 x as text", [1: 2, -1: 1, -2: "x", -3: .byteString(COSEKeyTests.y)]),
        ("OKP with EC2 curve", [1: 1, -1: 1, -2: .byteString(Data(count: 32))]),
        ("OKP Ed448", [1: 1, -1: 7, -2: .byteString(Data(count: 57))]),
        ("OKP with y", [1: 1, -1: 6, -2: .byteString(Data(count: 32)), -3: .byteString(Data(count: 32))]),
        ("OKP short x", [1: 1, -1: 6, -2: .byteString(Data(count: 31))]),
        ("Symmetric without k", [1: 4]),
        ("Symmetric empty k", [1: 4, -1: .byteString(Data())]),
        ("kid as text", [1: 4, 2: "kid", -1: .byteString(Data([1]))]),
        ("alg as text", [1: 4, 3: "HS256", -1: .byteString(Data([1]))]),
        ("empty key_ops", [1: 4, 4: [], -1: .byteString(Data([1]))]),
        ("float label", [1: 4, .double(1.5): 1, -1: .byteString(Data([1]))]),
    ] as [(String, CBOR)])
    func rejectsMalformed(name: String, cbor: CBOR) {
        #expect(throws: COSEError.self, "\(name)") { try COSEKey(cbor: cbor) }
    }

    @Test("a point off the curve and a private part that does not match are rejected")
    func inconsistentKeys() throws {
        var yOff = Self.y
        yOff[31] ^= 1
        let offCurve = COSEKey(keyType: .ec2, curve: .p256, x: Self.x, y: .coordinate(yOff))
        #expect(throws: COSEError.self) { try offCurve.publicKey() }
        let mismatched = COSEKey(
            keyType: .ec2, curve: .p256, x: Self.x, y: .coordinate(Self.y),
            d: PrivateKey(curve: .p256).rawRepresentation)
        #expect(throws: COSEError.invalidKey("the private part does not match the public part")) { try mismatched.privateKey() }
    }

    @Test("a duplicated label and trailing bytes in an encoded key are rejected")
    func encodedKeyNegatives() throws {
        // {1: 4, 1: 4, -1: h'01'}
        #expect(throws: COSEError.self) { try COSEKey(decoding: Data([0xA3, 0x01, 0x04, 0x01, 0x04, 0x20, 0x41, 0x01])) }
        let good = COSEKey(symmetricKey: Data([1])).encoded()
        #expect(throws: COSEError.self) { try COSEKey(decoding: good + Data([0x00])) }
        #expect(throws: COSEError.self) { try COSEKey(decoding: good.dropLast()) }
    }
}
