@testable import AnonCreds
import Foundation
import Testing

/// Equality proofs (revealed, unrevealed, grouped and self-attested attributes over one or two
/// credentials) built by the Swift holder and checked by the Swift verifier.
@Suite("Presentations: proofs of revealed and hidden attributes")
struct PresentationTests {
    let fixture = IssuanceFixture.shared

    static func request(nonce: Nonce = .random(), credentialDefinitionID: String) -> PresentationRequest {
        PresentationRequest(nonce: nonce, name: "proof", version: "1.0", requestedAttributes: [
            "name_referent": .init(name: "name", restrictions: .array([.object(["cred_def_id": .string(credentialDefinitionID)])])),
            "age_referent": .init(name: "age"),
            "degree_group": .init(names: ["Degree Name", "name"]),
            "phone_referent": .init(name: "phone"),
        ])
    }

    func presentation(
        request: PresentationRequest? = nil, holder: AnonCredsHolder? = nil, credential: Credential? = nil
    ) throws -> (Presentation, PresentationRequest) {
        let request = request ?? Self.request(credentialDefinitionID: fixture.credentialDefinitionID)
        let holder = try holder ?? AnonCredsHolder(linkSecret: #require(fixture.linkSecret))
        let selection = PresentationSelection(
            credentials: [.init(credential: try credential ?? fixture.processed, revealed: ["name_referent", "degree_group"], unrevealed: ["age_referent"])],
            selfAttested: ["phone_referent": "+1 555 0100"])
        let presentation = try holder.present(request, selection: selection, definitions: fixture.definitions, schemas: fixture.schemas)
        return (presentation, request)
    }

    func verify(_ presentation: Presentation, _ request: PresentationRequest) throws {
        try AnonCredsVerifier.verify(presentation, request: request, schemas: fixture.schemas, definitions: fixture.definitions)
    }

    @Test("revealed, grouped, unrevealed and self-attested attributes verify, and reading back changes nothing")
    func oneCredential() throws {
        let (presentation, request) = try presentation()
        try verify(presentation, request)
        let requested = presentation.requestedProof
        #expect(requested.revealedAttributes["name_referent"]?.raw == "Alice Example")
        #expect(requested.revealedAttributeGroups["degree_group"]?.values["Degree Name"]?.raw == "Bachelor of Science")
        #expect(requested.unrevealedAttributes["age_referent"]?.subProofIndex == 0)
        #expect(presentation.proof.proofs[0].equality.revealedAttributes["age"] == nil)
        #expect(presentation.proof.proofs[0].equality.m["age"] != nil)
        let reread = try Presentation(jsonData: presentation.jsonData())
        #expect(reread == presentation)
        try verify(reread, request)
    }

    @Test("two credentials of one holder prove one link secret")
    func twoCredentials() throws {
        let (holder, credentials) = try fixture.credentialsOfOneHolder(named: ["Alice", "Bob"])
        let request = PresentationRequest(nonce: .random(), name: "two", version: "1.0", requestedAttributes: [
            "first": .init(name: "name"), "second": .init(name: "name"),
        ])
        let selection = PresentationSelection(credentials: [
            .init(credential: credentials[0], revealed: ["first"]), .init(credential: credentials[1], revealed: ["second"]),
        ])
        let presentation = try holder.present(request, selection: selection, definitions: [fixture.credentialDefinitionID: fixture.definition])
        try verify(presentation, request)
        #expect(presentation.requestedProof.revealedAttributes["second"]?.raw == "Bob")

        // The same two credentials presented by a holder without their link secret do not verify.
        let stranger = AnonCredsHolder(linkSecret: .random())
        let forged = try stranger.present(request, selection: selection, definitions: [fixture.credentialDefinitionID: fixture.definition])
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) { try verify(forged, request) }
    }

