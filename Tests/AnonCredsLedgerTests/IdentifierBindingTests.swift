import AnonCreds
import AnonCredsLedger
import Testing
import VellumTestSupport

/// Resolved objects are checked against the identifiers that named them: what a legacy,
/// `did:indy` or DID-URL identifier states must be the object's, or the object is refused.
@Suite("AnonCredsLedger: objects checked against their identifiers")
struct IdentifierBindingTests {
    let policy = IdentifierBindingPolicy.standard

    @Test("a legacy schema id names issuer, name and version")
    func legacySchemaClaims() {
        let claims = IdentifierClaims(schemaID: "WgWxqztrNooG92RXvxSTWv:2:degree:1.2")
        #expect(claims.form == .legacy)
        #expect(claims.issuerID == "WgWxqztrNooG92RXvxSTWv")
        #expect(claims.name == "degree" && claims.version == "1.2")
    }

    @Test("a legacy credential definition id names issuer, schema (id or sequence number) and tag")
    func legacyDefinitionClaims() {
        let byID = IdentifierClaims(credentialDefinitionID: "WgWxqztrNooG92RXvxSTWv:3:CL:WgWxqztrNooG92RXvxSTWv:2:degree:1.2:tag1")
        #expect(byID.issuerID == "WgWxqztrNooG92RXvxSTWv" && byID.tag == "tag1")
        #expect(byID.schemaReference == "WgWxqztrNooG92RXvxSTWv:2:degree:1.2")
        let bySequence = IdentifierClaims(credentialDefinitionID: "WgWxqztrNooG92RXvxSTWv:3:CL:20:default")
        #expect(bySequence.schemaReference == "20" && bySequence.tag == "default")
    }

    @Test("a legacy definition named by its schema's sequence number passes with the schema's id written inside, and still needs its issuer and tag")
    func sequenceNumberReference() throws {
        let id = PublicEntityFixture.legacyDID + ":3:CL:20:" + (try PublicEntityFixture.legacyDefinition).tag
        try policy.check(try PublicEntityFixture.legacyDefinition, id: id)
        expectEachChangeRefused(try PublicEntityFixture.legacyDefinition, id: id, [
            ("issuerId", { $0.issuerID = "Th7MpTaRZVRYnPiabds81Y" }),
            ("tag", { $0.tag = "other" }),
        ])
    }

    @Test("did:indy identifiers name what their path says; other DID URLs their issuer; a plain URL nothing")
    func otherForms() {
        let schema = IdentifierClaims(schemaID: "did:indy:sovrin:staging:F72i3Y3Q4i466efjYJYCHM/anoncreds/v0/SCHEMA/npdb/4.3.4")
        #expect(schema.form == .didIndy && schema.issuerID == "did:indy:sovrin:staging:F72i3Y3Q4i466efjYJYCHM")
        #expect(schema.name == "npdb" && schema.version == "4.3.4")
        let definition = IdentifierClaims(credentialDefinitionID: "did:indy:sovrin:5nDyJVP1NrcPAttP3xwMB9/anoncreds/v0/CLAIM_DEF/56495/npdb")
        #expect(definition.form == .didIndy && definition.tag == "npdb" && definition.issuerID == "did:indy:sovrin:5nDyJVP1NrcPAttP3xwMB9")
        let cheqd = IdentifierClaims(schemaID: "did:cheqd:mainnet:zF7rhDBfUt9d1gJPjx7s1J/resources/5a5b1d3e-8ab1-4d4b-9d3b-0e7d1d7a9f0e")
        #expect(cheqd.form == .didURL && cheqd.issuerID == "did:cheqd:mainnet:zF7rhDBfUt9d1gJPjx7s1J" && cheqd.name == nil)
        #expect(IdentifierClaims(schemaID: "https://registry.example/schemas/1").form == .opaque)
        #expect(IdentifierClaims(schemaID: "did:example:no-path").form == .opaque)
    }

