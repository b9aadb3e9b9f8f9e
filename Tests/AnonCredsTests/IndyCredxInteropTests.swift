import AnonCreds
import Foundation
import Testing
import VellumTestSupport

/// AnonCreds opposite indy-credx 1.1.1, the library ACA-Py's Indy issuer and verifier run on
/// (`Tests/Peers/indy_credx_peer.py`, in ACA-Py's Python 3.13 virtualenv): its legacy Indy
/// identifiers, its offer with key correctness proof, its credential processed by Vellum with a
/// `prover_did` request (what ACA-Py asks for Indy formats), and Vellum's proof of a revealed
/// attribute and a predicate verified by indy-credx; a tampered proof refused.
@Suite("AnonCreds: interop with indy-credx", .enabled(if: ACAPyAgent.python != nil, ACAPyAgent.skipMessage))
struct IndyCredxInteropTests {
    static let issuerDID = "Th7MpTaRZVRYnPiabds81Y"

    func peer(_ request: [String: Any]) async throws -> [String: Any] {
        let output = try await PythonPeer.run(
            "indy_credx_peer.py", input: try JSONSerialization.data(withJSONObject: request), interpreter: ACAPyAgent.python)
        return try JSONSerialization.jsonObject(with: output) as? [String: Any] ?? [:]
    }

    func json(_ value: Any?) throws -> Data { try JSONSerialization.data(withJSONObject: value ?? [:]) }

    func object(_ data: Data) throws -> Any { try JSONSerialization.jsonObject(with: data) }

