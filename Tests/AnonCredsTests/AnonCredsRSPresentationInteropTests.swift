import AnonCreds
import Foundation
import Testing
import VellumTestSupport

/// Presentations across implementations: anoncreds-rs 0.2.3's verifier checks Vellum's proofs,
/// and Vellum's verifier checks anoncreds-rs' proofs, over the fixture's credential.
@Suite("Presentation interop with anoncreds-rs", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AnonCredsRSPresentationInteropTests {
    let fixture = IssuanceFixture.shared

    func peer(_ request: [String: Any]) async throws -> [String: Any] {
        try await PythonPeer.runJSON("anoncreds_peer.py", input: JSONSerialization.data(withJSONObject: request))
    }

    func body(_ object: some AnonCredsObject) throws -> Any { try JSONSerialization.jsonObject(with: object.jsonData()) }

    var ledger: [String: Any] {
        [
            "schemas": [fixture.string("schema_id"): fixture.members["schema"]!],
            "cred_defs": [fixture.credentialDefinitionID: fixture.members["cred_def"]!],
        ]
    }

    func pythonVerifies(_ presentation: Presentation, _ request: PresentationRequest) async throws -> Bool {
        let answer = try await peer(["op": "verify-presentation", "presentation": try body(presentation), "request": try body(request)]
            .merging(ledger) { $1 })
        return answer["valid"] as? Bool == true
    }

    @Test("anoncreds-rs verifies Vellum's revealed, grouped, unrevealed and self-attested attributes")
    func rustVerifiesSwift() async throws {
        let request = PresentationTests.request(credentialDefinitionID: fixture.credentialDefinitionID)
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        let selection = PresentationSelection(
            credentials: [.init(credential: try fixture.processed, revealed: ["name_referent", "degree_group"], unrevealed: ["age_referent"])],
            selfAttested: ["phone_referent": "+1 555 0100"])
        let presentation = try holder.present(request, selection: selection, definitions: fixture.definitions, schemas: fixture.schemas)
        #expect(try await pythonVerifies(presentation, request))

        var tampered = presentation
        tampered.proof.proofs[0].equality.m["age"]! += .one
        let refused = try? await pythonVerifies(tampered, request)
        #expect(refused != true)
    }

    @Test("anoncreds-rs verifies a Vellum proof over two credentials with one link secret")
    func rustVerifiesTwoCredentials() async throws {
        let (holder, credentials) = try fixture.credentialsOfOneHolder(named: ["Alice", "Bob"])
        let request = PresentationRequest(nonce: .random(), name: "two", version: "1.0", requestedAttributes: [
            "first": .init(name: "name"), "second": .init(name: "age"),
        ])
        let presentation = try holder.present(request, selection: .init(credentials: [
            .init(credential: credentials[0], revealed: ["first"]), .init(credential: credentials[1], unrevealed: ["second"]),
        ]), definitions: [fixture.credentialDefinitionID: fixture.definition])
        #expect(try await pythonVerifies(presentation, request))
    }

    @Test("anoncreds-rs verifies Vellum's predicate proofs", arguments: [(">=", Int32(18)), (">", 27), ("<=", 28), ("<", 65)])
    func rustVerifiesPredicates(symbol: String, value: Int32) async throws {
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        let request = PresentationRequest(
            nonce: .random(), name: "predicate", version: "1.0", requestedAttributes: ["name_referent": .init(name: "name")],
            requestedPredicates: ["age_predicate": .init(name: "age", predicateType: symbol, value: value)])
        let presentation = try holder.present(request, selection: .init(credentials: [
            .init(credential: try fixture.processed, revealed: ["name_referent"], predicates: ["age_predicate"]),
        ]), definitions: [fixture.credentialDefinitionID: fixture.definition])
        #expect(try await pythonVerifies(presentation, request))
    }

    @Test("Vellum verifies anoncreds-rs' predicate proof")
    func swiftVerifiesRustPredicate() async throws {
        let request = PresentationRequest(
            nonce: .random(), name: "predicate", version: "1.0", requestedAttributes: ["name_referent": .init(name: "name")],
            requestedPredicates: ["age_predicate": .init(name: "age", predicateType: "<", value: 30)])
        let answer = try await peer([
            "op": "present", "request": try body(request), "credential": fixture.members["processed"]!,
            "link_secret": fixture.string("link_secret"), "revealed": ["name_referent"], "predicates": ["age_predicate"],
        ].merging(ledger) { $1 })
        let presentation = try Presentation(jsonData: JSONSerialization.data(withJSONObject: answer["presentation"]!))
        try AnonCredsVerifier.verify(presentation, request: request, definitions: [fixture.credentialDefinitionID: fixture.definition])
        #expect(presentation.proof.proofs[0].predicates[0].predicate.type == .less)
    }

    @Test("Vellum verifies anoncreds-rs' presentation, and refuses it for another nonce")
    func swiftVerifiesRust() async throws {
        let request = PresentationTests.request(credentialDefinitionID: fixture.credentialDefinitionID)
        let answer = try await peer([
            "op": "present", "request": try body(request), "credential": fixture.members["processed"]!,
            "link_secret": fixture.string("link_secret"), "revealed": ["name_referent", "degree_group"],
            "unrevealed": ["age_referent"], "self_attested": ["phone_referent": "+1 555 0100"],
        ].merging(ledger) { $1 })
        let presentation = try Presentation(jsonData: JSONSerialization.data(withJSONObject: answer["presentation"]!))
        let definitions = [fixture.credentialDefinitionID: try fixture.definition]
        try AnonCredsVerifier.verify(presentation, request: request, schemas: fixture.schemas, definitions: definitions)
        #expect(presentation.requestedProof.revealedAttributes["name_referent"]?.raw == "Alice Example")
        var other = request
        other.nonce = .random()
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) {
            try AnonCredsVerifier.verify(presentation, request: other, schemas: fixture.schemas, definitions: definitions)
        }
    }
}
