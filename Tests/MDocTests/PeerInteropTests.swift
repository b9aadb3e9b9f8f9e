import CBOR
import CryptoKeys
import Foundation
import MDoc
import Testing
import VellumTestSupport
import X509Trust

/// Interop with pymdoccbor + pycose (Tests/Peers/mdoc_peer.py), both directions: the peer
/// issues an mDL with its own IACA and Document Signer, Vellum validates it, presents it for
/// an OpenID4VP request, and the peer verifies the presentation with a session transcript it
/// builds itself.
@Suite("pymdoccbor interop", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct PeerInteropTests {
    struct PeerError: Error, CustomStringConvertible { var description: String }

    func peer(_ request: [String: Any]) async throws -> [String: Any] {
        let answer = try await PythonPeer.runJSON("mdoc_peer.py", input: try JSONSerialization.data(withJSONObject: request))
        if let error = answer["error"] as? String { throw PeerError(description: error) }
        return answer
    }

    @Test("An mDL issued by the peer validates here, and Vellum's presentation verifies in the peer")
    func bothDirections() async throws {
        let deviceKey = PrivateKey(curve: .p256)
        let coordinates = try #require(deviceKey.publicKey.coordinates)
        let issued = try await peer(["op": "issue", "device_x": coordinates.x.testHex, "device_y": coordinates.y.testHex])
        let iacaPEM = try #require(issued["iaca_pem"] as? String)
        let responseHex = try #require(issued["device_response"] as? String)
        let responseBytes = try #require(Data(testHex: responseHex))

        // Peer → Vellum: the issuer data validates under the peer's IACA with the Annex B profiles.
        let response = try DeviceResponse(decoding: responseBytes)
        let document = try #require(response.documents.first)
        var anchors = TrustAnchorStore()
        _ = try anchors.add(pem: iacaPEM)
        let validator = IssuerSignedValidator(trustAnchors: anchors)
        let verified = try await validator.validate(
            document.issuerSigned, docType: document.docType, expectedDeviceKey: deviceKey.publicKey).get()
        #expect(verified.issuerElements["org.iso.18013.5.1"]?.count == 13)
        #expect(verified["org.iso.18013.5.1", "family_name"] == "Mustermann")
        #expect(verified["org.iso.18013.5.1", "birth_date"]?.fullDateValue == FullDate(year: 1984, month: 1, day: 26))

        // Vellum → peer: a selective presentation for an OpenID4VP request.
        let clientID = "x509_san_dns:verifier.example.org"
        let nonce = "Nv8jH3k2-Q_9"
        let responseURI = "https://verifier.example.org/post"
        let thumbprint = PrivateKey(curve: .p256).publicKey.thumbprint()
        let transcript = SessionTranscript.openID4VP(
            clientID: clientID, nonce: nonce, jwkThumbprint: thumbprint, responseURI: responseURI)
        let presentation = try await DeviceResponseBuilder.response(
            from: document.issuerSigned,
            request: ItemsRequest(docType: document.docType, elements: ["org.iso.18013.5.1": ["given_name", "age_over_18", "birth_date"]]),
            sessionTranscript: transcript, authentication: .signature(try SoftwareSigner(privateKey: deviceKey)))
        let answer = try await peer([
            "op": "verify", "device_response": presentation.encoded().testHex, "iaca_pem": iacaPEM,
            "client_id": clientID, "nonce": nonce, "response_uri": responseURI, "jwk_thumbprint": thumbprint.testHex,
        ])
        #expect(answer["issuer_valid"] as? Bool == true)
        #expect(answer["device_signature_valid"] as? Bool == true)
        #expect((answer["elements"] as? [String: [String]])?["org.iso.18013.5.1"] == ["age_over_18", "birth_date", "given_name"])

        // The same presentation told to the peer with another nonce must not verify there.
        let replay = try await peer([
            "op": "verify", "device_response": presentation.encoded().testHex, "iaca_pem": iacaPEM,
            "client_id": clientID, "nonce": "another", "response_uri": responseURI, "jwk_thumbprint": thumbprint.testHex,
        ])
        #expect(replay["device_signature_valid"] as? Bool == false)
    }
}
