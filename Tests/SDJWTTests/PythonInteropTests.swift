import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport

/// Interop with the reference implementation, Python `sd-jwt` 0.10.4, both ways: what it
/// issues Vellum verifies and presents (with a KB-JWT) and it accepts the presentation;
/// what Vellum issues it verifies and presents, and Vellum accepts that.
@Suite("Interop with Python sd-jwt", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct PythonInteropTests {
    static let audience = "https://verifier.example.org"
    static let nonce = "XZOUco1u_gEPknxS78sWWg"

    static func publicJWK(_ jwk: String) throws -> JSONValue {
        guard case .object(var object) = try JSONValue(parsing: jwk) else { throw FixtureError("jwk") }
        object["d"] = nil
        return .object(object)
    }

    /// Marked-up claims as the peer's issuer takes them: the RFC §5 example, recursive
    /// address, array elements, a nested array.
    static let markup = #"""
    {"iss":"https://issuer.example.com","iat":1683000000,"exp":1883000000,"sub":"user_42",
     "!sd given_name":"John","!sd family_name":"Doe","!sd email":"johndoe@example.com",
     "!sd address":{"!sd street_address":"123 Main St","!sd locality":"Anytown","country":"US"},
     "nationalities":[{"!sd":"US"},{"!sd":"DE"}],"!sd birthdate":"1940-01-01",
     "nested":[[{"!sd":1},2],{"!sd":{"!sd deep":true}}]}
    """#

    @Test("an SD-JWT issued by Python verifies in Vellum, and Vellum's presentation verifies in Python")
    func pythonIssuesVellumPresents() async throws {
        let issued = try await SDJWTPeer.call([
            "op": "issue", "claims": try JSONValue(parsing: Self.markup), "decoys": true,
            "issuer_jwk": try JSONValue(parsing: Fixtures.issuerJWK), "holder_jwk": try Self.publicJWK(Fixtures.holderJWK),
        ])
        let issuance = try #require(issued["issuance"]?.stringValue)
        let verified = try await SDJWTVerifier(keyBinding: .forbidden).verify(issuance, resolver: Fixtures.issuerResolver())
        var expectedClaims: [ClaimPath] = []
        let plain = try SDJWTPeer.unmark(JSONValue(parsing: Self.markup), into: &expectedClaims)
        var withCnf = try #require(plain.objectValue)
        withCnf["cnf"] = ["jwk": try Self.publicJWK(Fixtures.holderJWK)]
        #expect(verified.claims == withCnf)
        #expect(verified.disclosedClaims.count == expectedClaims.count)

        let paths = try [#"["given_name"]"#, #"["address","locality"]"#, #"["nationalities",1]"#, #"["nested",1,"deep"]"#]
            .map(Fixtures.path)
        let presentation = try await verified.presentation(
            disclosing: paths, keyBinding: KeyBindingRequest(audience: Self.audience, nonce: Self.nonce),
            signer: Fixtures.holderSigner())
        let vellumView = try await SDJWTVerifier(keyBinding: .required(audience: Self.audience, nonce: Self.nonce))
            .verify(presentation, resolver: Fixtures.issuerResolver())
        let answer = try await SDJWTPeer.call([
            "op": "verify", "token": .string(presentation.serialized), "issuer_jwk": try Self.publicJWK(Fixtures.issuerJWK),
            "nonce": .string(Self.nonce), "aud": .string(Self.audience),
        ])
        #expect(answer["valid"] == true, "\(answer)")
        #expect(answer["claims"] == .object(vellumView.claims))
        #expect(vellumView.claims["address"] == ["locality": "Anytown", "country": "US"])
        #expect(vellumView.claims["nationalities"] == ["DE"])
        #expect(vellumView.claims["nested"] == [[2], ["deep": true]])
        #expect(vellumView.claims["family_name"] == nil)

        // The peer really checks: a presentation for another nonce fails there too.
        let wrongNonce = try await SDJWTPeer.call([
            "op": "verify", "token": .string(presentation.serialized), "issuer_jwk": try Self.publicJWK(Fixtures.issuerJWK),
            "nonce": "other", "aud": .string(Self.audience),
        ])
        #expect(wrongNonce["valid"] == false)
    }

    @Test("an SD-JWT issued by Vellum verifies in Python, and Python's presentation verifies in Vellum")
    func vellumIssuesPythonPresents() async throws {
        var paths: [ClaimPath] = []
        let claims = try #require(try SDJWTPeer.unmark(JSONValue(parsing: Self.markup), into: &paths).objectValue)
        let issued = try await SDJWTBuilder(
            claims: claims, disclosing: paths, decoys: .random(1...3), header: JOSEHeader(type: "example+sd-jwt"),
            holderKey: JWK(publicKey: Fixtures.holderKey().publicKey)
        ).issue(signer: Fixtures.issuerSigner())

        let checked = try await SDJWTPeer.call([
            "op": "verify", "token": .string(issued.serialized), "issuer_jwk": try Self.publicJWK(Fixtures.issuerJWK),
        ])
        #expect(checked["valid"] == true, "\(checked)")
        let processed = try ProcessedSDJWT(unverified: issued)
        #expect(checked["claims"] == .object(processed.claims))

        let presented = try await SDJWTPeer.call([
            "op": "present", "issuance": .string(issued.serialized),
            "disclose": ["family_name": true, "address": ["street_address": true], "nationalities": [true, true, true, true, true, true]],
            "holder_jwk": try JSONValue(parsing: Fixtures.holderJWK), "nonce": .string(Self.nonce),
            "aud": .string(Self.audience),
        ])
        let presentation = try #require(presented["presentation"]?.stringValue)
        let verified = try await SDJWTVerifier(keyBinding: .required(audience: Self.audience, nonce: Self.nonce))
            .verify(presentation, resolver: Fixtures.issuerResolver())
        #expect(verified.keyBinding != nil)
        #expect(verified.claims["family_name"] == "Doe")
        #expect(verified.claims["address"] == ["street_address": "123 Main St", "country": "US"])
        // sd-jwt-python selects array elements by their position in the issued array, decoys
        // included, so the whole array is asked for here.
        #expect(verified.claims["nationalities"] == ["US", "DE"])
        #expect(verified.claims["given_name"] == nil)
        // And Python agrees with Vellum on what the presentation reveals.
        let peerView = try await SDJWTPeer.call([
            "op": "verify", "token": .string(presentation), "issuer_jwk": try Self.publicJWK(Fixtures.issuerJWK),
            "nonce": .string(Self.nonce), "aud": .string(Self.audience),
        ])
        #expect(peerView["claims"] == .object(verified.claims))
        // Vellum refuses the same presentation for another audience.
        await expectSDJWTError(matching: { if case .keyBinding(.audienceMismatch) = $0 { true } else { false } }) {
            _ = try await SDJWTVerifier(keyBinding: .required(audience: "https://other.example", nonce: Self.nonce))
                .verify(presentation, resolver: try PythonInteropTests.resolver())
        }
    }

    @Test("a Vellum presentation without key binding verifies in Python")
    func presentationWithoutKeyBinding() async throws {
        let issued = try await Fixtures.rfcStyleSDJWT(decoys: .fixed(2))
        let presentation = try ProcessedSDJWT(unverified: issued)
            .presentation(disclosing: [Fixtures.path(#"["email"]"#), Fixtures.path(#"["nationalities",null]"#)])
        let answer = try await SDJWTPeer.call([
            "op": "verify", "token": .string(presentation.serialized), "issuer_jwk": try Self.publicJWK(Fixtures.issuerJWK),
        ])
        #expect(answer["valid"] == true, "\(answer)")
        #expect(answer["claims"]?["email"] == "johndoe@example.com")
        #expect(answer["claims"]?["nationalities"] == ["US", "DE"])
        #expect(answer["claims"]?["given_name"] == nil)
    }

    static func resolver() throws(SDJWTError) -> SDJWTIssuerKeyLookup {
        do { return try Fixtures.issuerResolver() } catch { throw .issuerKeyNotFound("fixture") }
    }
}
