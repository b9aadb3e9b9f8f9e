import CBOR
import COSE
import CryptoKeys
import Foundation
import MDoc
import Testing

/// Holder presentation and reader verification, end to end with real keys.
@Suite("Presentation")
struct PresentationTests {
    let transcript = SessionTranscript.openID4VP(
        clientID: "x509_san_dns:verifier.example", nonce: "n-0S6_WzA2Mj", jwkThumbprint: nil,
        responseURI: "https://verifier.example/response")

    @Test("Selective disclosure returns only the requested elements, which still match their digests")
    func selectiveDisclosureWithSignature() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let request = ItemsRequest(docType: TestIssuer.docType, elements: [TestIssuer.nameSpace: ["family_name", "age_over_18", "nickname"]])
        let response = try await DeviceResponseBuilder.response(
            from: issued, request: request, sessionTranscript: transcript,
            authentication: .signature(try issuer.deviceSigner))
        let document = try #require(response.documents.first)
        #expect(Set(document.issuerSigned.nameSpaces[TestIssuer.nameSpace]?.map(\.item.elementIdentifier) ?? [])
            == ["family_name", "age_over_18"])
        #expect(document.errors?[TestIssuer.nameSpace]?["nickname"] == 0)

        // Over the wire and back: the reader sees the same thing.
        let received = try DeviceResponse(decoding: response.encoded())
        #expect(received == response)
        let verifier = DeviceResponseVerifier(issuerValidator: issuer.validator)
        let report = try #require(await verifier.verify(received, sessionTranscript: transcript).first)
        let verified = try report.get()
        #expect(verified.deviceAuthentication == .signature)
        #expect(verified.issuerElements[TestIssuer.nameSpace]?.count == 2)
        #expect(verified[TestIssuer.nameSpace, "family_name"] == "Mustermann")
        #expect(verified[TestIssuer.nameSpace, "portrait"] == nil)
    }

    @Test("A device MAC made with the reader's public key verifies with the reader's private key")
    func deviceMac() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let readerKey = PrivateKey(curve: .p256)
        let document = try await DeviceResponseBuilder.document(
            from: issued, elements: [TestIssuer.nameSpace: ["given_name"]], sessionTranscript: transcript,
            authentication: .mac(deviceKey: issuer.deviceKey, readerKey: readerKey.publicKey))
        guard case .mac = document.deviceSigned?.deviceAuth else {
            Issue.record("expected a deviceMac")
            return
        }
        let verifier = DeviceResponseVerifier(issuerValidator: issuer.validator, readerKey: readerKey)
        let verified = try await verifier.verify(document, sessionTranscript: transcript).get()
        #expect(verified.deviceAuthentication == .mac)

        // Without the reader key a MAC cannot be checked, and another reader's key fails.
        let noKey = DeviceResponseVerifier(issuerValidator: issuer.validator)
        #expect(await noKey.verify(document, sessionTranscript: transcript).firstFailure
            == .invalidRequest("a deviceMac needs the reader's ephemeral private key"))
        let otherReader = DeviceResponseVerifier(issuerValidator: issuer.validator, readerKey: PrivateKey(curve: .p256))
        #expect(await otherReader.verify(document, sessionTranscript: transcript).firstFailure == .deviceMacInvalid)
    }

    @Test("Device-signed elements need keyAuthorizations")
    func deviceSignedElements() async throws {
        let issuer = try TestIssuer()
        let authorized = try await issuer.issue(keyAuthorizations: KeyAuthorizations(dataElements: ["org.example": ["pin_hint"]]))
        let document = try await DeviceResponseBuilder.document(
            from: authorized, elements: [TestIssuer.nameSpace: ["family_name"]], sessionTranscript: transcript,
            authentication: .signature(try issuer.deviceSigner), deviceNameSpaces: ["org.example": ["pin_hint": "blue"]])
        let verifier = DeviceResponseVerifier(issuerValidator: issuer.validator)
        let verified = try await verifier.verify(document, sessionTranscript: transcript).get()
        #expect(verified.deviceElements["org.example"]?["pin_hint"] == "blue")

        let unauthorized = try await issuer.issue()
        let forged = try await DeviceResponseBuilder.document(
            from: unauthorized, elements: [TestIssuer.nameSpace: ["family_name"]], sessionTranscript: transcript,
            authentication: .signature(try issuer.deviceSigner), deviceNameSpaces: ["org.example": ["pin_hint": "blue"]])
        #expect(await verifier.verify(forged, sessionTranscript: transcript).firstFailure
            == .unauthorizedDeviceElement(nameSpace: "org.example", elementIdentifier: "pin_hint"))
    }

    @Test("The device key the wallet asked for is checked when given")
    func deviceKeyBinding() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let bound = await issuer.validator.validate(issued, expectedDeviceKey: issuer.deviceKey.publicKey)
        #expect(bound.outcome(of: .deviceKeyBinding) == .passed("the MSO binds the expected device key"))
        let other = await issuer.validator.validate(issued, expectedDeviceKey: PrivateKey(curve: .p256).publicKey)
        #expect(other.firstFailure == .deviceKeyMismatch)
    }

    @Test("An IssuerSigned survives encoding, Codable and decoding unchanged")
    func issuerSignedRoundTrip() async throws {
        let issuer = try TestIssuer()
        let issued = try await issuer.issue()
        let decoded = try IssuerSigned(decoding: issued.encoded())
        #expect(decoded == issued)
        let viaCodable = try CBORDecoder().decode(IssuerSigned.self, from: try CBOREncoder().encode(issued))
        #expect(viaCodable == issued)
        #expect(try await issuer.validator.validate(decoded).get().issuerElements[TestIssuer.nameSpace]?.count == 13)
    }
}
