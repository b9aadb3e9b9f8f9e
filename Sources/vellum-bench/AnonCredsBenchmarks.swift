import AnonCreds
import Foundation

/// AnonCreds over the committed anoncreds-rs fixture's 2 050-bit credential definition, each
/// beside anoncreds-rs 0.2.3 timed in-process in Python (process start not counted): the
/// holder's request (key correctness proof checked, link secret blinded), processing the issued
/// credential, a presentation of 2 revealed, 1 unrevealed attribute and 1 predicate, and its
/// verification. Issue #27's target is at most 0.8× anoncreds-rs' time (peer ÷ vellum ≥ 1.25).
enum AnonCredsBenchmarks {
    static let all: [Benchmark] = ["request", "process", "present", "verify"].map { step in
        Benchmark(name: "anoncreds.\(step)", prepare: { try prepare(step) }, peer: "anoncreds-rs.\(step)")
    }

    static var fixtureURL: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Tests/AnonCredsTests/Fixtures/anoncreds-rs-issuance.json")
    }

    /// Everything up to `step`, done once outside the timed region.
    private static func prepare(_ step: String) throws -> Benchmark.Operation {
        let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: fixtureURL)) as? [String: Any] ?? [:]
        func member<T: AnonCredsObject>(_ name: String, as type: T.Type) throws -> T {
            try T(jsonData: JSONSerialization.data(withJSONObject: fixture[name] ?? [:]))
        }
        let definitionID = fixture["cred_def_id"] as? String ?? ""
        let definition = try member("cred_def", as: CredentialDefinition.self)
        let offer = try member("offer", as: CredentialOffer.self)
        let issuer = try AnonCredsIssuer(
            definition: definition, credentialDefinitionID: definitionID,
            privateKey: try member("cred_def_private", as: CredentialDefinitionPrivate.self),
            keyCorrectnessProof: offer.keyCorrectnessProof)
        let holder = AnonCredsHolder(linkSecret: .random())
        let input = [fixtureURL.path]
        if step == "request" {
            return Benchmark.Operation(run: { _ = try holder.request(for: offer, definition: definition) }, peerInput: input)
        }
        let pending = try holder.request(for: offer, definition: definition)
        var generator = SystemRandomNumberGenerator()
        let issued = try issuer.issue(
            ["name": "Alice Example", "age": "28", "Degree Name": "Bachelor of Science"], for: pending.request, offer: offer,
            using: &generator)
        if step == "process" {
            return Benchmark.Operation(run: {
                _ = try holder.process(issued, metadata: pending.metadata, offer: offer, definition: definition)
            }, peerInput: input)
        }
        let credential = try holder.process(issued, metadata: pending.metadata, offer: offer, definition: definition)
        let request = PresentationRequest(nonce: .random(), name: "bench", version: "1.0", requestedAttributes: [
            "a": .init(name: "name"), "b": .init(name: "Degree Name"), "c": .init(name: "age"),
        ], requestedPredicates: ["d": .init(name: "age", predicateType: ">=", value: 18)])
        let selection = PresentationSelection(credentials: [
            .init(credential: credential, revealed: ["a", "b"], unrevealed: ["c"], predicates: ["d"]),
        ])
        let definitions = [definitionID: definition]
        if step == "present" {
            return Benchmark.Operation(run: { _ = try holder.present(request, selection: selection, definitions: definitions) }, peerInput: input)
        }
        let presentation = try holder.present(request, selection: selection, definitions: definitions)
        return Benchmark.Operation(run: {
            try AnonCredsVerifier.verify(presentation, request: request, definitions: definitions)
        }, peerInput: input)
    }
}
