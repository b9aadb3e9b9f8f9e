@testable import AnonCreds
import Foundation
import JSONModel
import Testing

/// Restrictions at presentation time: the holder proves only from credentials that meet them
/// (as it knows them and as anoncreds-rs' verifier will see them), the verifier checks them,
/// and the credential search lists which credentials can answer each referent.
@Suite("Presentations under restrictions, and the credential search")
struct RestrictedPresentationTests {
    let fixture = IssuanceFixture.shared

    static func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Data(text.utf8)) }

    /// The fixture's credential (Alice Example, 28, Bachelor of Science) asked for its name
    /// (revealed), its degree (hidden) and age ≥ 18, each under the given restrictions.
    func request(name: String? = nil, degree: String? = nil, age: String? = nil) throws -> PresentationRequest {
        PresentationRequest(
            nonce: .random(), name: "restricted", version: "1.0",
            requestedAttributes: [
                "name_referent": .init(name: "name", restrictions: try name.map(Self.json)),
                "degree_referent": .init(name: "Degree Name", restrictions: try degree.map(Self.json)),
            ],
            requestedPredicates: ["adult": .init(name: "age", predicateType: ">=", value: 18, restrictions: try age.map(Self.json))])
    }

    var selection: PresentationSelection {
        get throws {
            .init(credentials: [.init(
                credential: try fixture.processed, revealed: ["name_referent"], unrevealed: ["degree_referent"], predicates: ["adult"])])
        }
    }

    func present(_ request: PresentationRequest, selection: PresentationSelection? = nil) throws -> Presentation {
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        return try holder.present(request, selection: selection ?? self.selection, definitions: fixture.definitions, schemas: fixture.schemas)
    }

    func verify(_ presentation: Presentation, _ request: PresentationRequest) throws {
        try AnonCredsVerifier.verify(presentation, request: request, schemas: fixture.schemas, definitions: fixture.definitions)
    }

    @Test("a credential meeting every restriction is proven and verifies")
    func met() throws {
        let request = try request(
            name: #"[{"schema_name": "other"}, {"schema_name": "vellum-test", "attr::name::value": "Alice Example"}]"#,
            degree: #"{"$and": [{"cred_def_id": "did:example:vellum-issuer/cred-def/1"}, {"attr::degreename::marker": "1"}]}"#,
            age: #"{"$not": {"issuer_id": "did:example:mallory"}, "schema_version": {"$in": ["1.0", "2.0"]}}"#)
        try verify(try present(request), request)
    }

    @Test("the holder refuses a credential that does not meet a referent's restrictions", arguments: [
        ("name_referent", #"{"cred_def_id": "did:example:other/cred-def/1"}"#),
        ("name_referent", #"{"attr::name::value": "Mallory"}"#),
        ("degree_referent", #"{"schema_version": "2.0"}"#),
        ("adult", #"{"schema_issuer_id": "did:example:mallory"}"#),
        // Met by the credential, but anoncreds-rs' verifier would not see it met (age is not
        // among the referent's names): the holder does not send what would be refused.
        ("name_referent", #"{"attr::age::value": "28"}"#),
    ])
    func unmet(referent: String, restriction: String) throws {
        let request = try request(
            name: referent == "name_referent" ? restriction : nil, degree: referent == "degree_referent" ? restriction : nil,
            age: referent == "adult" ? restriction : nil)
        #expect(throws: AnonCredsError.restrictionNotMet(referent: referent)) { try present(request) }
    }

    @Test("a restricted referent cannot be self-attested; an unrestricted one can")
    func selfAttested() throws {
        var request = try request(name: #"{"schema_name": "vellum-test"}"#)
        let selection = PresentationSelection(
            credentials: [.init(credential: try fixture.processed, unrevealed: ["degree_referent"], predicates: ["adult"])],
            selfAttested: ["name_referent": "Mallory"])
        #expect(throws: AnonCredsError.restrictionNotMet(referent: "name_referent")) { try present(request, selection: selection) }
        request.requestedAttributes["name_referent"]?.restrictions = .array([])
        try verify(try present(request, selection: selection), request)
    }

    @Test("restrictions are checked against the schema: without it the holder cannot, and says so")
    func missingSchema() throws {
        let request = try request(degree: #"{"schema_name": "vellum-test"}"#)
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        #expect(throws: AnonCredsError.restrictionNotMet(referent: "degree_referent")) {
            try holder.present(request, selection: selection, definitions: fixture.definitions)
        }
        let byDefinition = try self.request(degree: #"{"cred_def_id": "did:example:vellum-issuer/cred-def/1"}"#)
        #expect(throws: AnonCredsError.presentationNotPossible("no schema did:example:vellum-issuer/schema/1")) {
            try holder.present(byDefinition, selection: selection, definitions: fixture.definitions)
        }
    }

    @Test("the verifier refuses a proof whose credential does not meet the request's restrictions")
    func verifierRefuses() throws {
        let unrestricted = try request()
        let presentation = try present(unrestricted)
        try verify(presentation, unrestricted)
        // The same proof, checked against a request with the same nonce and a restriction its
        // credential does not meet: every proof check passes, the restriction does not.
        for (referent, restriction) in [
            ("name_referent", #"{"cred_def_id": "did:example:other/cred-def/1"}"#),
            ("name_referent", #"{"attr::name::value": "Mallory"}"#),
            ("degree_referent", #"{"schema_name": {"$neq": "vellum-test"}}"#),
            ("adult", #"{"attr::name::value": "Mallory"}"#),
            ("adult", #"{"schema_version": {"$gte": "1.0"}}"#),
        ] {
            var restricted = unrestricted
            if referent == "adult" {
                restricted.requestedPredicates[referent]?.restrictions = try Self.json(restriction)
            } else {
                restricted.requestedAttributes[referent]?.restrictions = try Self.json(restriction)
            }
            #expect(throws: AnonCredsError.restrictionNotMet(referent: referent)) { try verify(presentation, restricted) }
        }
        var mixed = unrestricted
        mixed.requestedAttributes["name_referent"]?.restrictions = try Self.json(#"{"issuer_id": "x"}"#)
        mixed.requestedPredicates["adult"]?.restrictions = try Self.json(#"{"issuer_did": "x"}"#)
        #expect(throws: AnonCredsError.presentationInvalid("the request's restrictions mix issuer_did and issuer_id")) {
            try verify(presentation, mixed)
        }
        var restricted = unrestricted
        restricted.requestedAttributes["name_referent"]?.restrictions = try Self.json("{}")
        #expect(throws: AnonCredsError.presentationInvalid("no schema did:example:vellum-issuer/schema/1")) {
            try AnonCredsVerifier.verify(presentation, request: restricted, definitions: fixture.definitions)
        }
    }

    @Test("the credential search lists, per referent, the credentials that can answer it")
    func search() throws {
        let (_, credentials) = try fixture.credentialsOfOneHolder(named: ["Bob"])
        let wallet = ["alice": try fixture.processed, "bob": credentials[0]]
        var request = try request(name: #"{"attr::name::value": "Bob"}"#)
        request.requestedAttributes["degree_group"] = .init(names: ["name", "Degree Name"], restrictions: try Self.json(#"{"schema_name": "vellum-test"}"#))
        request.requestedAttributes["phone"] = .init(name: "phone")
        request.requestedPredicates["over_29"] = .init(name: "age", predicateType: ">", value: 29)
        request.requestedPredicates["under_29"] = .init(name: "age", predicateType: "<", value: 29)
        request.requestedPredicates["bad_type"] = .init(name: "age", predicateType: "!=", value: 29)
        let search = CredentialSearch(schemas: try fixture.schemas, definitions: try fixture.definitions)
        let candidates = try search.candidates(for: request, among: wallet)
        #expect(candidates.attributes == [
            "name_referent": ["bob"], "degree_referent": ["alice", "bob"], "degree_group": ["alice", "bob"], "phone": [],
        ])
        #expect(candidates.predicates == ["adult": ["alice", "bob"], "over_29": ["bob"], "under_29": ["alice"], "bad_type": []])
        #expect(candidates.unanswerable == ["bad_type", "phone"])
        // Without the schema, a restriction on its name is met by no credential.
        #expect(try CredentialSearch(definitions: fixture.definitions).candidates(for: request, among: wallet).attributes["degree_group"] == [])
    }

    /// The fixture's credential as if issued under a revocation registry (its revocation
    /// members carried as they are, never used).
    var revocable: Credential {
        get throws {
            var credential = try fixture.processed
            credential.revocationRegistryID = "did:example:vellum-issuer/rev-reg/1"
            credential.revocationRegistry = .object(["accum": .string("1 0")])
            credential.witness = .object(["omega": .string("1 0")])
            return credential
        }
    }

    @Test("a non-revocation proof of a revocable credential is refused as not supported, never faked")
    func nonRevocation() throws {
        let interval = try Self.json(#"{"from": 0, "to": 1700000000}"#)
        var request = try request()
        let revocable = try revocable
        let selection = PresentationSelection(credentials: [
            .init(credential: revocable, revealed: ["name_referent"], unrevealed: ["degree_referent"], predicates: ["adult"]),
        ])
        // Not asked: the revocable credential is proven without one.
        try verify(try present(request, selection: selection), request)

        var local = request
        local.requestedPredicates["adult"]?.nonRevoked = interval
        #expect(throws: AnonCredsError.nonRevocationProofNotSupported(referent: "adult")) { try present(local, selection: selection) }
        request.nonRevoked = interval
        #expect(throws: AnonCredsError.nonRevocationProofNotSupported(referent: "name_referent")) { try present(request, selection: selection) }
        // A credential that cannot be revoked answers the same request, as in anoncreds-rs.
        try verify(try present(request), request)

        let candidates = try CredentialSearch(definitions: fixture.definitions)
            .candidates(for: request, among: ["revocable": revocable, "plain": try fixture.processed])
        #expect(candidates.attributes["name_referent"] == ["plain"] && candidates.predicates["adult"] == ["plain"])
    }
}
