import CBOR
import COSE
import CryptoKeys
import Foundation
import MDoc
import Testing
import VellumTestSupport
import X509Trust

@Suite("ISO 18013-5 Annex D")
struct AnnexDTests {
    @Test("The DeviceResponse decodes: one mDL with six issuer-signed elements and a device MAC",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func decodesDeviceResponse() throws {
        let response = try DeviceResponse(decoding: try AnnexD.deviceResponse())
        #expect(response.version == "1.0")
        #expect(response.status == 0)
        let document = try #require(response.documents.first)
        #expect(document.docType == AnnexD.mDLDocType)
        let items = try #require(document.issuerSigned.nameSpaces[AnnexD.mDLNameSpace])
        #expect(items.map(\.item.elementIdentifier) == [
            "family_name", "issue_date", "expiry_date", "document_number", "portrait", "driving_privileges",
        ])
        #expect(items.map(\.item.digestID) == [0, 3, 4, 7, 8, 9])
        #expect(items[0].item.elementValue == "Doe")
        #expect(items[1].item.elementValue.fullDateValue == FullDate(year: 2019, month: 10, day: 20))
        let mso = document.issuerSigned.issuerAuth.mobileSecurityObject
        #expect(mso.digestAlgorithm == .sha256)
        #expect(mso.valueDigests[AnnexD.mDLNameSpace]?.count == 13)
        #expect(mso.valueDigests["org.iso.18013.5.1.US"]?.count == 4)
        #expect(mso.validityInfo.signed == ISO8601DateFormatter().date(from: "2020-10-01T13:30:02Z"))
        #expect(document.issuerSigned.issuerAuth.certificateChain.count == 1)
        guard case .mac = document.deviceSigned?.deviceAuth else {
            Issue.record("expected a deviceMac")
            return
        }
        #expect(document.deviceSigned?.nameSpaces.isEmpty == true)
    }

    @Test("Issuer data validates as of 2021-01-01 under the Annex D IACA",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func issuerDataValidatesAsOfItsDate() async throws {
        let report = try await AnnexD.issuerDataReport(at: AnnexD.validTime)
        let verified = try report.get()
        #expect(verified.docType == AnnexD.mDLDocType)
        #expect(verified[AnnexD.mDLNameSpace, "document_number"] == "123456789")
        #expect(report.steps.map(\.step) == IssuerSignedValidator.steps)
        #expect(report.outcome(of: .digests) == .passed("6 element(s) match SHA-256 digests"))
        #expect(report.outcome(of: .status) == .skipped("the MSO names no status list"))
    }

    @Test("Today the Annex D document fails with a typed expiry error",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func failsTodayAsExpired() async throws {
        let report = try await AnnexD.issuerDataReport(at: Date())
        let failure = try #require(report.firstFailure)
        guard case .untrustedDocumentSigner(.expired) = failure else {
            Issue.record("expected an expired document signer, got \(failure)")
            return
        }
        #expect(failure.isExpiry)
        #expect(report.outcome(of: .digests) == .skipped("not reached"))
        #expect(throws: MDocError.self) { try report.get() }
    }

    @Test("The device MAC verifies with the reader's ephemeral key and the session transcript",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func deviceMacVerifies() async throws {
        let response = try DeviceResponse(decoding: try AnnexD.deviceResponse())
        let transcript = try SessionTranscript(decoding: try AnnexD.sessionTranscriptBytes())
        let readerKey = try PrivateKey(
            rawRepresentation: try AnnexD.bytes("ISO_18013_5_ANNEX_D_EPHEMERAL_READER_KEY_D"), curve: .p256)
        let verifier = DeviceResponseVerifier(
            issuerValidator: IssuerSignedValidator(trustAnchors: try AnnexD.iacaStore()), readerKey: readerKey)
        let reports = await verifier.verify(response, sessionTranscript: transcript, at: AnnexD.validTime)
        let report = try #require(reports.first)
        let verified = try report.get()
        #expect(verified.deviceAuthentication == .mac)
        #expect(report.outcome(of: .deviceAuthentication) == .passed("device mac verified"))

        // Another reader key derives another EMacKey: the MAC must fail.
        let otherVerifier = DeviceResponseVerifier(
            issuerValidator: IssuerSignedValidator(trustAnchors: try AnnexD.iacaStore()),
            readerKey: PrivateKey(curve: .p256))
        let other = await otherVerifier.verify(response, sessionTranscript: transcript, at: AnnexD.validTime)
        #expect(other.first?.firstFailure == .deviceMacInvalid)

        // Another transcript (a replay into another session) must fail too.
        let replay = SessionTranscript.openID4VP(
            clientID: "x509_san_dns:example.com", nonce: "n", jwkThumbprint: nil, responseURI: "https://example.com")
        let replayed = await verifier.verify(response, sessionTranscript: replay, at: AnnexD.validTime)
        #expect(replayed.first?.firstFailure == .deviceMacInvalid)
    }

    @Test("SessionTranscriptBytes, DeviceEngagement and the DeviceRequest round-trip byte for byte",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func sessionStructuresRoundTrip() throws {
        let transcriptBytes = try AnnexD.sessionTranscriptBytes()
        let transcript = try SessionTranscript(decoding: transcriptBytes)
        #expect(transcript.taggedBytes == transcriptBytes)

        let engagementBytes = try AnnexD.bytes("ISO_18013_5_ANNEX_D_DEVICE_ENGAGEMENT")
        let engagement = try DeviceEngagement(decoding: engagementBytes)
        #expect(engagement.version == "1.0")
        #expect(engagement.cipherSuite == 1)
        #expect(engagement.eDeviceKey.x == (try AnnexD.bytes("ISO_18013_5_ANNEX_D_EPHEMERAL_DEVICE_KEY_X")))
        // The transcript's engagement (QR) lists no retrieval methods but carries the same key.
        let transcriptEngagement = try DeviceEngagement(decoding: transcript.deviceEngagementBytes.encoded())
        #expect(transcriptEngagement.eDeviceKey == engagement.eDeviceKey)
        #expect(transcriptEngagement.taggedBytes == transcript.deviceEngagementBytes)
        #expect(CBOR.embedded(encoded: engagement.encodedEDeviceKey).encoded()
            == (try AnnexD.bytes("ISO_18013_5_ANNEX_D_E_DEVICE_KEY_BYTES")))

        let request = try DeviceRequest(decoding: try AnnexD.bytes("ISO_18013_5_ANNEX_D_DEVICE_REQUEST"))
        let docRequest = try #require(request.docRequests.first)
        #expect(docRequest.encodedItemsRequest == (try AnnexD.bytes("ISO_18013_5_ANNEX_D_ITEMS_REQUEST")))
        #expect(docRequest.itemsRequest.docType == AnnexD.mDLDocType)
        #expect(docRequest.itemsRequest.nameSpaces[AnnexD.mDLNameSpace]?["portrait"] == false)
        #expect(docRequest.itemsRequest.nameSpaces[AnnexD.mDLNameSpace]?.count == 6)
        #expect(docRequest.readerAuth != nil)
        #expect(request.encoded() == (try AnnexD.bytes("ISO_18013_5_ANNEX_D_DEVICE_REQUEST")))
    }

    @Test("Every element keeps its received bytes and re-encodes to the same DeviceResponse",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func reencodesExactly() throws {
        let data = try AnnexD.deviceResponse()
        let response = try DeviceResponse(decoding: data)
        #expect(response.encoded() == data)
        let encoder = CBOREncoder()
        let decoded = try CBORDecoder().decode(DeviceResponse.self, from: try encoder.encode(response))
        #expect(decoded == response)
    }
}

@Suite("Codable")
struct CodableTests {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> Bool {
        try CBORDecoder().decode(T.self, from: try CBOREncoder().encode(value)) == value
    }

    @Test("Every mdoc structure goes through CBOREncoder and CBORDecoder unchanged",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func annexDStructures() throws {
        let response = try DeviceResponse(decoding: try AnnexD.deviceResponse())
        let document = try #require(response.documents.first)
        let mso = document.issuerSigned.issuerAuth.mobileSecurityObject
        #expect(try roundTrip(document))
        #expect(try roundTrip(document.issuerSigned.issuerAuth))
        #expect(try roundTrip(mso))
        #expect(try roundTrip(mso.deviceKeyInfo))
        #expect(try roundTrip(mso.validityInfo))
        #expect(try roundTrip(try #require(document.deviceSigned)))
        #expect(try roundTrip(try #require(document.deviceSigned?.deviceAuth)))
        #expect(try roundTrip(try #require(document.issuerSigned.nameSpaces[AnnexD.mDLNameSpace]?.first?.item)))
        let request = try DeviceRequest(decoding: try AnnexD.bytes("ISO_18013_5_ANNEX_D_DEVICE_REQUEST"))
        #expect(try roundTrip(request))
        #expect(try roundTrip(try #require(request.docRequests.first)))
        #expect(try roundTrip(try #require(request.docRequests.first?.itemsRequest)))
        #expect(try roundTrip(try SessionTranscript(decoding: try AnnexD.sessionTranscriptBytes())))
        #expect(try roundTrip(try DeviceEngagement(decoding: try AnnexD.bytes("ISO_18013_5_ANNEX_D_DEVICE_ENGAGEMENT"))))
        #expect(try roundTrip(KeyAuthorizations(nameSpaces: ["a"], dataElements: ["b": ["c"]])))
        // A Codable MSO refuses what init(cbor:) refuses.
        #expect(throws: (any Error).self) { try CBORDecoder().decode(MobileSecurityObject.self, from: CBOR.map([("version", "1.0")])) }
    }
}
