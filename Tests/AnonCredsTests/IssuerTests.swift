import AnonCreds
import Foundation
import Testing

/// The issuer side (sandbox and tests) with the Swift holder opposite it.
@Suite("Issuer: credential definitions, offers and signatures")
struct IssuerTests {
    let fixture = IssuanceFixture.shared
    let values = ["name": "Alice Example", "age": "28", "Degree Name": "Bachelor of Science"]

    @Test("a credential signed with anoncreds-rs' key by the Swift issuer is accepted by the Swift holder")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let issuer = try fixture.issuer
        let offer = issuer.offer(using: &generator)
        let holder = AnonCredsHolder(linkSecret: .random())
        let pending = try holder.request(for: offer, definition: issuer.definition)
        let credential = try issuer.issue(values, for: pending.request, offer: offer, using: &generator)
        #expect(credential.values["age"]?.encoded == "28")
        let processed = try holder.process(credential, metadata: pending.metadata, offer: offer, definition: issuer.definition)
        #expect(processed.signature.v == pending.metadata.vPrime + credential.signature.v)
    }

    @Test("a request whose blinded link secret proof does not verify is not signed")
    func badRequestProof() throws {
        var generator = SystemRandomNumberGenerator()
        let issuer = try fixture.issuer
        let offer = issuer.offer(using: &generator)
        var pending = try AnonCredsHolder(linkSecret: .random()).request(for: offer, definition: issuer.definition)
        pending.request.blindedLinkSecretCorrectnessProof.vDashCap += .one
        #expect(throws: AnonCredsError.blindedLinkSecretProofInvalid) {
            try issuer.issue(values, for: pending.request, offer: offer, using: &generator)
        }
        // A request made for one offer does not answer another (its proof hashed the first nonce).
        let first = issuer.offer(using: &generator), second = issuer.offer(using: &generator)
        let forFirst = try AnonCredsHolder(linkSecret: .random()).request(for: first, definition: issuer.definition)
        #expect(throws: AnonCredsError.blindedLinkSecretProofInvalid) {
            try issuer.issue(values, for: forFirst.request, offer: second, using: &generator)
        }
    }

    @Test("values must be the definition's attributes")
    func attributeSet() throws {
        var generator = SystemRandomNumberGenerator()
        let issuer = try fixture.issuer
        let offer = issuer.offer(using: &generator)
        let pending = try AnonCredsHolder(linkSecret: .random()).request(for: offer, definition: issuer.definition)
        #expect(throws: AnonCredsError.attributesMismatch("no value for age")) {
            try issuer.issue(["name": "A", "Degree Name": "B"], for: pending.request, offer: offer, using: &generator)
        }
    }

    @Test("a new credential definition (small safe primes) proves its key and signs credentials")
    func newDefinition() throws {
        var generator = SystemRandomNumberGenerator()
        let schema = try Schema(name: "degree", version: "1.0", attributeNames: ["name", "Degree Name"], issuerID: "did:example:issuer")
        let issuer = try AnonCredsIssuer.create(
            schema: schema, schemaID: "did:example:issuer/schema/degree", credentialDefinitionID: "did:example:issuer/cred-def/degree",
            safePrimeBits: 256, using: &generator)
        let key = issuer.definition.value.primary
        #expect(Set(key.r.keys) == ["master_secret", "name", "degreename"])
        #expect(key.n.bitWidth >= 511 && key.n.bitWidth <= 512)
        #expect(issuer.keyCorrectnessProof.xrCap.map(\.name) == ["master_secret", "name", "degreename"])
        let reread = try CredentialDefinition(jsonData: issuer.definition.jsonData())
        #expect(reread == issuer.definition)

        let offer = issuer.offer(using: &generator)
        let holder = AnonCredsHolder(linkSecret: .random())
        let pending = try holder.request(for: offer, definition: issuer.definition)
        let credential = try issuer.issue(["name": "Bob", "Degree Name": "MSc"], for: pending.request, offer: offer, using: &generator)
        _ = try holder.process(credential, metadata: pending.metadata, offer: offer, definition: issuer.definition)
    }

    @Test("an unusable private key or key size is a typed error, not a crash")
    func badIssuerInput() throws {
        let zero = IssuanceFixture.altered(fixture.object("cred_def_private"), at: ["value", "p_key"], to: ["p": "0", "q": "7"])
        #expect(throws: AnonCredsError.self) { try CredentialDefinitionPrivate(jsonData: zero) }
        var generator = SystemRandomNumberGenerator()
        let schema = try Schema(name: "s", version: "1.0", attributeNames: ["a"], issuerID: "did:example:issuer")
        #expect(throws: AnonCredsError.unsupported("safe primes of fewer than 64 bits")) {
            try AnonCredsIssuer.create(
                schema: schema, schemaID: "did:example:issuer/s", credentialDefinitionID: "did:example:issuer/c",
                safePrimeBits: 16, using: &generator)
        }
    }

    // Sieving p' and 2p' + 1 together makes a 1 025-bit safe prime take about a second here
    // (anoncreds-rs takes half a minute for a definition), so this runs with every test run.
    @Test("a full-size credential definition (two 1 025-bit safe primes)")
    func fullSizeDefinition() throws {
        var generator = SystemRandomNumberGenerator()
        let schema = try Schema(name: "degree", version: "1.0", attributeNames: ["name"], issuerID: "did:example:issuer")
        let issuer = try AnonCredsIssuer.create(
            schema: schema, schemaID: "did:example:issuer/schema/degree", credentialDefinitionID: "did:example:issuer/cred-def/degree",
            using: &generator)
        #expect(issuer.definition.value.primary.n.bitWidth == 2050)
        _ = try AnonCredsHolder(linkSecret: .random()).request(for: issuer.offer(using: &generator), definition: issuer.definition)
    }
}
