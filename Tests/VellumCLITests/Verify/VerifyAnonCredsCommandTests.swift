import AnonCreds
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `vellum verify` on an AnonCreds presentation, through the built binary: a proof over the
/// anoncreds-rs fixture's credential verifies against its request, schema and credential
/// definition (exit 0); against a request with another nonce or a restriction it does not meet
/// it does not (exit 1); without the request, or with an unreadable definition, it cannot be
/// checked (exit 2).
@Suite("vellum verify: AnonCreds presentations", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is missing"))
struct VerifyAnonCredsCommandTests {
    struct Case {
        var folder: URL
        var presentation: String
        var w3cPresentation = ""
        var request: PresentationRequest
        var schema: String
        var definition: String

        func write(_ data: Data, as name: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try data.write(to: url)
            return url.path
        }

        func verify(_ request: PresentationRequest, _ extra: [String] = [], file: String? = nil) async throws -> (Int32, String, String) {
            let requestFile = try write(request.jsonData(), as: "request-\(UUID().uuidString).json")
            let result = try await VellumBinary.run(
                ["verify", file ?? presentation, "--proof-request", requestFile, "--schema", schema, "--cred-def", definition] + extra)
            return (result.status, result.standardOutput, result.standardError)
        }
    }

    /// A presentation of the fixture's credential: name revealed, age ≥ 18 proven.
    static func withCase(_ body: (Case) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-anoncreds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtureURL = PackageRoot.url.appendingPathComponent("Tests/AnonCredsTests/Fixtures/anoncreds-rs-issuance.json")
        let fixture = try JSONValue(parsing: Data(contentsOf: fixtureURL))
        func member(_ name: String) throws -> Data { Data(try #require(fixture[name]).serializedString().utf8) }
        let definitionID = try #require(fixture["cred_def_id"]?.stringValue)
        let schemaID = try #require(fixture["schema_id"]?.stringValue)
        let definition = try CredentialDefinition(jsonData: member("cred_def"))
        let storedSecret = try #require(fixture["link_secret"]?.stringValue)
        let linkSecret = try #require(LinkSecret(storedDecimal: storedSecret))
        let request = PresentationRequest(
            nonce: .random(), name: "cli", version: "1.0",
            requestedAttributes: ["name_referent": .init(name: "name", restrictions: .object(["schema_name": "vellum-test"]))],
            requestedPredicates: ["adult": .init(name: "age", predicateType: ">=", value: 18)])
        let presentation = try AnonCredsHolder(linkSecret: linkSecret).present(request, selection: .init(credentials: [
            .init(credential: try Credential(jsonData: member("processed")), revealed: ["name_referent"], predicates: ["adult"]),
        ]), definitions: [definitionID: definition], schemas: [schemaID: try Schema(jsonData: member("schema"))])
        var testCase = Case(folder: folder, presentation: "", request: request, schema: "", definition: "")
        testCase.presentation = try testCase.write(presentation.jsonData(), as: "presentation.json")
        let w3c = try W3CAnonCredsPresentation(
            presentation, request: request,
            sources: [W3CAnonCredsCredential(try Credential(jsonData: member("processed")), issuerID: "did:example:vellum-issuer", version: .v2_0)],
            version: .v2_0)
        testCase.w3cPresentation = try testCase.write(w3c.jsonData(), as: "w3c-presentation.json")
        testCase.schema = try testCase.write(try member("schema"), as: "schema.json")
        testCase.definition = "\(definitionID)=" + (try testCase.write(try member("cred_def"), as: "cred-def.json"))
        try await body(testCase)
    }

    @Test("a presentation verifies against its request (exit 0), in text and --json")
    func verifies() async throws {
        try await Self.withCase { testCase in
            let (status, output, errors) = try await testCase.verify(testCase.request)
            #expect(status == 0, "\(output)\(errors)")
            #expect(output.contains("name_referent: Alice Example") && output.contains("adult: predicate proven"))
            #expect(output.hasSuffix("VALID\n"))
            let (_, json, _) = try await testCase.verify(testCase.request, ["--json"])
            let report = try JSONValue(parsing: Data(json.utf8))
            #expect(report["format"] == "anoncreds" && report["valid"] == true && report["revealed"]?["name_referent"] == "Alice Example")
        }
    }

    @Test("the same proof in anoncreds-rs' W3C form verifies (exit 0), and not for another nonce (exit 1)")
    func w3cForm() async throws {
        try await Self.withCase { testCase in
            let (status, output, errors) = try await testCase.verify(testCase.request, file: testCase.w3cPresentation)
            #expect(status == 0, "\(output)\(errors)")
            #expect(output.contains("AnonCreds W3C presentation") && output.contains("name: Alice Example") && output.contains("age: predicate proven"))
            var other = testCase.request
            other.nonce = .random()
            let (json, jsonOutput, _) = try await testCase.verify(other, ["--json"], file: testCase.w3cPresentation)
            let report = try JSONValue(parsing: Data(jsonOutput.utf8))
            #expect(json == 1 && report["kind"] == "w3c-presentation" && report["valid"] == false, "\(jsonOutput)")
        }
    }

    @Test("another nonce, or a restriction the credential does not meet, is exit 1 with the reason")
    func invalid() async throws {
        try await Self.withCase { testCase in
            var other = testCase.request
            other.nonce = .random()
            let (status, output, _) = try await testCase.verify(other)
            #expect(status == 1 && output.contains("INVALID: the presentation does not verify: the challenge does not match"), "\(output)")
            var restricted = testCase.request
            restricted.requestedAttributes["name_referent"]?.restrictions = .object(["schema_name": "other"])
            let (json, jsonOutput, _) = try await testCase.verify(restricted, ["--json"])
            let report = try JSONValue(parsing: Data(jsonOutput.utf8))
            #expect(json == 1 && report["valid"] == false)
            #expect(report["error"]?.stringValue == "the credential for name_referent does not meet its restrictions")
        }
    }

    @Test("without its request, or with an unreadable credential definition, a presentation is exit 2 with a hint")
    func unreadable() async throws {
        try await Self.withCase { testCase in
            let bare = try await VellumBinary.run(["verify", testCase.presentation])
            #expect(bare.status == 2 && bare.standardError.contains("--proof-request"), "\(bare.standardError)")
            var broken = testCase
            broken.definition = try testCase.write(Data(#"{"schemaId": "x"}"#.utf8), as: "broken.json")
            let (status, _, errors) = try await broken.verify(testCase.request)
            #expect(status == 2 && errors.contains("is not an AnonCreds credential definition"), "\(errors)")
        }
    }
}
