import AnonCreds
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// The W3C form across implementations: anoncreds-rs 0.2.3 and Vellum convert each other's W3C
/// credentials, verify each other's W3C presentations (VCDM 1.1 and 2.0), and Vellum processes a
/// credential anoncreds-rs issues in the W3C form.
@Suite("W3C form interop with anoncreds-rs", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AnonCredsRSW3CInteropTests {
    let fixture = IssuanceFixture.shared
    let interop = AnonCredsRSPresentationInteropTests()

    func json(_ data: Data) throws -> Any { try JSONSerialization.jsonObject(with: data) }

    func rustW3C(version: String) async throws -> W3CAnonCredsCredential {
        let answer = try await interop.peer([
            "op": "to-w3c", "credential": fixture.members["processed"]!, "issuer_id": fixture.string("issuer_id"), "version": version,
        ])
        return try W3CAnonCredsCredential(jsonData: JSONSerialization.data(withJSONObject: answer["w3c"]!))
    }

    var request: PresentationRequest {
        PresentationRequest(
            nonce: .random(), name: "w3c", version: "1.0",
            requestedAttributes: ["name_referent": .init(name: "name", restrictions: .object(["cred_def_id": .string(fixture.credentialDefinitionID)])),
                                  "degree": .init(name: "Degree Name")],
            requestedPredicates: ["adult": .init(name: "age", predicateType: ">=", value: 18)])
    }

    @Test("anoncreds-rs' W3C credential reads as the fixture's credential; Vellum's converts back in anoncreds-rs", arguments: ["1.1", "2.0"])
    func conversion(version: String) async throws {
        let w3c = try await rustW3C(version: version)
        #expect(w3c.version == (version == "1.1" ? .v1_1 : .v2_0))
        #expect(try w3c.credential() == fixture.processed)
        let ours = try W3CAnonCredsCredential(try fixture.processed, issuerID: fixture.string("issuer_id"), version: w3c.version)
        let answer = try await interop.peer(["op": "from-w3c", "w3c": try json(ours.jsonData())])
        let back = try Credential(jsonData: JSONSerialization.data(withJSONObject: answer["credential"]!))
        #expect(back == (try fixture.processed))
    }

    @Test("anoncreds-rs verifies Vellum's W3C presentation, and refuses it for another nonce", arguments: ["1.1", "2.0"])
    func rustVerifiesSwift(version: String) async throws {
        let w3c = try await rustW3C(version: version)
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        let request = request
        let presentation = try holder.presentW3C(
            request, selection: [.init(credential: w3c, revealed: ["name_referent"], unrevealed: ["degree"], predicates: ["adult"])],
            definitions: fixture.definitions, schemas: fixture.schemas, version: w3c.version)
        func rustVerifies(_ request: PresentationRequest) async throws -> Bool {
            let answer = try await interop.peer([
                "op": "w3c-verify", "presentation": try json(presentation.jsonData()), "request": try interop.body(request),
            ].merging(interop.ledger) { $1 })
            return answer["valid"] as? Bool == true
        }
        #expect(try await rustVerifies(request))
        var other = request
        other.nonce = .random()
        let refused = try? await rustVerifies(other)
        #expect(refused != true)
    }

    @Test("Vellum verifies anoncreds-rs' W3C presentation, and refuses it for another nonce", arguments: ["1.1", "2.0"])
    func swiftVerifiesRust(version: String) async throws {
        let w3c = try await rustW3C(version: version)
        let request = request
        let answer = try await interop.peer([
            "op": "w3c-present", "request": try interop.body(request), "credential": try json(w3c.jsonData()),
            "link_secret": fixture.string("link_secret"), "revealed": ["name_referent"], "unrevealed": ["degree"],
            "predicates": ["adult"], "version": version,
        ].merging(interop.ledger) { $1 })
        let presentation = try W3CAnonCredsPresentation(jsonData: JSONSerialization.data(withJSONObject: answer["presentation"]!))
        try AnonCredsVerifier.verify(presentation, request: request, schemas: fixture.schemas, definitions: fixture.definitions)
        var other = request
        other.nonce = .random()
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) {
            try AnonCredsVerifier.verify(presentation, request: other, schemas: fixture.schemas, definitions: fixture.definitions)
        }
    }

    @Test("a credential anoncreds-rs issues in the W3C form is processed by Vellum and proven")
    func issuance() async throws {
        let holder = AnonCredsHolder(linkSecret: .random())
        let offer = try fixture.offer
        let pending = try holder.request(for: offer, definition: try fixture.definition)
        let answer = try await interop.peer([
            "op": "w3c-issue", "cred_def": fixture.members["cred_def"]!, "cred_def_private": fixture.members["cred_def_private"]!,
            "offer": fixture.members["offer"]!, "request": try interop.body(pending.request),
            "values": ["name": "Dana", "age": "33", "Degree Name": "PhD"],
        ])
        let issued = try W3CAnonCredsCredential(jsonData: JSONSerialization.data(withJSONObject: answer["credential"]!))
        let processed = try holder.process(issued, metadata: pending.metadata, offer: offer, definition: try fixture.definition)
        #expect(processed.subject["age"] == .number(33))
        let request = request
        let presentation = try holder.presentW3C(
            request, selection: [.init(credential: processed, revealed: ["name_referent", "degree"], predicates: ["adult"])],
            definitions: fixture.definitions, schemas: fixture.schemas)
        try AnonCredsVerifier.verify(presentation, request: request, schemas: fixture.schemas, definitions: fixture.definitions)
    }
}
