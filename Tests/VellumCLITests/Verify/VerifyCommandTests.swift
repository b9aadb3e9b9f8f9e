import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `vellum verify` on Open DID documents, run as a user would run it.
@Suite(
    "vellum verify (Open DID)",
    .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"),
    .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
struct VerifyCommandTests {
    func path(_ name: String) throws -> String { try Vectors.url("opendid/\(name)").path }

    func synthetic(_ name: String) throws -> String { try path("synthetic/\(name)") }

    @Test func selfSignedDIDDocumentVerifiesWithoutHelp() async throws {
        let result = try await VellumBinary.run(["verify", try path("did_document_holder_tas_ios_style.json")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Open DID DID document"))
        #expect(result.standardOutput.contains("✓ proof"))
    }

    @Test func credentialVerifiesWithItsIssuersDocument() async throws {
        let result = try await VellumBinary.run(["verify", try synthetic("vc.json"), "--did-doc", try synthetic("did_document_issuer.json")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("✓ proof.proofValueList[2]"))
        #expect(result.standardOutput.contains("VALID: 4 of 4"))
    }

    @Test func presentationAsJSON() async throws {
        let result = try await VellumBinary.run([
            "verify", try synthetic("vp_multi_proofs.json"), "--json",
            "--did-doc", try synthetic("did_document_issuer.json"), "--did-doc", try synthetic("did_document_holder.json"),
        ])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let report = try JSONValue(parsing: Data(result.standardOutput.utf8))
        #expect(report["valid"] == .bool(true) && report["kind"] == .string("verifiable presentation"))
        #expect(report["checks"]?.arrayValue?.count == 4)
    }

    @Test func missingKeyOrTamperingExitsNonZero() async throws {
        let withoutKeys = try await VellumBinary.run(["verify", try synthetic("vc.json")])
        #expect(withoutKeys.status == 1)
        #expect(withoutKeys.standardOutput.contains("no DID document at hand has the key did:omn:issuer?versionId=1#assert"))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tampered = folder.appendingPathComponent("vc.json")
        let original = try String(contentsOfFile: try synthetic("vc.json"), encoding: .utf8)
        try original.replacingOccurrences(of: "1990-01-01", with: "1970-01-01").write(to: tampered, atomically: true, encoding: .utf8)
        let result = try await VellumBinary.run(["verify", tampered.path, "--did-doc", try synthetic("did_document_issuer.json")])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("✗ proof.proofValueList[2]"))
        #expect(result.standardOutput.contains("INVALID: 2 of 4"))
    }

    @Test func unreadableInputExitsTwoWithAMessage() async throws {
        let missing = try await VellumBinary.run(["verify", "/nonexistent/file.json"])
        #expect(missing.status == 2 && missing.standardError.contains("cannot read"))
        let notOpenDID = try await VellumBinary.run(["verify", try path("SOURCES.md")])
        #expect(notOpenDID.status == 2 && notOpenDID.standardError.contains("is not a credential or document vellum verify reads"))
        let schema = try await VellumBinary.run(["verify", try path("vc_schema_1_VcSchemaService.json")])
        #expect(schema.status == 2 && schema.standardError.contains("not a document vellum can verify"))
    }
}
