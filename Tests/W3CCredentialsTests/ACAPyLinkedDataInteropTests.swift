import CryptoKeys
import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import W3CCredentials

/// Ed25519Signature2020 and 2018 between Vellum and ACA-Py 1.7 (`/vc/credentials/*`,
/// `/vc/presentations/*`), both ways: ACA-Py's credentials and presentation (with its
/// `+00:00` `created`) verify in Vellum, Vellum's are accepted by ACA-Py, and a changed claim
/// or challenge is refused on each side. The credential uses only contexts ACA-Py holds offline.
@Suite("Linked Data signatures interop with ACA-Py", .enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage))
struct ACAPyLinkedDataInteropTests {
    static let credential: JSONValue = [
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://w3id.org/citizenship/v1"],
        "type": ["VerifiableCredential", "PermanentResidentCard"],
        "issuanceDate": "2025-01-01T00:00:00Z",
        "credentialSubject": ["id": "did:example:alice", "type": ["PermanentResident"], "givenName": "Alice"],
    ]

    static func json(_ data: Data) throws -> JSONValue { try JSONValue(parsing: data) }

    static func withName(_ document: JSONValue, _ name: String) -> JSONValue {
        guard var object = document.objectValue, var subject = object["credentialSubject"]?.objectValue else { return document }
        subject.updateValue(.string(name), forName: "givenName")
        object.updateValue(.object(subject), forName: "credentialSubject")
        return .object(object)
    }

    static func presentation(holder: String, credential: JSONValue) -> JSONValue {
        ["@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiablePresentation"], "holder": .string(holder),
         "verifiableCredential": [credential]]
    }

    /// ACA-Py's verdict on a credential or (with `challenge`) a presentation.
    static func acapyVerifies(_ document: JSONValue, challenge: String? = nil, domain: String? = nil, agent: ACAPyAgent) async throws -> Bool {
        let answer: (status: Int, body: Data)
        if let challenge {
            var options: JSONObject = ["challenge": .string(challenge)]
            if let domain { options["domain"] = .string(domain) }
            let body: JSONValue = ["verifiablePresentation": document, "options": .object(options)]
            answer = try await agent.exchange("/vc/presentations/verify", json: body.serialized())
        } else {
            answer = try await agent.exchange("/vc/credentials/verify", json: JSONValue.object(["verifiableCredential": document]).serialized())
        }
        let verdict = try json(answer.body)["verified"]?.boolValue
        #expect(verdict != nil, "ACA-Py answered \(answer.status) without a verdict")
        return verdict == true && answer.status == 200
    }

    @Test("ACA-Py's Ed25519Signature2020 and 2018 credentials and its presentation verify in Vellum; Vellum's in ACA-Py")
    func bothWays() async throws {
        let agent = try await ACAPyAgent.start()
        defer { agent.stop() }

        let created = try Self.json(try await agent.post(
            "/wallet/did/create", json: Data(#"{"method":"key","options":{"key_type":"ed25519"}}"#.utf8)))
        let acapyDID = try #require(created["result"]?["did"]?.stringValue)
        var unsigned = try #require(Self.credential.objectValue)
        unsigned["issuer"] = .string(acapyDID)
        var theirCredential: JSONValue = .null
        for suite in [LinkedDataProofSuite.ed25519Signature2020, .ed25519Signature2018] {
            let request: JSONValue = ["credential": .object(unsigned), "options": ["proofType": .string(suite.rawValue)]]
            let issued = try #require(try Self.json(try await agent.post("/vc/credentials/issue", json: request.serialized()))["verifiableCredential"])
            #expect(issued["proof"]?["created"]?.stringValue?.hasSuffix("+00:00") == true)
            let verified = try await LinkedDataProofVerifier().verify(issued, policy: DataIntegrityProofPolicy())
            #expect(verified.map(\.proof.suite) == [suite])
            await #expect(throws: DataIntegrityError.signatureInvalid) {
                _ = try await LinkedDataProofVerifier().verify(Self.withName(issued, "Mallory"), policy: DataIntegrityProofPolicy())
            }
            if suite == .ed25519Signature2020 { theirCredential = issued }
        }
        let proveRequest: JSONValue = [
            "presentation": Self.presentation(holder: acapyDID, credential: theirCredential),
            "options": ["challenge": "c-5J1", "domain": "verifier.example", "proofType": "Ed25519Signature2020", "proofPurpose": "authentication"],
        ]
        let theirPresentation = try #require(
            try Self.json(try await agent.post("/vc/presentations/prove", json: proveRequest.serialized()))["verifiablePresentation"])
        _ = try await LinkedDataProofVerifier().verify(
            theirPresentation, policy: .authentication(challenge: "c-5J1", domain: "verifier.example"))
        await #expect(throws: DataIntegrityError.challengeMismatch) {
            _ = try await LinkedDataProofVerifier().verify(theirPresentation, policy: .authentication(challenge: "other", domain: nil))
        }

        // Vellum signs with did:keys of its own; ACA-Py verifies.
        let issuer = try LinkedDataProofTests.Party()
        var ours = try #require(Self.credential.objectValue)
        ours["issuer"] = .string(issuer.did)
        let signed = try await issuer.signLinkedData(.object(ours), suite: .ed25519Signature2020, created: DataIntegrityProofOptions.timestamp(Date()))
        #expect(try await Self.acapyVerifies(signed, agent: agent))
        #expect(try await !Self.acapyVerifies(Self.withName(signed, "Mallory"), agent: agent))

        let holder = try LinkedDataProofTests.Party()
        let ourPresentation = try await holder.signLinkedData(
            Self.presentation(holder: holder.did, credential: signed),
            suite: .ed25519Signature2020, purpose: "authentication", created: DataIntegrityProofOptions.timestamp(Date()),
            challenge: "c-7Qm", domain: "verifier.example")
        #expect(try await Self.acapyVerifies(ourPresentation, challenge: "c-7Qm", domain: "verifier.example", agent: agent))
        #expect(try await !Self.acapyVerifies(ourPresentation, challenge: "another", domain: "verifier.example", agent: agent))
    }
}
