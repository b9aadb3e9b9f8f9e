import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `vellum did create` and `vellum did resolve`, run as a user would run them.
@Suite("vellum did", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct DIDCommandTests {
    @Test("--help lists the did subcommands")
    func help() async throws {
        let top = try await VellumBinary.run(["--help"])
        #expect(top.status == 0)
        #expect(top.standardOutput.contains("did"))
        let did = try await VellumBinary.run(["did", "--help"])
        #expect(did.standardOutput.contains("create"))
        #expect(did.standardOutput.contains("resolve"))
    }

    @Test("create prints a DID and its document, and warns that the key is not saved", arguments: ["p256", "ed25519", "secp256k1"])
    func create(keyType: String) async throws {
        let result = try await VellumBinary.run(["did", "create", "--method", "key", "--key-type", keyType])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", maxSplits: 1).map(String.init)
        let did = try DIDIdentifier(try #require(lines.first))
        #expect(did.method == "key")
        let document = try DIDDocument(jsonData: Data(try #require(lines.last).utf8))
        #expect(document.id == did)
        #expect(try document.verificationMethod(for: "#" + did.methodSpecificID, relationship: .assertionMethod).publicKey
            == DIDKey.publicKey(of: did))
        #expect(result.standardError.contains("warning"))
    }

    @Test("create --out writes the private key as a JWK only the user can read")
    func createWithOut() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-did-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("key.jwk").path
        let result = try await VellumBinary.run(["did", "create", "--key-type", "ed25519", "--out", file])
        #expect(result.status == 0)
        #expect(!result.standardError.contains("warning"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let jwk = try JSONParser().parse(Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(jwk["crv"] == "Ed25519")
        #expect(jwk["d"]?.stringValue != nil)
        // The key in the file is the key of the printed DID.
        let did = try DIDIdentifier(String(try #require(result.standardOutput.split(separator: "\n").first, "\(result.standardError)")))
        let jwkDID = try #require(DIDJWK.make(for: DIDKey.publicKey(of: did)))
        #expect(jwk["x"] == (try DIDJWK.jwk(of: jwkDID).members["x"]))
        // A second run refuses to overwrite the key.
        let again = try await VellumBinary.run(["did", "create", "--key-type", "ed25519", "--out", file])
        #expect(again.status != 0)
    }

    @Test("resolve prints the document of an offline DID")
    func resolve() async throws {
        let did = "did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp"
        let result = try await VellumBinary.run(["did", "resolve", did])
        #expect(result.status == 0)
        let document = try DIDDocument(jsonData: Data(result.standardOutput.utf8))
        #expect(document.id.description == did)
        #expect(result.standardOutput.contains("\n  "))  // pretty-printed
    }

    @Test("resolve fails with a clear message", arguments: [
        ("did:Bad:1", "invalid DID"),
        ("did:example:123", "not supported"),
        ("did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooW", "unsupported key type"),
        ("did:key:z2DQV5Tm64jwFsRi2chqem1Wt2aP6bP34vi2itLNof8JFdG", "invalid public key"),  // Ed25519, 31 bytes
    ])
    func resolveFailure(did: String, message: String) async throws {
        let result = try await VellumBinary.run(["did", "resolve", did])
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}

/// The built `vellum` executable, next to the test bundle in the build products directory.
enum VellumBinary {
    static let url: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("vellum")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = PackageRoot.url.appendingPathComponent(".build/debug/vellum")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }()

    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs the binary and waits for it off the concurrency pool (see `offCooperativePool`).
    static func run(_ arguments: [String]) async throws -> Result {
        try await offCooperativePool { try runBlocking(arguments) }
    }

    static func runBlocking(_ arguments: [String]) throws -> Result {
        guard let url else { throw CocoaError(.fileNoSuchFile) }
        let result = try ChildProcess.run(url, arguments: arguments)
        return Result(status: result.status, standardOutput: result.outputText, standardError: result.errorText)
    }
}
