import CryptoKeys
import DCQL
import Foundation
import HTTP
import Hummingbird
import JSONModel
import MDoc
import OpenID4VP
import SDJWT
import Testing
import VellumTestSupport

/// Vellum's presentations checked by an independent verifier written with the Python reference
/// libraries (`Tests/Peers/oid4vp_verifier_peer.py`): jwcrypto decrypts the direct_post.jwt
/// response, `sd-jwt` verifies the SD-JWT VC and its KB-JWT, pymdoccbor + pycose verify the
/// mdoc — which the Python peer issued, so the mdoc half runs in both directions.
@Suite("OpenID4VP interop with an independent Python verifier", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct IndependentVerifierInteropTests {
    @Test func aDirectPostJWTResponseWithBothFormatsIsAccepted() async throws {
        let held = try await HeldCredentials()
        let holderJWK = JWK(publicKey: held.holderKey.publicKey)
        let issued = try await PythonPeer.runJSON("mdoc_peer.py", input: JSONSerialization.data(withJSONObject: [
            "op": "issue", "device_x": try #require(holderJWK.x).testHex, "device_y": try #require(holderJWK.y).testHex,
        ]))
        let iacaPEM = try #require(issued["iaca_pem"] as? String)
        let responseHex = try #require(issued["device_response"] as? String, "\(issued)")
        let peerMDL = try DeviceResponse(decoding: try #require(Data(testHex: responseHex)))
        let issuerSigned = try #require(peerMDL.documents.first?.issuerSigned)

        let verifierKey = PrivateKey(curve: .p256)
        var encryptionJWK = JWK(publicKey: verifierKey.publicKey, keyID: "peer-enc")
        encryptionJWK.alg = "ECDH-ES"
        let metadata = JSONValue.object([
            "jwks": ["keys": [try JSONValue(parsing: encryptionJWK.jsonData())]],
            "encrypted_response_enc_values_supported": ["A256GCM"],
        ]).serializedString()
        let query = #"{"credentials":[{"id":"pid","format":"dc+sd-jwt","meta":{"vct_values":["urn:eudi:pid:1"]},"claims":[{"path":["given_name"]}]},{"id":"mdl","format":"mso_mdoc","meta":{"doctype_value":"org.iso.18013.5.1.mDL"},"claims":[{"path":["org.iso.18013.5.1","age_over_18"]}]}]}"#

        let inbox = FormInbox()
        let router = Router()
        inbox.route("post", in: router)
        try await LoopbackHTTPServer.run(router, label: "oid4vp-interop") { port in
            let responseURI = "http://127.0.0.1:\(port)/post"
            let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
            let parsed = try await holder.parseAuthorizationRequest(
                requestURI: requestLink(ResponseSubmissionTests.unsignedRequest(
                    responseURI: responseURI, query: query, mode: "direct_post.jwt", extra: [("client_metadata", metadata)])),
                walletConfiguration: .testing())
            let resolved = try await holder.resolveAuthorizationRequest(parsed)
            let factory = PresentationFactory(request: resolved.request)
            let sdJWT = try await factory.sdJWTPresentation(
                of: held.pid, disclosing: [try ClaimPath([.key("given_name")])], forQuery: "pid", holderKey: try held.holderSigner)
            let mdoc = try await factory.mdocPresentation(
                of: issuerSigned, elements: ["org.iso.18013.5.1": ["age_over_18"]], deviceKey: try held.holderSigner)
            let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
                SelectedCredential(credentialQueryID: "pid", credentialID: "pid-1", presentation: sdJWT, format: "dc+sd-jwt"),
                SelectedCredential(credentialQueryID: "mdl", credentialID: "mdl-peer", presentation: mdoc, format: "mso_mdoc"),
            ])
            _ = try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response)

            let privateJWK = try JSONSerialization.jsonObject(with: JWK(privateKey: verifierKey, keyID: "peer-enc").jsonData())
            let verdict = try await PythonPeer.runJSON("oid4vp_verifier_peer.py", input: JSONSerialization.data(withJSONObject: [
                "form": try #require(inbox.received.first), "verifier_jwk": privateJWK,
                "client_id": "redirect_uri:\(responseURI)", "nonce": "n-0S6_WzA2Mj", "state": "st-1", "response_uri": responseURI,
                "sd_jwt": ["query_id": "pid", "issuer_jwk": try JSONSerialization.jsonObject(with: JWK(publicKey: held.issuerKey.publicKey).jsonData())],
                "mdoc": ["query_id": "mdl", "iaca_pem": iacaPEM],
            ]))
            #expect(verdict["accepted"] as? Bool == true, "\(verdict["error"] ?? "")")
            #expect(verdict["kid"] as? String == "peer-enc")
            #expect(verdict["enc"] as? String == "A256GCM")
            let claims = try #require(verdict["sd_jwt_claims"] as? [String: Any])
            #expect(claims["given_name"] as? String == "Erika")
            #expect(claims["family_name"] == nil)
            #expect((verdict["mdoc_elements"] as? [String: [String]]) == ["org.iso.18013.5.1": ["age_over_18"]])
        }
    }
}