    @Test("the fixture's objects pass under their own identifiers, legacy and DID URL")
    func honestObjectsPass() throws {
        try policy.check(PublicEntityFixture.schema, id: PublicEntityFixture.schemaID)
        try policy.check(PublicEntityFixture.definition, id: PublicEntityFixture.definitionID)
        try policy.check(PublicEntityFixture.legacySchema, id: PublicEntityFixture.legacySchemaID)
        try policy.check(PublicEntityFixture.legacyDefinition, id: PublicEntityFixture.legacyDefinitionID)
        var qualified = try PublicEntityFixture.legacyDefinition
        qualified.issuerID = "did:sov:" + PublicEntityFixture.legacyDID
        try policy.check(qualified, id: PublicEntityFixture.legacyDefinitionID)
    }

    /// Each change of `object` is refused under `id`, naming the member changed.
    func expectEachChangeRefused<Entity: PublicEntity>(
        _ object: Entity, id: String, _ changes: [(member: String, change: (inout Entity) -> Void)]
    ) {
        for (member, change) in changes {
            var changed = object
            change(&changed)
            expectError(AnonCredsRegistryError.self, "\(member)", matching: {
                if case .identifierMismatch(_, member, _, _) = $0 { true } else { false }
            }) { try changed.check(against: id, policy: policy) }
        }
    }

    @Test("a legacy schema with another issuer, name or version is refused, naming the member")
    func legacySchemaMismatch() throws {
        expectEachChangeRefused(try PublicEntityFixture.legacySchema, id: PublicEntityFixture.legacySchemaID, [
            ("issuerId", { $0.issuerID = "Th7MpTaRZVRYnPiabds81Y" }),
            ("name", { $0.name = "other" }),
            ("version", { $0.version = "2.0" }),
        ])
    }

    @Test("a legacy credential definition with another issuer, tag or schema is refused, naming the member")
    func legacyDefinitionMismatch() throws {
        expectEachChangeRefused(try PublicEntityFixture.legacyDefinition, id: PublicEntityFixture.legacyDefinitionID, [
            ("issuerId", { $0.issuerID = "Th7MpTaRZVRYnPiabds81Y" }),
            ("tag", { $0.tag = "other" }),
            ("schemaId", { $0.schemaID = "WgWxqztrNooG92RXvxSTWv:2:vellum-test:9.9" }),
        ])
    }

    @Test("a did:indy schema with another name is refused")
    func didIndyMismatch() throws {
        var schema = try PublicEntityFixture.schema
        schema.issuerID = "did:indy:sovrin:F72i3Y3Q4i466efjYJYCHM"
        schema.name = "npdb"
        schema.version = "4.3.4"
        let id = "did:indy:sovrin:F72i3Y3Q4i466efjYJYCHM/anoncreds/v0/SCHEMA/npdb/4.3.4"
        try policy.check(schema, id: id)
        expectEachChangeRefused(schema, id: id, [("name", { $0.name = "other" })])
    }

    @Test("another issuer's key under a DID-URL identifier is refused")
    func didURLIssuerMismatch() throws {
        var definition = try PublicEntityFixture.definition
        definition.issuerID = "did:example:mallory"
        expectError(AnonCredsRegistryError.self, matching: { if case .identifierMismatch(_, "issuerId", _, _) = $0 { true } else { false } }) {
            try policy.check(definition, id: PublicEntityFixture.definitionID)
        }
    }

    @Test("an identifier naming no issuer is refused by default, accepted only by a policy that says so")
    func unboundIdentifier() throws {
        let schema = try PublicEntityFixture.schema
        expectError(AnonCredsRegistryError.self, matching: { $0 == .unboundIdentifier(id: "https://registry.example/s/1") }) {
            try policy.check(schema, id: "https://registry.example/s/1")
        }
        try IdentifierBindingPolicy(allowsUnboundIdentifiers: true).check(schema, id: "https://registry.example/s/1")
    }
}
