import AnonCreds
import Testing
import VellumTestSupport

/// Every public entry point that takes `inout some RandomNumberGenerator` works on a copy of the
/// generator, never through the caller's address, because that address need not be one: a
/// generator with no stored properties (`SystemRandomNumberGenerator`) has no storage, and the
/// compiler passes whatever word its register or stack slot holds. Under ThreadSanitizer an inout
/// access in generic code hands that word to `__tsan_external_write`, whose shadow lookup faults
/// when the word is not a mappable address; it once was the bytes of the string "default", in
/// `AnonCredsIssuer.create` (Docs/Security.md, "Fuzzing and sanitizers").
///
/// These tests pin the word: each entry point gets the generator at that address. In a plain build
/// they pass either way; under ThreadSanitizer (`Scripts/sanitize.sh thread`) each crashes the
/// test process without the copy.
@Suite("Generators at no address: each generic entry point copies the generator before using it")
struct GeneratorAddressTests {
    let fixture = IssuanceFixture.shared

    /// `SystemRandomNumberGenerator` at the address ThreadSanitizer crashed on: the bytes of
    /// "default", above the 47-bit user address space, so it has no shadow memory.
    static var nowhere: UnsafeMutablePointer<SystemRandomNumberGenerator> {
        UnsafeMutablePointer(bitPattern: 0x0074_6C75_6166_6564)!
    }

    @Test("random integers, primes, nonces and link secrets")
    func randomValues() {
        #expect(BigInteger.random(bits: 64, using: &Self.nowhere.pointee).bitWidth <= 64)
        #expect(BigInteger.random(below: 1000, using: &Self.nowhere.pointee) < 1000)
        #expect(BigInteger.randomPrime(above: 64, rangeBits: 16, using: &Self.nowhere.pointee).isProbablePrime())
        #expect(BigInteger.randomSafePrime(bits: 64, using: &Self.nowhere.pointee).bitWidth == 64)
        #expect(Nonce.random(using: &Self.nowhere.pointee) != Nonce.random(using: &Self.nowhere.pointee))
        #expect(LinkSecret.random(using: &Self.nowhere.pointee) != LinkSecret.random(using: &Self.nowhere.pointee))
    }

    @Test("a credential definition, an offer, a request, a signature and both forms of presentation")
    func issuanceAndPresentation() throws {
        let schema = try fixture.schema
        let small = try AnonCredsIssuer.create(
            schema: schema, schemaID: "did:example:issuer/schema/degree", credentialDefinitionID: "did:example:issuer/cred-def/small",
            safePrimeBits: 128, using: &Self.nowhere.pointee)
        #expect(small.definition.tag == "default")

        let issuer = try fixture.issuer
        let holder = AnonCredsHolder(linkSecret: .random(using: &Self.nowhere.pointee))
        let offer = issuer.offer(using: &Self.nowhere.pointee)
        let pending = try holder.request(for: offer, definition: issuer.definition, using: &Self.nowhere.pointee)
        let issued = try issuer.issue(
            ["name": "Alice", "age": "30", "Degree Name": "BSc"], for: pending.request, offer: offer, using: &Self.nowhere.pointee)
        let credential = try holder.process(issued, metadata: pending.metadata, offer: offer, definition: issuer.definition)

        let request = PresentationRequest(
            nonce: .random(using: &Self.nowhere.pointee), name: "proof", version: "1.0",
            requestedAttributes: ["name": .init(name: "name")], requestedPredicates: ["adult": .init(name: "age", predicateType: ">=", value: 18)])
        let presentation = try holder.present(
            request, selection: PresentationSelection(credentials: [.init(credential: credential, revealed: ["name"], predicates: ["adult"])]),
            definitions: fixture.definitions, schemas: fixture.schemas, using: &Self.nowhere.pointee)
        try AnonCredsVerifier.verify(presentation, request: request, schemas: fixture.schemas, definitions: fixture.definitions)

        let w3c = try W3CAnonCredsCredential(credential, issuerID: issuer.definition.issuerID, version: .v1_1)
        let w3cPresentation = try holder.presentW3C(
            request, selection: [.init(credential: w3c, revealed: ["name"], predicates: ["adult"])],
            definitions: fixture.definitions, schemas: fixture.schemas, using: &Self.nowhere.pointee)
        try AnonCredsVerifier.verify(w3cPresentation, request: request, schemas: fixture.schemas, definitions: fixture.definitions)
    }

    @Test("the caller's generator advances as if the entry point had drawn from it directly")
    func callerGeneratorAdvances() {
        var passed = SeededGenerator(seed: 29)
        _ = BigInteger.random(bits: 128, using: &passed)  // two words
        _ = Nonce.random(using: &passed)  // 80 bits: two more, through a second entry point
        var direct = SeededGenerator(seed: 29)
        for _ in 0..<4 { _ = direct.next() }
        #expect(passed.next() == direct.next())
    }
}
