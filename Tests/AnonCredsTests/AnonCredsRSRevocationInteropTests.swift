import AnonCreds
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Credentials of a revocable definition, issued by anoncreds-rs 0.2.3 under a revocation
/// registry: Vellum processes and keeps them (revocation members carried), proves from them when
/// no non-revocation proof is asked, and refuses with a typed error when one is.
@Suite("Revocable credentials from anoncreds-rs", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AnonCredsRSRevocationInteropTests {
    let fixture = IssuanceFixture.revocable
    let interop = AnonCredsRSPresentationInteropTests()

    var definitions: [String: CredentialDefinition] {
        get throws { [fixture.credentialDefinitionID: try fixture.definition] }
    }

    var ledger: [String: Any] {
        ["schemas": [fixture.string("schema_id"): fixture.members["schema"]!],
         "cred_defs": [fixture.credentialDefinitionID: fixture.members["cred_def"]!]]
    }

    /// A credential anoncreds-rs issued at index 3 of the registry, requested by anoncreds-rs'
    /// holder (a request for a registry carries the revocation part of the blinded link secret,
    /// a BN254 point Vellum does not compute yet) and processed by Vellum with that holder's
    /// link secret and metadata; with anoncreds-rs' own processing of it.
    func issued() async throws -> (AnonCredsHolder, Credential, rust: Credential) {
        let pending = try await interop.peer([
            "op": "holder-request", "cred_def": fixture.members["cred_def"]!, "offer": fixture.members["offer"]!,
        ])
        let answer = try await interop.peer([
            "op": "issue", "cred_def": fixture.members["cred_def"]!, "cred_def_private": fixture.members["cred_def_private"]!,
            "offer": fixture.members["offer"]!, "request": pending["request"]!,
            "values": ["name": "Carol", "age": "41", "Degree Name": "MSc"],
            "revocation": [
                "rev_reg_def": fixture.members["rev_reg_def"]!, "rev_reg_def_private": fixture.members["rev_reg_def_private"]!,
                "status_list": fixture.members["status_list"]!, "index": 3,
            ],
        ])
        let rust = try await interop.peer([
            "op": "holder-process", "cred_def": fixture.members["cred_def"]!, "credential": answer["credential"]!,
            "metadata": pending["metadata"]!, "link_secret": pending["link_secret"]!,
        ])
        let stored = try #require(pending["link_secret"] as? String)
        let holder = AnonCredsHolder(linkSecret: try #require(LinkSecret(storedDecimal: stored)))
        let metadata = try CredentialRequestMetadata(jsonData: JSONSerialization.data(withJSONObject: pending["metadata"]!))
        let credential = try Credential(jsonData: JSONSerialization.data(withJSONObject: answer["credential"]!))
        let processed = try holder.process(credential, metadata: metadata, offer: try fixture.offer, definition: try fixture.definition)
        return (holder, processed, try Credential(jsonData: JSONSerialization.data(withJSONObject: rust["credential"]!)))
    }

    @Test("a credential issued under a revocation registry is processed, its revocation members carried")
    func processed() async throws {
        #expect(try fixture.definition.value.revocation != nil)
        let (_, credential, rust) = try await issued()
        #expect(credential == rust)
        #expect(credential.revocationRegistryID == fixture.string("rev_reg_def_id"))
        #expect(credential.revocationSignature != nil && credential.revocationSignature != .null)
        #expect(credential.witness != nil && credential.revocationRegistry != nil)
        #expect(try Credential(jsonData: credential.jsonData()) == credential)
    }

    @Test("proven without a non-revocation proof when none is asked (anoncreds-rs verifies); refused when one is")
    func nonRevocation() async throws {
        let (holder, credential, _) = try await issued()
        var request = PresentationRequest(
            nonce: .random(), name: "revocable", version: "1.0", requestedAttributes: ["name": .init(name: "name")],
            requestedPredicates: ["adult": .init(name: "age", predicateType: ">=", value: 18)])
        let selection = PresentationSelection(credentials: [.init(credential: credential, revealed: ["name"], predicates: ["adult"])])
        let presentation = try holder.present(request, selection: selection, definitions: try definitions)
        try AnonCredsVerifier.verify(presentation, request: request, definitions: try definitions)
        let answer = try await interop.peer([
            "op": "verify-presentation", "presentation": try interop.body(presentation), "request": try interop.body(request),
        ].merging(ledger) { $1 })
        #expect(answer["valid"] as? Bool == true)

        request.nonRevoked = try JSONParser().parse(Data(#"{"to": 1700000000}"#.utf8))
        #expect(throws: AnonCredsError.nonRevocationProofNotSupported(referent: "name")) {
            try holder.present(request, selection: selection, definitions: try definitions)
        }
    }
}