    @Test("a proof for one nonce does not answer another request")
    func wrongNonce() throws {
        let (presentation, request) = try presentation()
        var other = request
        other.nonce = .random()
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) { try verify(presentation, other) }
    }

    @Test("tampered proofs and values are refused")
    func tampered() throws {
        let (presentation, request) = try presentation()
        var altered = presentation
        altered.proof.proofs[0].equality.v += .one
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) { try verify(altered, request) }

        altered = presentation
        altered.requestedProof.revealedAttributes["name_referent"]?.raw = "Mallory"
        #expect(throws: AnonCredsError.encodedValueMismatch(attribute: "name")) { try verify(altered, request) }

        altered = presentation
        altered.requestedProof.revealedAttributes["name_referent"] = .init(
            subProofIndex: 0, raw: "Mallory", encoded: AttributeEncoding.encode("Mallory"))
        #expect(throws: AnonCredsError.presentationInvalid("name_referent: the revealed value is not the proven one")) {
            try verify(altered, request)
        }

        // Revealing another value everywhere it is shown: the proof no longer verifies.
        altered = presentation
        let mallory = AttributeValue(raw: "Mallory")
        altered.proof.proofs[0].equality.revealedAttributes["name"] = BigInteger(decimal: mallory.encoded)
        altered.requestedProof.revealedAttributes["name_referent"] = .init(subProofIndex: 0, raw: mallory.raw, encoded: mallory.encoded)
        altered.requestedProof.revealedAttributeGroups["degree_group"]?.values["name"] = mallory
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) { try verify(altered, request) }

        altered = presentation
        altered.proof.proofs[0].equality.m[AttributeName.linkSecret] = nil
        #expect(throws: AnonCredsError.presentationInvalid("the sub-proofs do not prove one link secret")) { try verify(altered, request) }

        altered = presentation
        altered.requestedProof.unrevealedAttributes["age_referent"] = nil
        #expect(throws: AnonCredsError.presentationInvalid("age_referent is answered 0 times")) { try verify(altered, request) }
    }

    @Test("the holder refuses selections that do not answer the request")
    func selections() throws {
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        let request = Self.request(credentialDefinitionID: fixture.credentialDefinitionID)
        let definitions = [fixture.credentialDefinitionID: try fixture.definition]
        let partial = PresentationSelection(credentials: [.init(credential: try fixture.processed, revealed: ["name_referent"])])
        #expect(throws: AnonCredsError.self) { try holder.present(request, selection: partial, definitions: definitions) }
        let twice = PresentationSelection(
            credentials: [.init(credential: try fixture.processed, revealed: ["name_referent", "degree_group"], unrevealed: ["age_referent"])],
            selfAttested: ["phone_referent": "1", "age_referent": "2"])
        #expect(throws: AnonCredsError.presentationNotPossible("age_referent is answered twice")) {
            try holder.present(request, selection: twice, definitions: definitions)
        }
        var withPredicate = request
        withPredicate.requestedPredicates["adult"] = .init(name: "age", predicateType: ">=", value: 18)
        let complete = PresentationSelection(
            credentials: [.init(credential: try fixture.processed, revealed: ["name_referent", "degree_group"], unrevealed: ["age_referent"])],
            selfAttested: ["phone_referent": "1"])
        #expect(throws: AnonCredsError.presentationNotPossible("adult is not answered")) {
            try holder.present(withPredicate, selection: complete, definitions: definitions)
        }
    }

    /// Proves `age <op> value` for the fixture's credential (age 28) and verifies it.
    func predicatePresentation(_ symbol: String, _ value: Int32) throws -> (Presentation, PresentationRequest) {
        let holder = AnonCredsHolder(linkSecret: try #require(fixture.linkSecret))
        let request = PresentationRequest(
            nonce: .random(), name: "predicate", version: "1.0", requestedAttributes: ["name_referent": .init(name: "name")],
            requestedPredicates: ["age_predicate": .init(name: "age", predicateType: symbol, value: value)])
        let selection = PresentationSelection(credentials: [
            .init(credential: try fixture.processed, revealed: ["name_referent"], predicates: ["age_predicate"]),
        ])
        let presentation = try holder.present(request, selection: selection, definitions: [fixture.credentialDefinitionID: fixture.definition])
        return (presentation, request)
    }

    @Test("each predicate that holds is proven without revealing the value", arguments: [
        (">=", Int32(28)), (">=", 18), (">", 27), ("<=", 28), ("<=", 65), ("<", 29), (">=", -5),
    ])
    func predicatesThatHold(symbol: String, value: Int32) throws {
        let (presentation, request) = try predicatePresentation(symbol, value)
        try verify(presentation, request)
        let proof = presentation.proof.proofs[0]
        #expect(proof.equality.revealedAttributes["age"] == nil && proof.predicates.count == 1)
        #expect(presentation.requestedProof.predicates["age_predicate"]?.subProofIndex == 0)
        #expect(try Presentation(jsonData: presentation.jsonData()) == presentation)
    }

    @Test("a predicate that does not hold gets no proof", arguments: [(">=", Int32(29)), (">", 28), ("<=", 27), ("<", 28)])
    func predicatesThatFail(symbol: String, value: Int32) throws {
        #expect(throws: AnonCredsError.presentationNotPossible("the predicate on age does not hold")) {
            try predicatePresentation(symbol, value)
        }
    }

    @Test("a predicate proof that was altered, or claims another bound, is refused")
    func tamperedPredicate() throws {
        let (presentation, request) = try predicatePresentation(">=", 18)
        var altered = presentation
        altered.proof.proofs[0].predicates[0].alpha += .one
        #expect(throws: AnonCredsError.presentationInvalid("the challenge does not match")) { try verify(altered, request) }
        altered = presentation
        altered.proof.proofs[0].predicates[0].mj += .one
        #expect(throws: AnonCredsError.presentationInvalid("a predicate proof is not tied to its attribute")) { try verify(altered, request) }
        var stricter = request
        stricter.requestedPredicates["age_predicate"]?.value = 21
        #expect(throws: AnonCredsError.presentationInvalid("sub-proof 0 does not prove the predicates asked of it")) {
            try verify(presentation, stricter)
        }
        altered = presentation
        altered.proof.proofs[0].predicates[0].predicate.value = 21
        #expect(throws: AnonCredsError.self) { try verify(altered, stricter) }
    }

    @Test("Lagrange: every small number is a sum of four squares")
    func fourSquares() {
        for value in UInt64(0)...300 {
            #expect(PredicateProofBuilder.fourSquares(value).map { $0 * $0 }.reduce(0, +) == value)
        }
        let big = UInt64(Int32.max)
        #expect(PredicateProofBuilder.fourSquares(big).map { $0 * $0 }.reduce(0, +) == big)
    }
}
