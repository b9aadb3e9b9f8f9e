import CryptoKeys
import DID
import Foundation
import JOSE
import JSONModel
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// JOSE-secured credentials against independent implementations, both directions: didkit 0.3.3
/// (SpruceID's ssi) issues and verifies VC-JWTs and VP-JWTs; jwcrypto signs a `vc+jwt` under a
/// did:jwk and checks the signature of Vellum's.
@Suite("JOSE-secured credentials: interop", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct JOSECredentialInteropTests {
    static let credential: JSONValue = [
        "@context": ["https://www.w3.org/2018/credentials/v1"],
        "id": "urn:uuid:9a4b5c1e-0000-4000-8000-000000000001",
        "type": ["VerifiableCredential"],
        "issuanceDate": "2025-01-01T00:00:00Z",
        "credentialSubject": ["id": "did:example:subject"],
    ]

    static func peer(_ request: JSONValue) async throws -> JSONValue {
        try JSONValue(parsing: try await PythonPeer.run("vcjwt_peer.py", input: request.serialized(.compact)))
    }

    @Test("didkit's VC-JWT and VP-JWT (challenge as nonce, domain as aud) verify in Vellum")
    func didkitToVellum() async throws {
        let issued = try await Self.peer([
            "op": "didkit-issue", "credential": Self.credential, "challenge": "c-8f3e", "domain": "https://verifier.example",
        ])
        let did = try #require(issued["did"]?.stringValue)
        let vc = try #require(issued["vc"]?.stringValue)
        let credential = try await JOSECredentialVerifier().verifyCredential(vc, policy: JOSECredentialPolicy())
        #expect(credential.credential.issuer == did)
        #expect(credential.evidence.form == .vcJWT)
        let vp = try #require(issued["vp"]?.stringValue)
        let presentation = try await JOSECredentialVerifier().verifyPresentation(
            vp, policy: .presentation(audience: "https://verifier.example", nonce: "c-8f3e"))
        #expect(presentation.presentation.holder == did)
        #expect(presentation.credentials.count == 1)
        await #expect(throws: JOSECredentialError.jose(.claimValidation(.nonceMismatch))) {
            _ = try await JOSECredentialVerifier().verifyPresentation(vp, policy: .presentation(audience: "https://verifier.example", nonce: "other"))
        }
    }

    @Test("Vellum's VC-JWT and VP-JWT verify in didkit, Ed25519 and P-256; a changed one does not")
    func vellumToDidkit() async throws {
        for curve in [KeyCurve.ed25519, .p256] {
            let party = try JOSECredentialTests.Party(curve: curve)
            var credential = try #require(Self.credential.objectValue)
            credential["issuer"] = .string(party.did)
            let vc = try await party.sign(.object(credential))
            let result = try await Self.peer(["op": "didkit-verify-credential", "token": .string(vc)])
            #expect(result["errors"] == [], "\(curve): \(result)")
            let vp = try await party.sign(party.presentation([.string(vc)]), audience: "https://verifier.example", nonce: "n-1")
            let presented = try await Self.peer([
                "op": "didkit-verify-presentation", "token": .string(vp), "challenge": "n-1", "domain": "https://verifier.example",
            ])
            #expect(presented["errors"] == [], "\(curve): \(presented)")
            let wrong = try await Self.peer([
                "op": "didkit-verify-presentation", "token": .string(vp), "challenge": "n-2", "domain": "https://verifier.example",
            ])
            #expect(wrong["errors"] != [], "\(curve): didkit accepted a wrong challenge")
        }
    }

    @Test("jwcrypto's vc+jwt under a did:jwk verifies in Vellum; Vellum's vc+jwt verifies in jwcrypto")
    func jwcrypto() async throws {
        var payload = try #require(JOSECredentialTests.Party().credential2().objectValue)
        payload["issuer"] = "$ISSUER"
        let signed = try await Self.peer(["op": "jwcrypto-sign", "typ": "vc+jwt", "payload": .object(payload)])
        let token = try #require(signed["token"]?.stringValue)
        let verified = try await JOSECredentialVerifier().verifyCredential(token, policy: JOSECredentialPolicy())
        #expect(verified.credential.issuer == signed["did"]?.stringValue)

        let party = try JOSECredentialTests.Party()
        let ours = try await party.sign(party.credential2(), form: .vcJOSE)
        let jwk = try JSONValue(parsing: JWK(publicKey: party.signer.publicKey).jsonData())
        let checked = try await Self.peer(["op": "jwcrypto-verify", "token": .string(ours), "jwk": jwk])
        #expect(checked["valid"] == true)
        #expect(checked["header"]?["typ"] == "vc+jwt")
        #expect(checked["payload"] == party.credential2())
    }
}
