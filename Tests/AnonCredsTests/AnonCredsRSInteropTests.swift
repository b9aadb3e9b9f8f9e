import AnonCreds
import Foundation
import Testing
import VellumTestSupport

/// Issuance across implementations: anoncreds-rs 0.2.3 (Python package, in the peers'
/// virtualenv) on one side, Vellum on the other, driven through `Tests/Peers/anoncreds_peer.py`.
/// The fixture's credential definition is reused (anoncreds-rs takes half a minute to make one).
@Suite("Interop with anoncreds-rs", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AnonCredsRSInteropTests {
    let fixture = IssuanceFixture.shared

    func peer(_ request: [String: Any]) async throws -> [String: Any] {
        try await PythonPeer.runJSON("anoncreds_peer.py", input: JSONSerialization.data(withJSONObject: request))
    }

    func json(_ object: Any?) throws -> Data { try JSONSerialization.data(withJSONObject: object ?? [:]) }

    func body(_ object: some AnonCredsObject) throws -> Any {
        try JSONSerialization.jsonObject(with: object.jsonData())
    }

    /// A fresh anoncreds-rs offer for the fixture's definition.
    func pythonSetup() async throws -> [String: Any] {
        try await peer([
            "op": "issuer-setup", "attributes": ["name", "age", "Degree Name"], "issuer_id": fixture.string("issuer_id"),
            "schema_id": fixture.string("schema_id"), "cred_def_id": fixture.credentialDefinitionID,
            "cred_def": fixture.members["cred_def"]!, "cred_def_private": fixture.members["cred_def_private"]!,
            "key_correctness_proof": fixture.members["key_correctness_proof"]!,
        ])
    }

    @Test("anoncreds-rs offers and issues, Vellum requests and accepts")
    func rustIssuerSwiftHolder() async throws {
        let setup = try await pythonSetup()
        let offer = try CredentialOffer(jsonData: json(setup["offer"]))
        let definition = try CredentialDefinition(jsonData: json(setup["cred_def"]))
        let holder = AnonCredsHolder(linkSecret: .random())
        let pending = try holder.request(for: offer, definition: definition)
        let values = ["name": "Carol Example", "age": "-17", "Degree Name": "PhD, Cryptography 🎓"]
        let issued = try await peer([
            "op": "issue", "cred_def": setup["cred_def"]!, "cred_def_private": setup["cred_def_private"]!,
            "offer": setup["offer"]!, "request": try body(pending.request), "values": values,
        ])
        let credential = try Credential(jsonData: json(issued["credential"]))
        let processed = try holder.process(credential, metadata: pending.metadata, offer: offer, definition: definition)
        #expect(processed.values.mapValues(\.raw) == values)
        #expect(processed.values["age"]?.encoded == "-17")
    }

    @Test("anoncreds-rs refuses a Vellum request whose proof was altered")
    func rustIssuerRefusesTamperedRequest() async throws {
        let setup = try await pythonSetup()
        let offer = try CredentialOffer(jsonData: json(setup["offer"]))
        let definition = try CredentialDefinition(jsonData: json(setup["cred_def"]))
        var pending = try AnonCredsHolder(linkSecret: .random()).request(for: offer, definition: definition)
        pending.request.blindedLinkSecretCorrectnessProof.mCaps["master_secret"]! += .one
        await #expect(throws: PythonPeer.Failure.self) {
            _ = try await peer([
                "op": "issue", "cred_def": setup["cred_def"]!, "cred_def_private": setup["cred_def_private"]!,
                "offer": setup["offer"]!, "request": try body(pending.request), "values": ["name": "x", "age": "1", "Degree Name": "y"],
            ])
        }
    }

    @Test("Vellum offers and issues, anoncreds-rs requests and accepts")
    func swiftIssuerRustHolder() async throws {
        var generator = SystemRandomNumberGenerator()
        let issuer = try fixture.issuer
        let offer = issuer.offer(using: &generator)
        let requested = try await peer(["op": "holder-request", "cred_def": try body(issuer.definition), "offer": try body(offer)])
        let request = try CredentialRequest(jsonData: json(requested["request"]))
        let credential = try issuer.issue(
            ["name": "Dave", "age": "2147483648", "Degree Name": "BA"], for: request, offer: offer, using: &generator)
        let processed = try await peer([
            "op": "holder-process", "cred_def": try body(issuer.definition), "credential": try body(credential),
            "metadata": requested["metadata"]!, "link_secret": requested["link_secret"]!,
        ])
        let accepted = try Credential(jsonData: json(processed["credential"]))
        let metadata = try CredentialRequestMetadata(jsonData: json(requested["metadata"]))
        #expect(accepted.signature.v == metadata.vPrime + credential.signature.v)
    }

    @Test("anoncreds-rs' holder refuses a Vellum credential with a tampered signature")
    func rustHolderRefusesTamperedCredential() async throws {
        var generator = SystemRandomNumberGenerator()
        let issuer = try fixture.issuer
        let offer = issuer.offer(using: &generator)
        let requested = try await peer(["op": "holder-request", "cred_def": try body(issuer.definition), "offer": try body(offer)])
        let request = try CredentialRequest(jsonData: json(requested["request"]))
        var credential = try issuer.issue(["name": "Eve", "age": "30", "Degree Name": "BA"], for: request, offer: offer, using: &generator)
        credential.signature.a += .one
        await #expect(throws: PythonPeer.Failure.self) {
            _ = try await peer([
                "op": "holder-process", "cred_def": try body(issuer.definition), "credential": try body(credential),
                "metadata": requested["metadata"]!, "link_secret": requested["link_secret"]!,
            ])
        }
    }
}