    @Test("indy-credx issues to Vellum (prover_did request); indy-credx verifies Vellum's proof; a tampered one is refused")
    func issueAndVerify() async throws {
        let setup = try await peer(["op": "setup", "issuer_did": Self.issuerDID, "attributes": ["name", "age"]])
        let schema = try Schema(jsonData: try json(setup["schema_anoncreds"]))
        let definition = try CredentialDefinition(jsonData: try json(setup["cred_def_anoncreds"]))
        let offer = try CredentialOffer(jsonData: try json(setup["offer"]))
        #expect(offer.credentialDefinitionID.hasPrefix("\(Self.issuerDID):3:CL:"))

        let holder = AnonCredsHolder(linkSecret: .random())
        let pending = try holder.request(for: offer, definition: definition, identity: .proverDID(Self.issuerDID))
        let issued = try await peer([
            "op": "issue", "cred_def": setup["cred_def"]!, "cred_def_private": setup["cred_def_private"]!, "offer": setup["offer"]!,
            "request": try object(pending.request.jsonData()), "values": ["name": "Alice", "age": "30"],
        ])
        let credential = try holder.process(
            try Credential(jsonData: try json(issued["credential"])), metadata: pending.metadata, offer: offer, definition: definition)
        #expect(credential.values["name"]?.raw == "Alice")

        let requestJSON: [String: Any] = [
            "nonce": Nonce.random().text, "name": "proof", "version": "1.0",
            "requested_attributes": ["name_referent": ["name": "name", "restrictions": [["cred_def_id": offer.credentialDefinitionID]]]],
            "requested_predicates": ["adult": ["name": "age", "p_type": ">=", "p_value": 18]],
        ]
        let request = try PresentationRequest(jsonData: try json(requestJSON))
        let presentation = try holder.present(
            request, selection: .init(credentials: [.init(credential: credential, revealed: ["name_referent"], predicates: ["adult"])]),
            definitions: [offer.credentialDefinitionID: definition], schemas: [offer.schemaID: schema])
        let ledger: [String: Any] = [
            "schemas": [offer.schemaID: setup["schema"]!], "cred_defs": [offer.credentialDefinitionID: setup["cred_def"]!],
        ]
        let verified = try await peer(["op": "verify", "presentation": try object(presentation.jsonData()), "request": requestJSON]
            .merging(ledger) { $1 })
        #expect(verified["valid"] as? Bool == true)

        // A revealed raw value changed after the proof was made: indy-credx checks the proof over
        // the encoded value only (ACA-Py compares raw and encoded on top), Vellum's verifier
        // refuses it itself; with the encoded value changed too, indy-credx refuses as well.
        func tampered(_ member: String, _ value: String) throws -> [String: Any] {
            var document = try #require(try object(presentation.jsonData()) as? [String: Any])
            var proof = try #require(document["requested_proof"] as? [String: Any])
            var revealed = try #require(proof["revealed_attrs"] as? [String: Any])
            var name = try #require(revealed["name_referent"] as? [String: Any])
            name[member] = value
            revealed["name_referent"] = name
            proof["revealed_attrs"] = revealed
            document["requested_proof"] = proof
            return document
        }
        let rawChanged = try Presentation(jsonData: try json(try tampered("raw", "Mallory")))
        #expect(throws: AnonCredsError.self) {
            try AnonCredsVerifier.verify(
                rawChanged, request: request, schemas: [offer.schemaID: schema], definitions: [offer.credentialDefinitionID: definition])
        }
        let encodedChanged = try tampered("encoded", "12345")
        let refused = try? await peer(["op": "verify", "presentation": encodedChanged, "request": requestJSON].merging(ledger) { $1 })
        #expect(refused?["valid"] as? Bool != true)
    }

    @Test("Vellum's issuer (Indy identifiers) issues to indy-credx's holder, which processes it; Vellum verifies indy-credx's proof, and refuses it for another nonce")
    func reverse() async throws {
        var generator = SystemRandomNumberGenerator()
        let schemaID = "\(Self.issuerDID):2:vellum-degree:1.0"
        let definitionID = "\(Self.issuerDID):3:CL:\(schemaID):default"
        let schema = try Schema(name: "vellum-degree", version: "1.0", attributeNames: ["name", "age"], issuerID: Self.issuerDID)
        let issuer = try AnonCredsIssuer.create(schema: schema, schemaID: schemaID, credentialDefinitionID: definitionID, using: &generator)
        let offer = issuer.offer(using: &generator)
        let definitionJSON = try object(issuer.definition.jsonData())
        let requested = try await peer([
            "op": "holder-request", "cred_def_id": definitionID, "cred_def": definitionJSON, "offer": try object(offer.jsonData()),
            "prover_did": Self.issuerDID,
        ])
        let request = try CredentialRequest(jsonData: try json(requested["request"]))
        let credential = try issuer.issue(["name": "Bob", "age": "41"], for: request, offer: offer, using: &generator)
        let processed = try await peer([
            "op": "holder-process", "cred_def_id": definitionID, "cred_def": definitionJSON, "credential": try object(credential.jsonData()),
            "metadata": requested["metadata"]!, "link_secret": requested["link_secret"]!,
        ])
        let nonce = Nonce.random().text
        let requestJSON: [String: Any] = [
            "nonce": nonce, "name": "proof", "version": "1.0",
            "requested_attributes": ["name_referent": ["name": "name", "restrictions": [["cred_def_id": definitionID]]]],
            "requested_predicates": ["adult": ["name": "age", "p_type": ">=", "p_value": 18]],
        ]
        let presented = try await peer([
            "op": "holder-present", "request": requestJSON, "credential": processed["credential"]!, "link_secret": requested["link_secret"]!,
            "schemas": [schemaID: try object(schema.jsonData())], "cred_defs": [definitionID: definitionJSON],
            "revealed": ["name_referent"], "predicates": ["adult"],
        ])
        let presentation = try Presentation(jsonData: try json(presented["presentation"]))
        try AnonCredsVerifier.verify(
            presentation, request: try PresentationRequest(jsonData: try json(requestJSON)), schemas: [schemaID: schema],
            definitions: [definitionID: issuer.definition])
        var otherNonce = requestJSON
        otherNonce["nonce"] = Nonce.random().text
        #expect(throws: AnonCredsError.self) {
            try AnonCredsVerifier.verify(
                presentation, request: try PresentationRequest(jsonData: try json(otherNonce)), schemas: [schemaID: schema],
                definitions: [definitionID: issuer.definition])
        }
    }
}
