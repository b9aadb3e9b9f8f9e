import CBOR
import COSE
import CryptoKeys
import Foundation
import MDoc
import Testing

/// Digests cover each IssuerSignedItemBytes exactly as the issuer encoded it: an item with its
/// keys in another order and a `#6.24` byte string written with a non-shortest length must
/// verify when received, and still verify after the holder presents it.
@Suite("Exact item bytes")
struct ExactBytesTests {
    @Test("A non-preferred item encoding verifies as received and survives presentation")
    func nonPreferredItemEncoding() async throws {
        let issuer = try TestIssuer()
        let nameSpace = TestIssuer.nameSpace
        let item: CBOR = [
            "elementValue": "Doe", "elementIdentifier": "family_name",
            "random": .byteString(Data(repeating: 0x5A, count: 16)), "digestID": 7,
        ]
        let inner = item.encoded()
        // 24(h'…') with the byte string length in two bytes (0x59) although it fits in one.
        let wrapper = Data([0xD8, 0x18, 0x59, UInt8(inner.count >> 8), UInt8(inner.count & 0xFF)]) + inner
        #expect(wrapper != CBOR.embedded(encoded: inner).encoded())

        let mso = MobileSecurityObject(
            valueDigests: [nameSpace: [7: DigestAlgorithm.sha256.hash(wrapper)]],
            deviceKeyInfo: DeviceKeyInfo(deviceKey: try COSEKey(publicKey: issuer.deviceKey.publicKey)),
            docType: TestIssuer.docType,
            validityInfo: ValidityInfo(signed: TestIssuer.now, validFrom: TestIssuer.now, validUntil: TestIssuer.now + 86_400))
        var unprotected = COSEHeaders()
        unprotected.x5chain = [Data(issuer.documentSigner.derBytes)]
        let sign1 = try await COSESign1.sign(
            payload: mso.taggedBytes, unprotected: unprotected, signer: try SoftwareSigner(privateKey: issuer.dsKey))
        // {"nameSpaces": {ns: [wrapper]}, "issuerAuth": sign1}, written by hand around the wrapper.
        var bytes = Data([0xA2]) + CBOR.textString("nameSpaces").encoded()
        bytes += Data([0xA1]) + CBOR.textString(nameSpace).encoded() + Data([0x81]) + wrapper
        bytes += CBOR.textString("issuerAuth").encoded() + sign1.encoded(tagged: false)

        let received = try IssuerSigned(decoding: bytes)
        #expect(received.nameSpaces[nameSpace]?.first?.taggedBytes == wrapper)
        #expect(received.encoded() == bytes)
        let at = TestIssuer.now + 60
        #expect(try await issuer.validator.validate(received, at: at).get()[nameSpace, "family_name"] == "Doe")

        let transcript = SessionTranscript.openID4VP(clientID: "c", nonce: "n", jwkThumbprint: nil, responseURI: "https://r.example")
        let document = try await DeviceResponseBuilder.document(
            from: received, elements: [nameSpace: ["family_name"]], sessionTranscript: transcript,
            authentication: .signature(try issuer.deviceSigner))
        let presented = try DeviceResponse(decoding: DeviceResponse(documents: [document]).encoded())
        let verifier = DeviceResponseVerifier(issuerValidator: issuer.validator)
        #expect(try await verifier.verify(presented, sessionTranscript: transcript, at: at).first?.get().deviceAuthentication == .signature)
    }
}
