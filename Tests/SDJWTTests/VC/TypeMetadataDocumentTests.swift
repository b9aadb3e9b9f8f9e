import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import Testing
import VellumTestSupport

/// draft-ietf-oauth-sd-jwt-vc "Type Metadata Format", "Display Metadata", "Claim Metadata"
/// and "Extending Claim Metadata": reading documents and applying an `extends` chain,
/// without a network.
@Suite("SD-JWT VC type metadata documents")
struct TypeMetadataDocumentTests {
    static func document(_ json: String) throws -> TypeMetadata {
        try TypeMetadata(try #require(JSONValue(parsing: Data(json.utf8)).objectValue))
    }

    @Test("the draft's extending example yields its effective claim metadata")
    func draftExtendingExample() throws {
        let base = try Self.document(#"""
            {"vct":"https://example.com/base-type-metadata","claims":[
              {"path":["name"],"display":[{"label":"Full Name","locale":"en"}]},
              {"path":["address","city"],"display":[{"label":"City","locale":"en"}]}]}
            """#)
        let child = try Self.document(#"""
            {"vct":"https://example.com/custom-type-metadata","extends":"https://example.com/base-type-metadata","claims":[
              {"path":["address","city"],"display":[{"label":"Town","locale":"en"}]},
              {"path":["nationalities"],"display":[{"label":"Nationalities","locale":"en"}]}]}
            """#)
        let resolved = try ResolvedTypeMetadata(chain: [child, base])
        #expect(resolved.vct == "https://example.com/custom-type-metadata")
        #expect(resolved.claims.map { "\($0.path)=\($0.label(preferring: ["en"])?.label ?? "")" } == [
            #"["name"]=Full Name"#, #"["address","city"]=Town"#, #"["nationalities"]=Nationalities"#,
        ])
    }

    @Test("overrides are per property; display replaces display whole; sd and mandatory only tighten")
    func overrideRules() throws {
        let base = try Self.document(#"""
            {"vct":"urn:base","display":[{"locale":"en","name":"Base"},{"locale":"de","name":"Basis"}],
             "claims":[{"path":["a"],"sd":"allowed","svg_id":"a","display":[{"locale":"en","label":"A"},{"locale":"de","label":"A-de"}]},
                       {"path":["b"],"mandatory":true,"sd":"always"}]}
            """#)
        let child = try Self.document(#"""
            {"vct":"urn:child","extends":"urn:base","display":[{"locale":"fr","name":"Enfant"}],
             "claims":[{"path":["a"],"sd":"never","display":[{"locale":"fr","label":"A-fr"}]},{"path":["b"],"sd":"always"}]}
            """#)
        let resolved = try ResolvedTypeMetadata(chain: [child, base])
        #expect(resolved.displays.map(\.name) == ["Enfant"])
        let a = try #require(resolved.claims.first)
        #expect(a.selectiveDisclosure == .never && a.svgID == "a")
        #expect(a.display?.map(\.label) == ["A-fr"])
        #expect(resolved.claims[1].isMandatory && resolved.claims[1].effectiveSelectiveDisclosure == .always)
        // Without its own display, the child keeps the base's.
        let quiet = try Self.document(#"{"vct":"urn:quiet","extends":"urn:base"}"#)
        #expect(try ResolvedTypeMetadata(chain: [quiet, base]).display(preferring: ["de-AT"])?.name == "Basis")
        for claims in [#"[{"path":["b"],"mandatory":false}]"#, #"[{"path":["b"],"sd":"never"}]"#, #"[{"path":["b"],"sd":"allowed"}]"#] {
            let loosening = try Self.document(#"{"vct":"urn:loose","extends":"urn:base","claims":\#(claims)}"#)
            #expect(throws: SDJWTVCError.self) { try ResolvedTypeMetadata(chain: [loosening, base]) }
        }
        // svg_id must stay unique after merging.
        let clash = try Self.document(#"{"vct":"urn:clash","extends":"urn:base","claims":[{"path":["c"],"svg_id":"a"}]}"#)
        #expect(throws: SDJWTVCError.self) { try ResolvedTypeMetadata(chain: [clash, base]) }
    }

    @Test("a full display with simple rendering and SVG templates is read")
    func fullDisplay() throws {
        let metadata = try Self.document(#"""
            {"vct":"https://betelgeuse.example.com/education_credential/v42","display":[{"locale":"en-US","name":"Betelgeuse Education Credential",
              "rendering":{"simple":{"logo":{"uri":"https://betelgeuse.example.com/public/education-logo.png",
                "uri#integrity":"sha256-LmXfh+9cLlJNXN+TsMk+PmKjZ5t0WRL5ca/xGgX3c1U=","alt_text":"Logo"},
                "background_image":{"uri":"https://betelgeuse.example.com/public/cred-background.png"},
                "background_color":"#12107c","text_color":"rgb(255, 255, 255)"},
               "svg_templates":[{"uri":"https://betelgeuse.example.com/public/credential-english.svg",
                 "properties":{"orientation":"landscape","color_scheme":"light","contrast":"high"}}]}}]}
            """#)
        let display = try #require(metadata.displays?.first)
        #expect(display.simpleRendering?.logo?.integrity == "sha256-LmXfh+9cLlJNXN+TsMk+PmKjZ5t0WRL5ca/xGgX3c1U=")
        #expect(display.simpleRendering?.backgroundImage?.uri == "https://betelgeuse.example.com/public/cred-background.png")
        #expect(display.simpleRendering?.textColor == "rgb(255, 255, 255)")
        #expect(display.svgTemplates.first?.properties?.orientation == "landscape")
    }

    @Test("malformed documents are refused", arguments: [
        #"{"name":"no vct"}"#,
        #"{"vct":7}"#,
        #"{"vct":"urn:x","display":{"locale":"en"}}"#,
        #"{"vct":"urn:x","display":[{"name":"no locale"}]}"#,
        #"{"vct":"urn:x","display":[{"locale":"en","name":"\u0007bell"}]}"#,
        #"{"vct":"urn:x","display":[{"locale":"en","name":"\u202Eevil"}]}"#,
        #"{"vct":"urn:x","display":[{"locale":"not a tag","name":"X"}]}"#,
        #"{"vct":"urn:x","display":[{"locale":"en","name":"X","rendering":{"simple":{"logo":{"uri":"http://plain.example/logo.png"}}}}]}"#,
        ##"{"vct":"urn:x","display":[{"locale":"en","name":"X","rendering":{"simple":{"background_color":"#12"}}}]}"##,
        #"{"vct":"urn:x","display":[{"locale":"en","name":"X","rendering":{"svg_templates":[{"uri":"https://a.example/1.svg"},{"uri":"https://a.example/2.svg"}]}}]}"#,
        #"{"vct":"urn:x","display":[{"locale":"en","name":"X","rendering":{"svg_templates":[{"uri":"https://a.example/1.svg","properties":{"orientation":"diagonal"}}]}}]}"#,
        #"{"vct":"urn:x","claims":[{"display":[]}]}"#,
        #"{"vct":"urn:x","claims":[{"path":[]}]}"#,
        #"{"vct":"urn:x","claims":[{"path":["a",-1]}]}"#,
        #"{"vct":"urn:x","claims":[{"path":["a",1.5]}]}"#,
        #"{"vct":"urn:x","claims":[{"path":["a"],"sd":"sometimes"}]}"#,
        #"{"vct":"urn:x","claims":[{"path":["a"],"mandatory":"yes"}]}"#,
        #"{"vct":"urn:x","claims":[{"path":["a"]},{"path":["a"]}]}"#,
        #"{"vct":"urn:x","claims":[{"path":["a"],"svg_id":"a-b"}]}"#,
        #"{"vct":"urn:x","claims":[{"path":["a"],"display":[{"locale":"en","label":3}]}]}"#,
        #"{"vct":"urn:x","claims":"all"}"#,
    ])
    func malformed(json: String) throws {
        #expect(throws: SDJWTVCError.self) { try Self.document(json) }
    }

    @Test("a long label is refused")
    func oversizedText() throws {
        let label = String(repeating: "a", count: 5_000)
        #expect(throws: SDJWTVCError.self) {
            try Self.document(#"{"vct":"urn:x","claims":[{"path":["a"],"display":[{"locale":"en","label":"\#(label)"}]}]}"#)
        }
    }

    @Test("truncated, non-object and deeply nested documents are refused by the resolver")
    func resolverParsing() async throws {
        let nested = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let documents: [String: String] = [
            "urn:truncated": #"{"vct":"urn:truncated","claims":["#,
            "urn:array": #"["urn:array"]"#,
            "urn:nested": #"{"vct":"urn:nested","x":\#(nested)}"#,
            "urn:large": #"{"vct":"urn:large","description":""# + String(repeating: "x", count: 2_048) + #""}"#,
        ]
        let resolver = TypeMetadataResolver(
            httpClient: URLSessionHTTPClient(), maximumDocumentBytes: 1_024,
            knownDocuments: documents.mapValues { Data($0.utf8) })
        for vct in documents.keys {
            await expectVCError({ if case .typeMetadata = $0 { true } else { false } }) {
                _ = try await resolver.metadata(for: vct)
            }
        }
    }

    @Test("locale choice: exact tag, then primary language, then the first entry")
    func localeChoice() {
        let labels = [ClaimDisplay(locale: "en-US", label: "Name"), ClaimDisplay(locale: "de-DE", label: "Name (de)")]
        #expect(TypeMetadataLocale.best(of: labels, preferring: ["de-DE"])?.label == "Name (de)")
        #expect(TypeMetadataLocale.best(of: labels, preferring: ["de-AT", "en-US"])?.label == "Name (de)")
        #expect(TypeMetadataLocale.best(of: labels, preferring: ["EN-us"])?.label == "Name")
        #expect(TypeMetadataLocale.best(of: labels, preferring: ["ja"])?.label == "Name")
        #expect(TypeMetadataLocale.best(of: [ClaimDisplay](), preferring: ["en"]) == nil)
    }
}

/// Type metadata documents published with the EUDI SD-JWT library's tests (read at run time
/// from ../shared/vectors): real-world documents must pass the structural checks.
@Suite("SD-JWT VC type metadata: EUDI documents", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct EUDITypeMetadataDocumentTests {
    static func object(_ name: String) throws -> JSONObject? {
        try JSONValue(parsing: Vectors.data("sd-jwt/eudi-sdjwt-swift-resources/Tests/Resources/\(name)")).objectValue
    }

    @Test("the PID document reads, with its display, labels and sd rules")
    func pidDocument() throws {
        let pid = try TypeMetadata(try #require(try Self.object("type_meta_data_pid.json")))
        #expect(pid.displays?.first?.name == "PID")
        #expect(pid.claimMetadata.contains { $0.path.description == #"["given_name"]"# && $0.effectiveSelectiveDisclosure == .always })
        #expect(pid.claimMetadata.first?.label(preferring: ["en"])?.label == "Family Name(s)")
    }

    @Test("documents with a trailing comma are not JSON and are refused",
          arguments: ["base_type_metadata", "type_metadata_with_extend", "type_metadata_double_extend"])
    func trailingComma(name: String) async throws {
        let vct = "https://mock.local/\(name)"
        let data = try Vectors.data("sd-jwt/eudi-sdjwt-swift-resources/Tests/Resources/\(name).json")
        let resolver = TypeMetadataResolver(httpClient: URLSessionHTTPClient(), knownDocuments: [vct: data])
        await expectVCError({ $0 == .typeMetadata("\(vct) is not a JSON object") }) {
            _ = try await resolver.metadata(for: vct)
        }
    }

    /// A PID issued as the EUDI type wants it: every claim a Disclosure, recursively.
    static func pid(structuredAddress: Bool) async throws -> SDJWTObject {
        var claims = VCFixtures.claims(vct: "https://mock.local/type_meta_data_pid")
        claims["birthdate"] = "1964-08-12"
        claims["place_of_birth"] = .object(["locality": "Berlin", "country": "DE"])
        claims["nationalities"] = ["DE"]
        claims["address"] = .object(["street_address": "Heidestraße 17", "locality": "Köln", "postal_code": "51147"])
        claims["age_equal_or_over"] = .object(["18": true])
        var paths = [
            #"["given_name"]"#, #"["family_name"]"#, #"["birthdate"]"#, #"["place_of_birth"]"#,
            #"["place_of_birth","locality"]"#, #"["place_of_birth","country"]"#, #"["nationalities"]"#,
            #"["nationalities",null]"#, #"["address"]"#, #"["age_equal_or_over"]"#, #"["age_equal_or_over","18"]"#,
        ]
        if structuredAddress {
            paths += [#"["address","street_address"]"#, #"["address","locality"]"#, #"["address","postal_code"]"#]
        }
        return try await SDJWTBuilder(
            claims: claims, disclosing: paths.map { try Fixtures.path($0) }, decoys: .none,
            header: JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        ).issue(signer: Fixtures.issuerSigner())
    }

    @Test("a PID issued per the EUDI type verifies with its labels; one with plain address parts does not")
    func pidCredential() async throws {
        let vct = "https://mock.local/type_meta_data_pid"
        let data = try Vectors.data("sd-jwt/eudi-sdjwt-swift-resources/Tests/Resources/type_meta_data_pid.json")
        var verifier = VCFixtures.verifier()
        verifier.typeMetadata = TypeMetadataPolicy(
            resolver: TypeMetadataResolver(httpClient: URLSessionHTTPClient(), knownDocuments: [vct: data]), requirement: .required)
        let verified = try await verifier.verify(try await Self.pid(structuredAddress: true), resolver: Fixtures.issuerResolver())
        let labels = Dictionary(verified.displayedClaims.map { ($0.path.description, $0.label(preferring: ["en"])?.label ?? "") },
                                uniquingKeysWith: { first, _ in first })
        #expect(labels[#"["place_of_birth","locality"]"#] == "Locality")
        #expect(labels[#"["nationalities"]"#] == "Nationality")
        #expect(labels[#"["age_equal_or_over","18"]"#] == "Age Over 18")
        #expect(verified.display(preferring: ["en"])?.description == "Person Identification Data")
        await expectVCError({
            if case .claimMetadata(.mustBeSelectivelyDisclosable(let path)) = $0 { path.description.hasPrefix(#"["address","#) } else { false }
        }) {
            _ = try await verifier.verify(try await Self.pid(structuredAddress: false), resolver: Fixtures.issuerResolver())
        }
    }
}
