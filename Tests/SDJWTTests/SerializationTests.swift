import Foundation
import JOSE
import JSONModel
import Multiformats
import SDJWT
import Testing

/// Reading the compact and JWS JSON serializations (RFC 9901 §4, §8) and the Disclosure
/// format (§4.2), with the malformed, truncated and oversized inputs a parser must refuse.
@Suite("Serialization")
struct SerializationTests {
    static let disclosure = Disclosure(salt: "c2FsdA", claimName: "given_name", value: "Erika")

    static func issued() async throws -> SDJWTObject {
        try await SDJWTBuilder(claims: ["given_name": "Erika", "sub": "x"], disclosing: [Fixtures.path(#"["given_name"]"#)])
            .issue(signer: Fixtures.issuerSigner())
    }

    @Test("the compact parts: JWT, Disclosures, optional KB-JWT")
    func compactParts() async throws {
        let issued = try await Self.issued()
        let text = issued.compactSerialization
        #expect(text.hasSuffix("~"))
        let parsed = try SDJWTObject(compact: text)
        #expect(parsed.disclosures.count == 1)
        #expect(!parsed.hasKeyBinding)
        #expect(parsed.keyBindingInput == text)
        let noDisclosures = try SDJWTObject(compact: issued.issuerSignedJWT + "~")
        #expect(noDisclosures.disclosures.isEmpty)
        let withKB = try SDJWTObject(compact: issued.issuerSignedJWT + "~a.b.c")
        #expect(withKB.keyBindingJWT == "a.b.c")
        #expect(withKB.compactSerialization == issued.issuerSignedJWT + "~a.b.c")
    }

    @Test("malformed compact serializations are refused")
    func malformedCompact() async throws {
        let jwt = try await Self.issued().issuerSignedJWT
        let cases: [(String, SDJWTError)] = [
            (jwt, .malformed("no ~ after the Issuer-signed JWT")),
            (jwt + "~~", .malformed("an empty disclosure (~~)")),
            (jwt + "~" + Self.disclosure.encoded + "~~", .malformed("an empty disclosure (~~)")),
            ("~", .issuerJWT(.malformed("a compact JWS has 3 parts, this has 1"))),
            ("a.b~", .issuerJWT(.malformed("a compact JWS has 3 parts, this has 2"))),
        ]
        for (text, error) in cases {
            #expect(throws: error) { try SDJWTObject(compact: text) }
        }
        #expect(throws: SDJWTError.self) { try SDJWTObject(compact: "") }
        // Truncating anywhere either fails to parse or fails to verify.
        let full = try await Self.issued().compactSerialization
        for length in stride(from: 0, to: full.count, by: 7) {
            let truncated = String(full.prefix(length))
            if let parsed = try? SDJWTObject(compact: truncated) {
                await expectSDJWTError(matching: { _ in true }) {
                    _ = try await Fixtures.holderVerifier().verify(parsed, resolver: try Self.resolver())
                }
            }
        }
    }

    static func resolver() throws(SDJWTError) -> SDJWTIssuerKeyLookup {
        do { return try Fixtures.issuerResolver() } catch { throw .issuerKeyNotFound("fixture") }
    }

    @Test("size and count limits are enforced before parsing")
    func limits() async throws {
        let jwt = try await Self.issued().issuerSignedJWT
        var small = SDJWTLimits.default
        small.maximumSize = 100
        #expect(throws: SDJWTError.limitExceeded("the SD-JWT is larger than 100 bytes")) {
            try SDJWTObject(compact: jwt + "~", limits: small)
        }
        var few = SDJWTLimits.default
        few.maximumDisclosures = 2
        let three = jwt + "~" + Array(repeating: Self.disclosure.encoded, count: 3).joined(separator: "~") + "~"
        #expect(throws: SDJWTError.limitExceeded("more than 2 disclosures")) { try SDJWTObject(compact: three, limits: few) }
        var short = SDJWTLimits.default
        short.maximumDisclosureSize = 10
        #expect(throws: SDJWTError.limitExceeded("a disclosure is longer than 10 characters")) {
            try SDJWTObject(compact: jwt + "~" + Self.disclosure.encoded + "~", limits: short)
        }
        let many = String(repeating: "~", count: 5_000)
        #expect(throws: SDJWTError.self) { try SDJWTObject(compact: jwt + many) }
    }

    @Test("malformed Disclosures are refused")
    func malformedDisclosures() throws {
        func encoded(_ json: String) -> String { Base64URL.encode(Data(json.utf8)) }
        let cases: [(String, SDJWTError)] = [
            ("WyJ=", .malformedDisclosure("not strict base64url")),
            ("WyJzYWx0IiwgIm5hbWUiLCAidmFsdWUiXQ==", .malformedDisclosure("not strict base64url")),
            ("Wy!", .malformedDisclosure("not strict base64url")),
            (encoded(#"{"salt":"x"}"#), .malformedDisclosure("not a JSON array")),
            (encoded(#"["salt"]"#), .malformedDisclosure("an array of 1 elements, not 2 or 3")),
            (encoded(#"["salt","a","b","c"]"#), .malformedDisclosure("an array of 4 elements, not 2 or 3")),
            (encoded(#"[1,"name","value"]"#), .malformedDisclosure("the salt is not a string")),
            (encoded(#"["salt",7,"value"]"#), .malformedDisclosure("the claim name is not a string")),
            (encoded(#"[]"#), .malformedDisclosure("the salt is not a string")),
            ("", .malformedDisclosure("empty")),
        ]
        for (text, error) in cases {
            #expect(throws: error) { try Disclosure(encoded: text) }
        }
        for json in [#"["salt","name","value""#, #"["salt","name",{"a":1,"a":2}]"#, #"["s","n",01]"#, "[\"s\",\"\u{1}\"]"] {
            #expect(throws: SDJWTError.self) { try Disclosure(encoded: encoded(json)) }
        }
        var deep = SDJWTLimits.default
        deep.maximumDepth = 8
        let nested = "[\"s\",\"n\"," + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + "]"
        #expect(throws: SDJWTError.self) { try Disclosure(encoded: encoded(nested), limits: deep) }
    }

    @Test("Disclosures round-trip, and their digest covers the encoded text")
    func disclosureRoundTrip() throws {
        let made = Disclosure(salt: "2GLC42sKQveCfGfryNRN9w", claimName: "given_name", value: "John")
        let read = try Disclosure(encoded: made.encoded)
        #expect(read == made)
        #expect(read.digest(using: .sha256) == SDHashAlgorithm.sha256.digest(of: made.encoded))
        let element = Disclosure(salt: "s", claimName: nil, value: ["nested": [1, 2]])
        #expect(try Disclosure(encoded: element.encoded).isArrayElement)
    }

    @Test("the JWS JSON serialization: flattened and general, disclosures and kb_jwt in the unprotected header")
    func jsonSerialization() async throws {
        let issued = try await Self.issued()
        let flattened = issued.converted(to: .flattenedJSON)
        let parsed = try SDJWTObject(parsing: flattened.serialized)
        #expect(parsed.serialization == .flattenedJSON)
        #expect(parsed.disclosures == issued.disclosures)
        #expect(parsed.issuerSignedJWT == issued.issuerSignedJWT)
        _ = try await Fixtures.holderVerifier().verify(parsed, resolver: Fixtures.issuerResolver())

        let parts = issued.issuerSignedJWT.split(separator: ".").map(String.init)
        let general: JSONObject = [
            "payload": .string(parts[1]),
            "signatures": [
                ["protected": .string(parts[0]), "signature": .string(parts[2]),
                 "header": ["disclosures": .array(issued.disclosures.map { .string($0.encoded) })]],
                ["protected": .string(parts[0]), "signature": .string(parts[2]), "header": ["kid": "second"]],
            ],
        ]
        let generalParsed = try SDJWTObject(parsing: JSONValue.object(general).serializedString())
        #expect(generalParsed.serialization == .generalJSON)
        #expect(generalParsed.disclosures.count == 1)
        _ = try await Fixtures.holderVerifier().verify(generalParsed, resolver: Fixtures.issuerResolver())
        #expect(generalParsed.converted(to: .compact).serialized == issued.compactSerialization)
    }

    @Test("malformed JSON serializations are refused")
    func malformedJSON() async throws {
        let issued = try await Self.issued()
        let parts = issued.issuerSignedJWT.split(separator: ".").map(String.init)
        let base: JSONObject = ["payload": .string(parts[1]), "protected": .string(parts[0]), "signature": .string(parts[2])]
        func with(_ header: JSONValue) -> String {
            var document = base
            document["header"] = header
            return JSONValue.object(document).serializedString()
        }
        #expect(throws: SDJWTError.malformed("disclosures is not an array")) {
            try SDJWTObject(parsing: with(["disclosures": "x"]))
        }
        #expect(throws: SDJWTError.malformed("a disclosure is not a string")) {
            try SDJWTObject(parsing: with(["disclosures": [1]]))
        }
        #expect(throws: SDJWTError.malformed("kb_jwt is not a string")) { try SDJWTObject(parsing: with(["kb_jwt": 1])) }
        #expect(throws: SDJWTError.malformed("kb_jwt is not a string")) { try SDJWTObject(parsing: with(["kb_jwt": ""])) }
        #expect(throws: SDJWTError.self) { try SDJWTObject(parsing: "{") }
        #expect(throws: SDJWTError.self) { try SDJWTObject(parsing: "{}") }
        #expect(throws: SDJWTError.self) { try SDJWTObject(parsing: #"{"payload":"e30","payload":"e30"}"#) }
        #expect(throws: SDJWTError.self) { try SDJWTObject(json: Data("[]".utf8)) }
        var noPayload = base
        noPayload["payload"] = nil
        #expect(throws: SDJWTError.malformed("the JSON serialization has no payload")) {
            try SDJWTObject(parsing: JSONValue.object(noPayload).serializedString())
        }
        let laterDisclosures: JSONObject = [
            "payload": .string(parts[1]),
            "signatures": [
                ["protected": .string(parts[0]), "signature": .string(parts[2])],
                ["protected": .string(parts[0]), "signature": .string(parts[2]), "header": ["disclosures": []]],
            ],
        ]
        #expect(throws: SDJWTError.malformed("disclosures is in a signature other than the first")) {
            try SDJWTObject(parsing: JSONValue.object(laterDisclosures).serializedString())
        }
    }

    @Test("an Issuer-signed JWT with b64: false is refused")
    func unencodedPayload() async throws {
        let jwt = try await JWS.signCompact(
            payload: Data(#"{"sub":"x"}"#.utf8), signer: Fixtures.issuerSigner(),
            options: JWS.SigningOptions(unencodedPayload: true))
        await expectSDJWTError(.issuerJWT(.invalidHeader("b64 is not allowed in an Issuer-signed JWT"))) {
            var verifier = Fixtures.holderVerifier()
            verifier.issuerPolicy = .default
            _ = try await verifier.verify(try SDJWTObject(compact: jwt + "~"), resolver: try Self.resolver())
        }
    }
}
