import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport

/// Choosing Disclosures by claim path (OpenID4VP 1.0 §7): exactly the Disclosures needed,
/// parents of nested selections included, nothing else.
@Suite("Presentation by claim path")
struct PresentationTests {
    static let address: JSONObject = ["street_address": "Sjøgata 12", "locality": "Viken", "country": "ÆG"]

    /// An SD-JWT whose address is recursive (the address and each member disclosable) and
    /// whose nationalities are disclosable one by one, with an object array of degrees.
    static func credential() async throws -> ProcessedSDJWT {
        let claims: JSONObject = [
            "iss": "https://issuer.example", "given_name": "Astrid", "address": .object(address),
            "nationalities": ["DE", "FR", "SE"],
            "degrees": [["type": "BSc", "year": 2001], ["type": "MSc", "year": 2003]],
        ]
        let paths = try [
            #"["given_name"]"#, #"["address"]"#, #"["address","street_address"]"#, #"["address","locality"]"#,
            #"["address","country"]"#, #"["nationalities",null]"#, #"["degrees",null]"#, #"["degrees",null,"year"]"#,
        ].map(Fixtures.path)
        let issued = try await SDJWTBuilder(claims: claims, disclosing: paths, decoys: .fixed(2))
            .issue(signer: Fixtures.issuerSigner())
        return try await Fixtures.holderVerifier().verify(issued, resolver: Fixtures.issuerResolver()).processed
    }

    /// The names (or element values) of the Disclosures a selection includes.
    static func selected(_ processed: ProcessedSDJWT, _ paths: [String]) throws -> [String] {
        let presentation = try processed.presentation(disclosing: paths.map(Fixtures.path))
        return presentation.disclosures.map { $0.claimName ?? $0.value.serializedString() }
    }

    /// What a Verifier sees of a presentation.
    static func revealed(_ processed: ProcessedSDJWT, _ paths: [String]) throws -> JSONObject {
        try ProcessedSDJWT(unverified: processed.presentation(disclosing: paths.map(Fixtures.path))).claims
    }

    @Test("a nested claim brings its parent's Disclosure and nothing else")
    func nestedSelection() async throws {
        let processed = try await Self.credential()
        #expect(try Self.selected(processed, [#"["address","locality"]"#]).sorted() == ["address", "locality"])
        let revealed = try Self.revealed(processed, [#"["address","locality"]"#])
        #expect(revealed["address"] == ["locality": "Viken"])
        #expect(revealed["given_name"] == nil && revealed["nationalities"] == [])
    }

    @Test("selecting an object reveals it whole, with every Disclosure inside it")
    func wholeObject() async throws {
        let processed = try await Self.credential()
        #expect(try Self.selected(processed, [#"["address"]"#]).count == 4)
        #expect(try Self.revealed(processed, [#"["address"]"#])["address"] == .object(Self.address))
    }

    @Test("array indices and null select elements")
    func arrays() async throws {
        let processed = try await Self.credential()
        #expect(try Self.revealed(processed, [#"["nationalities",1]"#])["nationalities"] == ["FR"])
        #expect(try Self.revealed(processed, [#"["nationalities",null]"#])["nationalities"] == ["DE", "FR", "SE"])
        // Nested in an array of objects: each degree's year, and the degree elements that hold them.
        let years = try Self.revealed(processed, [#"["degrees",null,"year"]"#])
        #expect(years["degrees"] == [["type": "BSc", "year": 2001], ["type": "MSc", "year": 2003]])
        let second = try Self.revealed(processed, [#"["degrees",1,"type"]"#])
        #expect(second["degrees"] == [["type": "MSc"]])
    }

    @Test("a plain claim needs no Disclosure; an empty selection sends none")
    func plainClaims() async throws {
        let processed = try await Self.credential()
        #expect(try Self.selected(processed, [#"["iss"]"#]).isEmpty)
        #expect(try Self.selected(processed, []).isEmpty)
        #expect(try Self.revealed(processed, [])["iss"] == "https://issuer.example")
    }

    @Test("several paths share Disclosures without repeating them, in issuance order")
    func overlappingPaths() async throws {
        let processed = try await Self.credential()
        let presentation = try processed.presentation(
            disclosing: [#"["address","country"]"#, #"["address"]"#, #"["given_name"]"#].map(Fixtures.path))
        #expect(presentation.disclosures.count == 5)
        let order = processed.sdJWT.disclosures.map(\.encoded)
        let positions = presentation.disclosures.compactMap { order.firstIndex(of: $0.encoded) }
        #expect(positions == positions.sorted())
    }

    @Test("a path that selects nothing, or meets the wrong type, is an error")
    func missingClaims() async throws {
        let processed = try await Self.credential()
        for path in [#"["family_name"]"#, #"["nationalities",7]"#, #"["given_name","x"]"#, #"["address",0]"#] {
            #expect(throws: SDJWTError.self) { try processed.presentation(disclosing: [Fixtures.path(path)]) }
        }
    }

    @Test("the RFC 9901 §5.2 selection gives exactly the published presentation's Disclosures",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func rfcSelection() async throws {
        let issued = try SDJWTObject(parsing: GeneratedVectorTests.serialization("draft-sd-jwt-examples/simple", "sd_jwt_issuance"))
        let published = try SDJWTObject(
            parsing: GeneratedVectorTests.serialization("draft-sd-jwt-examples/simple", "sd_jwt_presentation"))
        let processed = try await Fixtures.holderVerifier().verify(issued, resolver: Fixtures.issuerResolver()).processed
        let presentation = try processed.presentation(
            disclosing: [#"["given_name"]"#, #"["family_name"]"#, #"["address"]"#, #"["nationalities",0]"#]
                .map(Fixtures.path))
        #expect(Set(presentation.disclosures.map(\.encoded)) == Set(published.disclosures.map(\.encoded)))
        #expect(presentation.issuerSignedJWT == published.issuerSignedJWT)
    }

    @Test("a presentation keeps the serialization it came in")
    func keepsSerialization() async throws {
        let processed = try await Self.credential()
        let json = processed.sdJWT.converted(to: .flattenedJSON)
        let reprocessed = try ProcessedSDJWT(unverified: json)
        let presentation = try await reprocessed.presentation(
            disclosing: [Fixtures.path(#"["given_name"]"#)],
            keyBinding: KeyBindingRequest(audience: "a", nonce: "n"), signer: Fixtures.holderSigner())
        #expect(presentation.serialization == .flattenedJSON)
        let document = try JSONValue(parsing: presentation.serialized)
        #expect(document["header"]?["disclosures"]?.arrayValue?.count == 1)
        #expect(document["header"]?["kb_jwt"]?.stringValue == presentation.keyBindingJWT)
        let reparsed = try SDJWTObject(parsing: presentation.serialized)
        #expect(reparsed.compactSerialization == presentation.compactSerialization)
    }
}
