import CryptoKeys
import Foundation
import HTTP
import JOSE
import JSONModel
import SDJWT
import Testing

/// draft-ietf-oauth-sd-jwt-vc "Processing Type Metadata": the verifier fetches the type of
/// the credential over HTTP (loopback), applies `extends`, checks claim metadata and hands
/// the wallet what to display.
@Suite("SD-JWT VC type metadata applied")
struct TypeMetadataApplicationTests {
    /// The most general type: two locales, a simple rendering, three claims.
    static let identity = #"""
        {"vct":"%BASE%/identity","name":"Identity",
         "display":[
          {"locale":"en-US","name":"Identity credential","description":"Who you are",
           "rendering":{"simple":{"logo":{"uri":"data:image/png;base64,iVBORw0KGgo=","alt_text":"Logo"},
                                  "background_color":"#12107c","text_color":"#FFFFFF"}}},
          {"locale":"de","name":"Identitätsnachweis"}],
         "claims":[
          {"path":["given_name"],"display":[{"locale":"en-US","label":"Given name"},{"locale":"de","label":"Vorname"}],
           "sd":"always","svg_id":"given_name"},
          {"path":["family_name"],"display":[{"locale":"en-US","label":"Family name"}],"sd":"never"},
          {"path":["address","city"],"display":[{"locale":"en-US","label":"City"}]}]}
        """#

    /// Extends the identity type: relabels the city, adds nationalities; keeps the display.
    static func pid(_ base: String, identity: String) -> String {
        #"""
        {"vct":"\#(base)/pid","extends":"\#(base)/identity","extends#integrity":"\#(TypeMetadataTests.sri(identity))",
         "claims":[
          {"path":["address","city"],"display":[{"locale":"en-US","label":"Town"}]},
          {"path":["nationalities",null],"display":[{"locale":"en-US","label":"Nationality"}],"sd":"always"},
          {"path":["birthdate"],"mandatory":true}]}
        """#
    }

    /// The pages every test serves: the two types above and the broken ones the negative
    /// tests name.
    static func pages(_ base: String) -> [String: LoopbackServer.Page] {
        let identity = Self.identity.replacingOccurrences(of: "%BASE%", with: base)
        let pid = Self.pid(base, identity: identity)
        func single(_ name: String, _ claims: String, extra: String = "") -> LoopbackServer.Page {
            .init(body: #"{"vct":"\#(base)/\#(name)"\#(extra),"claims":\#(claims)}"#)
        }
        return [
            "/identity": .init(body: identity),
            "/pid": .init(body: pid),
            "/loop-a": .init(body: #"{"vct":"\#(base)/loop-a","extends":"\#(base)/loop-b"}"#),
            "/loop-b": .init(body: #"{"vct":"\#(base)/loop-b","extends":"\#(base)/loop-a"}"#),
            "/deep-1": .init(body: #"{"vct":"\#(base)/deep-1","extends":"\#(base)/deep-2"}"#),
            "/deep-2": .init(body: #"{"vct":"\#(base)/deep-2","extends":"\#(base)/deep-3"}"#),
            "/deep-3": .init(body: #"{"vct":"\#(base)/deep-3"}"#),
            "/huge": .init(body: #"{"vct":"\#(base)/huge","description":""# + String(repeating: "x", count: 300_000) + #""}"#),
            "/bad-extends": .init(body: #"{"vct":"\#(base)/bad-extends","extends":"\#(base)/identity","extends#integrity":"\#(TypeMetadataTests.sri(identity + "\n"))"}"#),
            "/never-given": single("never-given", #"[{"path":["given_name"],"sd":"never"}]"#),
            "/always-family": single("always-family", #"[{"path":["family_name"],"sd":"always"}]"#),
            "/never-address": single("never-address", #"[{"path":["address"],"sd":"never"}]"#),
            "/mismatch": single("mismatch", #"[{"path":["given_name","first"]}]"#),
            "/relaxing": single("relaxing", #"[{"path":["given_name"],"sd":"allowed"}]"#, extra: #","extends":"\#(base)/identity""#),
            "/unlabelled": single("unlabelled", #"[{"path":["given_name"],"mandatory":false}]"#),
            "/script-logo": .init(body: #"{"vct":"\#(base)/script-logo","display":[{"locale":"en","name":"X","rendering":{"simple":{"logo":{"uri":"javascript:alert(1)"}}}}]}"#),
            "/css-colour": .init(body: #"{"vct":"\#(base)/css-colour","display":[{"locale":"en","name":"X","rendering":{"simple":{"text_color":"red;background:url(https://t.example/)"}}}]}"#),
            "/bad-svg-id": single("bad-svg-id", #"[{"path":["given_name"],"svg_id":"1st"}]"#),
            "/twice-svg-id": single("twice-svg-id", #"[{"path":["given_name"],"svg_id":"n"},{"path":["family_name"],"svg_id":"n"}]"#),
            "/no-label": .init(body: #"{"vct":"\#(base)/no-label","claims":[{"path":["given_name"],"display":[{"locale":"en"}]}]}"#),
        ]
    }

    /// A credential of type `vct` with `given_name`, the address street and every
    /// nationality disclosable (plus `extra` paths), `family_name` and the city plain.
    static func credential(
        vct: String, integrity: String? = nil, disclosing extra: [String] = [], plainGivenName: Bool = false,
        birthdate: Bool = true
    ) async throws -> SDJWTObject {
        var claims = VCFixtures.claims(vct: .string(vct))
        if let integrity { claims["vct#integrity"] = .string(integrity) }
        claims["address"] = .object(["street_address": "Heidestraße 17", "city": "Köln"])
        claims["nationalities"] = ["DE", "FR", "IT"]
        if birthdate { claims["birthdate"] = "1964-08-12" }
        var paths = [#"["address","street_address"]"#, #"["nationalities",null]"#] + extra
        if !plainGivenName { paths.append(#"["given_name"]"#) }
        return try await SDJWTBuilder(
            claims: claims, disclosing: paths.map { try Fixtures.path($0) },
            header: JOSEHeader(algorithm: "ES256", type: "dc+sd-jwt")
        ).issue(signer: Fixtures.issuerSigner())
    }

    static func verifier(_ requirement: TypeMetadataPolicy.Requirement = .required, maximumDepth: Int = 8) -> SDJWTVCVerifier {
        var verifier = VCFixtures.verifier()
        verifier.typeMetadata = TypeMetadataPolicy(
            resolver: TypeMetadataResolver(
                httpClient: URLSessionHTTPClient(), maximumDocumentBytes: 64 * 1024, maximumDepth: maximumDepth),
            requirement: requirement)
        return verifier
    }

    /// A claim metadata violation as `rule path`, e.g. `always ["given_name"]`.
    /// `credential` is refused for the one type metadata rule it breaks, `expected` as
    /// ``violation(_:)`` names it.
    static func expectViolation(
        _ expected: String, _ credential: SDJWTObject, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await expectVCError({ violation($0) == expected }, sourceLocation: sourceLocation) {
            _ = try await verifier().verify(credential, resolver: Fixtures.issuerResolver())
        }
    }

    /// `verifier` refuses `credential` for its type metadata, with a reason mentioning `text`.
    static func expectTypeMetadataRefused(
        _ credential: SDJWTObject, mentioning text: String, by verifier: SDJWTVCVerifier,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await expectVCError({ if case .typeMetadata(let reason) = $0 { reason.contains(text) } else { false } }, sourceLocation: sourceLocation) {
            _ = try await verifier.verify(credential, resolver: Fixtures.issuerResolver())
        }
    }

    static func violation(_ error: SDJWTVCError) -> String? {
        guard case .claimMetadata(let violation) = error else { return nil }
        switch violation {
        case .mustBeSelectivelyDisclosable(let path): return "always \(path)"
        case .mustNotBeSelectivelyDisclosable(let path): return "never \(path)"
        case .mandatoryClaimMissing(let path): return "mandatory \(path)"
        case .pathMismatch(let path, _): return "mismatch \(path)"
        }
    }

    static func serve(_ body: @Sendable (String) async throws -> Void) async throws {
        try await LoopbackServer.with(pages: Self.pages, body)
    }

    @Test("a PID extending an identity type: display inherited, labels merged, values in place")
    func extendedTypeIsApplied() async throws {
        try await Self.serve { base in
            let pid = Self.pid(base, identity: Self.identity.replacingOccurrences(of: "%BASE%", with: base))
            let sdJWT = try await Self.credential(vct: "\(base)/pid", integrity: TypeMetadataTests.sri(pid))
            let verified = try await Self.verifier().verify(sdJWT, resolver: Fixtures.issuerResolver())
            let metadata = try #require(verified.typeMetadata)
            #expect(metadata.chain.map(\.vct) == ["\(base)/pid", "\(base)/identity"])
            #expect(verified.typeMetadataFailure == nil)
            // display: the PID defines none, so the identity type's stays in force.
            #expect(verified.display(preferring: ["de-CH"])?.name == "Identitätsnachweis")
            let english = try #require(verified.display(preferring: ["fr", "en-US"]))
            #expect(english.name == "Identity credential" && english.description == "Who you are")
            #expect(english.simpleRendering?.backgroundColor == "#12107c")
            #expect(english.simpleRendering?.textColor == "#FFFFFF")
            #expect(english.simpleRendering?.logo?.altText == "Logo")
            // claims: inherited first (given, family, city relabelled), then the PID's own.
            #expect(metadata.claims.map(\.path.description) == [
                #"["given_name"]"#, #"["family_name"]"#, #"["address","city"]"#, #"["nationalities",null]"#, #"["birthdate"]"#,
            ])
            let labels = verified.displayedClaims.map { "\($0.path)=\($0.label(preferring: ["en-US"])?.label ?? "-")" }
            #expect(labels == [
                #"["given_name"]=Given name"#, #"["family_name"]=Family name"#, #"["address","city"]=Town"#,
                #"["nationalities",0]=Nationality"#, #"["nationalities",1]=Nationality"#, #"["nationalities",2]=Nationality"#,
            ])
            #expect(verified.displayedClaims.first?.value == "Erika")
            #expect(verified.displayedClaims.first?.label(preferring: ["de"])?.label == "Vorname")
            #expect(verified.displayedClaims.first?.metadata.svgID == "given_name")
        }
    }

    @Test("array paths count undisclosed elements: a withheld nationality still satisfies sd always")
    func presentationWithWithheldElement() async throws {
        try await Self.serve { base in
            let issued = try await Self.credential(vct: "\(base)/pid")
            let presented = try ProcessedSDJWT(unverified: issued)
                .presentation(disclosing: [try Fixtures.path(#"["nationalities",1]"#), try Fixtures.path(#"["nationalities",2]"#)])
            let verified = try await Self.verifier().verify(presented, resolver: Fixtures.issuerResolver())
            #expect(verified.claims["nationalities"] == ["FR", "IT"])
            let nationalities = verified.displayedClaims.filter { $0.metadata.path.description == #"["nationalities",null]"# }
            #expect(nationalities.map(\.path.description) == [#"["nationalities",0]"#, #"["nationalities",1]"#])
            #expect(nationalities.map(\.value) == ["FR", "IT"])
            // given_name was withheld: no label for it, and no complaint.
            #expect(!verified.displayedClaims.contains { $0.path.description == #"["given_name"]"# })
        }
    }

    @Test("sd always: a claim issued in the clear is refused, naming its path")
    func sdAlwaysViolated() async throws {
        try await Self.serve { base in
            let plain = try await Self.credential(vct: "\(base)/pid", plainGivenName: true)
            await Self.expectViolation(#"always ["given_name"]"#, plain)
            let family = try await Self.credential(vct: "\(base)/always-family")
            await Self.expectViolation(#"always ["family_name"]"#, family)
        }
    }

    @Test("sd never: a disclosed claim is refused; a plain claim with a disclosed sub-claim is not (the draft's degrees example)")
    func sdNeverViolated() async throws {
        try await Self.serve { base in
            let family = try await Self.credential(vct: "\(base)/pid", disclosing: [#"["family_name"]"#])
            await Self.expectViolation(#"never ["family_name"]"#, family)
            let given = try await Self.credential(vct: "\(base)/never-given")
            await Self.expectViolation(#"never ["given_name"]"#, given)
            // address is plain, and its street is a Disclosure: address itself is not
            // selectively disclosable, so `sd: never` on it holds.
            let address = try await Self.credential(vct: "\(base)/never-address")
            _ = try await Self.verifier().verify(address, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("mandatory: provably missing is refused; possibly withheld is not")
    func mandatory() async throws {
        try await Self.serve { base in
            let missing = try await Self.credential(vct: "\(base)/pid", birthdate: false)
            await Self.expectViolation(#"mandatory ["birthdate"]"#, missing)
            // A presentation that withholds given_name leaves an unmatched digest at the top:
            // birthdate could be behind it, so its absence proves nothing.
            let withheld = try await Self.credential(vct: "\(base)/pid", birthdate: false)
            let presented = try ProcessedSDJWT(unverified: withheld).presentation(disclosing: [try Fixtures.path(#"["nationalities",null]"#)])
            _ = try await Self.verifier().verify(presented, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("integrity: vct#integrity and extends#integrity must match the fetched bytes")
    func integrityMismatch() async throws {
        try await Self.serve { base in
            let wrong = try await Self.credential(vct: "\(base)/pid", integrity: TypeMetadataTests.sri("{}"))
            let extending = try await Self.credential(vct: "\(base)/bad-extends")
            for sdJWT in [wrong, extending] {
                for requirement in [TypeMetadataPolicy.Requirement.required, .whenAvailable] {
                    await Self.expectTypeMetadataRefused(sdJWT, mentioning: "integrity", by: Self.verifier(requirement))
                }
            }
        }
    }

    @Test("extends: a cycle and a chain deeper than the limit are refused, even when metadata is optional")
    func extendsLimits() async throws {
        try await Self.serve { base in
            let loop = try await Self.credential(vct: "\(base)/loop-a")
            await Self.expectTypeMetadataRefused(loop, mentioning: "loops", by: Self.verifier(.whenAvailable))
            let deep = try await Self.credential(vct: "\(base)/deep-1")
            _ = try await Self.verifier(maximumDepth: 3).verify(deep, resolver: Fixtures.issuerResolver())
            await Self.expectTypeMetadataRefused(deep, mentioning: "more than 2", by: Self.verifier(maximumDepth: 2))
        }
    }

    @Test("an oversized document is refused")
    func oversizedDocument() async throws {
        try await Self.serve { base in
            let huge = try await Self.credential(vct: "\(base)/huge")
            await Self.expectTypeMetadataRefused(huge, mentioning: "larger than", by: Self.verifier(.whenAvailable))
        }
    }

    @Test("unavailable metadata refuses the credential only when required")
    func unavailable() async throws {
        try await Self.serve { base in
            for vct in ["\(base)/missing", "urn:example:not-fetchable"] {
                let sdJWT = try await Self.credential(vct: vct)
                let verified = try await Self.verifier(.whenAvailable).verify(sdJWT, resolver: Fixtures.issuerResolver())
                #expect(verified.typeMetadata == nil && verified.displayedClaims.isEmpty)
                #expect({ if case .typeMetadataUnavailable? = verified.typeMetadataFailure { true } else { false } }())
                await expectVCError({ if case .typeMetadataUnavailable = $0 { true } else { false } }) {
                    _ = try await Self.verifier(.required).verify(sdJWT, resolver: Fixtures.issuerResolver())
                }
            }
        }
    }

    @Test("a document the caller already holds is used for a vct that is not a URL, integrity checked")
    func knownDocument() async throws {
        let vct = "urn:example:identity:1"
        let document = Self.identity.replacingOccurrences(of: "%BASE%/identity", with: vct)
        var verifier = VCFixtures.verifier()
        verifier.typeMetadata = TypeMetadataPolicy(
            resolver: TypeMetadataResolver(httpClient: URLSessionHTTPClient(), knownDocuments: [vct: Data(document.utf8)]),
            requirement: .required)
        let sdJWT = try await Self.credential(vct: vct, integrity: TypeMetadataTests.sri(document))
        let verified = try await verifier.verify(sdJWT, resolver: Fixtures.issuerResolver())
        #expect(verified.display(preferring: ["en"])?.name == "Identity credential")
        let tampered = try await Self.credential(vct: vct, integrity: TypeMetadataTests.sri(document + " "))
        await expectVCError({ if case .typeMetadata = $0 { true } else { false } }) {
            _ = try await verifier.verify(tampered, resolver: Fixtures.issuerResolver())
        }
    }

    @Test("a path that meets the wrong type, and an extension relaxing sd, fail the credential")
    func brokenClaimMetadata() async throws {
        try await Self.serve { base in
            let mismatch = try await Self.credential(vct: "\(base)/mismatch")
            await expectVCError({ if case .claimMetadata(.pathMismatch(let path, _)) = $0 { path.description == #"["given_name","first"]"# } else { false } }) {
                _ = try await Self.verifier().verify(mismatch, resolver: Fixtures.issuerResolver())
            }
            let relaxing = try await Self.credential(vct: "\(base)/relaxing")
            await Self.expectTypeMetadataRefused(relaxing, mentioning: "changes sd", by: Self.verifier())
        }
    }

    @Test("display and claim metadata that could harm a wallet are refused",
          arguments: ["script-logo", "css-colour", "bad-svg-id", "twice-svg-id", "no-label"])
    func unsafeDisplay(page: String) async throws {
        try await Self.serve { base in
            let sdJWT = try await Self.credential(vct: "\(base)/\(page)")
            await expectVCError({ if case .typeMetadata = $0 { true } else { false } }) {
                _ = try await Self.verifier(.whenAvailable).verify(sdJWT, resolver: Fixtures.issuerResolver())
            }
        }
    }

    @Test("metadata obtained later applies to an already verified credential the same way")
    func validateLater() async throws {
        try await Self.serve { base in
            let resolver = TypeMetadataResolver(httpClient: URLSessionHTTPClient())
            let verified = try await VCFixtures.verifier().verify(
                try await Self.credential(vct: "\(base)/pid"), resolver: Fixtures.issuerResolver())
            #expect(verified.typeMetadata == nil)
            let metadata = try await resolver.resolve("\(base)/pid")
            #expect(try metadata.validate(verified.sdJWT).count == 6)
            let never = try await resolver.resolve("\(base)/never-given")
            #expect(throws: SDJWTVCError.claimMetadata(.mustNotBeSelectivelyDisclosable(try Fixtures.path(#"["given_name"]"#)))) {
                try never.validate(verified.sdJWT)
            }
        }
    }

    @Test("claim metadata without labels checks rules but lists nothing to display")
    func unlabelled() async throws {
        try await Self.serve { base in
            let verified = try await Self.verifier().verify(
                try await Self.credential(vct: "\(base)/unlabelled"), resolver: Fixtures.issuerResolver())
            #expect(verified.typeMetadata?.claims.count == 1)
            #expect(verified.displayedClaims.isEmpty)
            #expect(verified.display(preferring: ["en"]) == nil)
        }
    }
}
