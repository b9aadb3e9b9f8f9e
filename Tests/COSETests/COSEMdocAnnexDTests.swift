import CBOR
import COSE
import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// The COSE objects of the ISO/IEC 18013-5 Annex D worked example: the issuer's COSE_Sign1
/// over the MSO, the reader's detached COSE_Sign1, and the device's detached COSE_Mac0 with a
/// key from ECDH and HKDF. This is the shape MDoc builds on, checked against real data.
@Suite("ISO 18013-5 Annex D COSE objects")
struct COSEMdocAnnexDTests {
    static func hex(_ name: String) throws -> Data {
        let text = String(decoding: try Vectors.data("mdoc/iso18013-5-annexD/ISO_18013_5_ANNEX_D_\(name).hex"), as: UTF8.self)
        return try #require(Data(testHex: text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The P-256 point of a certificate: the bytes after the P-256 SubjectPublicKeyInfo
    /// header (id-ecPublicKey, prime256v1, BIT STRING of 66). Enough for a test; X509Trust
    /// does real certificate parsing.
    static func p256Key(inCertificate der: Data) throws -> PublicKey {
        let header = try #require(Data(testHex: "3059301306072a8648ce3d020106082a8648ce3d030107034200"))
        let range = try #require(der.range(of: header))
        return try PublicKey(sec1Representation: der[range.upperBound..<range.upperBound + 65], curve: .p256)
    }

    /// The inner bytes of a `#6.24(bstr)` item.
    static func embedded(_ data: Data) throws -> Data {
        guard case .tagged(24, .byteString(let inner)) = try CBOR.decode(data) else {
            throw COSEError.invalidStructure("not tag 24")
        }
        return inner
    }

    @Test("IssuerAuth: untagged COSE_Sign1, ES256, verifies under the x5chain certificate",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func issuerAuth() throws {
        let response = try CBOR.decode(Self.hex("DEVICE_RESPONSE"))
        let issuerAuth = try #require(response["documents"]?[0]?["issuerSigned"]?["issuerAuth"])
        let message = try COSESign1(cbor: issuerAuth, tagPolicy: .forbidden)
        #expect(try message.algorithm() == .es256)
        #expect(message.protected.headers.algorithm == .es256, "alg is protected, as 18013-5 requires")
        let chain = try #require(message.unprotected.x5chain)
        #expect(chain == [try Self.hex("DS_CERT")])
        let key = try Self.p256Key(inCertificate: chain[0])
        try message.verify(with: key)
        // The payload is the MSO wrapped in tag 24.
        guard case .tagged(24, .byteString) = try CBOR.decode(try #require(message.payload)) else {
            Issue.record("payload is not MobileSecurityObjectBytes")
            return
        }
        #expect(throws: COSEError.invalidSignature) { try message.verify(with: PrivateKey(curve: .p256).publicKey) }
    }

    @Test("ReaderAuth: detached COSE_Sign1 over ReaderAuthenticationBytes",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func readerAuth() throws {
        let message = try COSESign1(decoding: Self.hex("READER_AUTH"), tagPolicy: .forbidden)
        #expect(message.payload == nil)
        let chain = try #require(message.unprotected.x5chain)
        #expect(chain == [try Self.hex("READER_CERT")])
        let sessionTranscript = try Self.embedded(Self.hex("SESSION_TRANSCRIPT_BYTES"))
        let itemsRequestBytes = CBOR.tagged(24, .byteString(try Self.hex("ITEMS_REQUEST"))).encoded()
        // ReaderAuthentication = ["ReaderAuthentication", SessionTranscript, ItemsRequestBytes],
        // built from the received bytes so nothing is re-encoded.
        let readerAuthentication = Data([0x83]) + CBOR.textString("ReaderAuthentication").encoded()
            + sessionTranscript + itemsRequestBytes
        let detached = CBOR.tagged(24, .byteString(readerAuthentication)).encoded()
        let key = try Self.p256Key(inCertificate: chain[0])
        try message.verify(with: key, detachedPayload: detached)
        #expect(throws: COSEError.invalidSignature) { try message.verify(with: key, detachedPayload: detached.dropLast()) }
    }

    @Test("DeviceMac: detached COSE_Mac0, HMAC 256/256, EMacKey = HKDF(ECDH(SDeviceKey, EReaderKey))",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func deviceMac() throws {
        let response = try CBOR.decode(Self.hex("DEVICE_RESPONSE"))
        let document = try #require(response["documents"]?[0])
        let deviceMac = try #require(document["deviceSigned"]?["deviceAuth"]?["deviceMac"])
        let message = try COSEMac0(cbor: deviceMac, tagPolicy: .forbidden)
        #expect(try message.algorithm() == .hmac256)
        #expect(message.payload == nil)

        let sessionTranscriptBytes = try Self.hex("SESSION_TRANSCRIPT_BYTES")
        let deviceKey = try PrivateKey(rawRepresentation: Self.hex("STATIC_DEVICE_KEY_D"), curve: .p256)
        let readerKey = try PublicKey(
            rawRepresentation: Self.hex("EPHEMERAL_READER_KEY_X") + Self.hex("EPHEMERAL_READER_KEY_Y"), curve: .p256)
        let macKey = try KeyDerivation.hkdf(
            inputKeyMaterial: deviceKey.sharedSecret(with: readerKey),
            salt: DigestAlgorithm.sha256.hash(sessionTranscriptBytes), info: Data("EMacKey".utf8), outputByteCount: 32)

        let docType = try #require(document["docType"])
        let nameSpacesBytes = try #require(document["deviceSigned"]?["nameSpaces"])
        let deviceAuthentication = Data([0x84]) + CBOR.textString("DeviceAuthentication").encoded()
            + (try Self.embedded(sessionTranscriptBytes)) + docType.encoded() + nameSpacesBytes.encoded()
        let detached = CBOR.tagged(24, .byteString(deviceAuthentication)).encoded()
        try message.verify(key: macKey, detachedPayload: detached)
        try message.verify(with: COSEKey(symmetricKey: macKey, algorithm: .hmac256), detachedPayload: detached)

        // Recomputing the MAC reproduces the received tag byte for byte.
        let remade = try COSEMac0.authenticate(payload: detached, key: macKey, detached: true)
        #expect(remade.authenticationTag == message.authenticationTag)
        #expect(remade.encoded(tagged: false) == deviceMac.encoded())
        var wrongKey = macKey
        wrongKey[0] ^= 1
        #expect(throws: COSEError.invalidMAC) { try message.verify(key: wrongKey, detachedPayload: detached) }
    }

    @Test("the EDeviceKey COSE_Key of the session establishment reads as a P-256 key",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func eDeviceKey() throws {
        let key = try COSEKey(decoding: try Self.embedded(Self.hex("E_DEVICE_KEY_BYTES")))
        #expect(key.keyType == .ec2)
        #expect(key.curve == .p256)
        let publicKey = try key.publicKey()
        #expect(publicKey.curve == .p256)
        #expect(COSEKey(keyType: key.keyType, curve: key.curve, x: key.x, y: key.y) == key)
    }
}
