import AnonCreds
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Restrictions across implementations: anoncreds-rs 0.2.3's verifier accepts what Vellum proves
/// under restrictions, and where it refuses a proof for its restrictions, so does Vellum.
@Suite("Restriction interop with anoncreds-rs", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AnonCredsRSRestrictionInteropTests {
    let fixture = IssuanceFixture.shared
    let local = RestrictedPresentationTests()
    let interop = AnonCredsRSPresentationInteropTests()

    @Test("anoncreds-rs verifies a Vellum proof that meets $or, $and, $not, $in, attr::value and marker restrictions")
    func accepted() async throws {
        let request = try local.request(
            name: #"[{"schema_name": "other"}, {"schema_name": "vellum-test", "attr::name::value": "Alice Example"}]"#,
            degree: #"{"$and": [{"cred_def_id": "did:example:vellum-issuer/cred-def/1"}, {"attr::degreename::marker": "1"}]}"#,
            age: #"{"$not": {"issuer_id": "did:example:mallory"}, "schema_version": {"$in": ["1.0", "2.0"]}}"#)
        #expect(try await interop.pythonVerifies(try local.present(request), request))
    }

    @Test("where anoncreds-rs refuses a proof for a restriction, Vellum's verifier refuses it too", arguments: [
        ("name_referent", #"{"cred_def_id": "did:example:other/cred-def/1"}"#),
        ("name_referent", #"{"attr::name::value": "Mallory"}"#),
        // anoncreds-rs compares a revealed attribute's value with a marker's.
        ("name_referent", #"{"attr::name::marker": "1"}"#),
        ("name_referent", #"{"attr::phone::value": "1"}"#),
        ("degree_referent", #"{"schema_name": {"$neq": "vellum-test"}}"#),
        ("degree_referent", #"{"issuer_did": "did:example:vellum-issuer"}"#),
        ("adult", #"{"attr::name::value": "Mallory"}"#),
        ("adult", #"{"schema_version": {"$gte": "1.0"}}"#),
    ])
    func refused(referent: String, restriction: String) async throws {
        let unrestricted = try local.request()
        let presentation = try local.present(unrestricted)
        #expect(try await interop.pythonVerifies(presentation, unrestricted))
        var restricted = unrestricted
        let json = try RestrictedPresentationTests.json(restriction)
        if referent == "adult" {
            restricted.requestedPredicates[referent]?.restrictions = json
        } else {
            restricted.requestedAttributes[referent]?.restrictions = json
        }
        let rustAccepts = try? await interop.pythonVerifies(presentation, restricted)
        #expect(rustAccepts != true)
        #expect(throws: AnonCredsError.restrictionNotMet(referent: referent)) { try local.verify(presentation, restricted) }
        // Vellum's holder would not have made this proof for the restricted request.
        #expect(throws: AnonCredsError.restrictionNotMet(referent: referent)) { try local.present(restricted) }
    }
}
