import Foundation
import JSONModel
import Sandbox
import Testing
import VellumTestSupport

/// How the CLI writes (issue #24): every error one `vellum: error:` line and a hint; with
/// `--json` also a JSON object on standard output with the same exit code; colour only on a
/// terminal and never with `NO_COLOR`.
@Suite("vellum: output conventions", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct OutputConventionsTests: CLIScratchSuite {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-output-\(UUID().uuidString)")

    @Test("with --json an error is a JSON object on standard output too, with the exit code; without it stdout stays empty")
    func jsonErrors() async throws {
        let missing = folder.appendingPathComponent("none").path
        let listed = try await WalletCLI.run(["list", "--json", "--wallet", missing], passphrase: nil)
        #expect(listed.status == 3)
        #expect(listed.errorText.hasPrefix("vellum: error: no wallet at \(missing)\nhint: create one with `vellum init`"))
        let error = try #require(try JSONValue(parsing: Data(listed.outputText.utf8))["error"])
        #expect(error["exitCode"] == 3)
        #expect(error["message"]?.stringValue == "no wallet at \(missing)")
        #expect(error["hint"]?.stringValue?.contains("vellum init") == true)

        let plain = try await WalletCLI.run(["list", "--wallet", missing], passphrase: nil)
        #expect(plain.status == 3 && plain.outputText.isEmpty)

        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.bin")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 9 * 1024 * 1024)
        try handle.close()
        let verified = try await WalletCLI.run(["verify", big.path, "--json"], passphrase: nil)
        #expect(verified.status == 2)
        #expect(try JSONValue(parsing: Data(verified.outputText.utf8))["error"]?["exitCode"] == 2)
        #expect(!verified.errorText.contains("\u{1B}["), "colour in a pipe")
    }

    func onTerminal(_ arguments: [String], environment: [String: String]) async throws -> TerminalSession.Result {
        let binary = try #require(VellumBinary.url)
        // The test runner may itself run with NO_COLOR set; the terminal case must not inherit it.
        return try await TerminalSession.run([binary.path] + arguments, environment: environment, unset: ["NO_COLOR"], steps: [], timeout: 30)
    }

    @Test("on a terminal the error is coloured; NO_COLOR turns it off", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func colourOnlyOnTerminals() async throws {
        let missing = folder.appendingPathComponent("none").path
        let coloured = try await onTerminal(["list", "--wallet", missing], environment: ["VELLUM_PASSPHRASE": "x"])
        #expect(coloured.status == 3)
        #expect(coloured.output.contains("\u{1B}[31;1mvellum: error:\u{1B}[0m no wallet at"))
        let plain = try await onTerminal(["list", "--wallet", missing], environment: ["VELLUM_PASSPHRASE": "x", "NO_COLOR": "1"])
        #expect(plain.status == 3)
        #expect(plain.output.contains("vellum: error: no wallet at"))
        #expect(!plain.output.contains("\u{1B}["))
    }

    @Test("errors name the problem, not the library: no ASN.1 positions, Foundation wording or errno names")
    func noInternals() async throws {
        try await withWallet {
            let junk = try write("junk.pem", "junk")
            let broken = try write("broken.pem", "-----BEGIN CERTIFICATE-----\nMIIBAA==\n-----END CERTIFICATE-----\n")
            let cases: [([String], String)] = [
                (["trust", "add", junk, "--wallet", directory.path], "it is neither PEM text nor a DER certificate"),
                (["trust", "add", broken, "--wallet", directory.path], "does not hold a well-formed X.509 certificate"),
                (["trust", "add", folder.appendingPathComponent("gone.pem").path, "--wallet", directory.path], "no such file"),
                (["import", folder.path, "--wallet", directory.path], "not a regular file"),
                (["verify", junk], "is not a credential or document vellum verify reads"),
                (["did", "resolve", "did:web:localhost%3A1"], "connection refused"),
            ]
            for (arguments, expected) in cases {
                let result = try await WalletCLI.run(arguments)
                #expect(result.status != 0, "\(arguments)")
                #expect(result.errorText.contains("vellum: error: "), "\(arguments): \(result.errorText)")
                #expect(result.errorText.contains(expected), "\(arguments): \(result.errorText)")
                for leak in ["ASN1", "NSCocoaErrorDomain", "operation could not be completed", "errno", "Error Domain", ".swift:"] {
                    #expect(!result.errorText.contains(leak), "\(arguments): \(result.errorText)")
                }
            }
        }
    }

    @Test("show: labels from the issuer's metadata, local dates, registered claims apart, one verdict line with each reason once")
    func showForAPerson() async throws {
        try await withSandbox { issuer in
            let base = try await issuer.start()
            let offer = try await issuer.createOffer()
            let received = try await vellum(["receive", offer.byReferenceLink, "--trust-issuer-iaca", "--yes", "--json"])
            #expect(received.status == 0, "\(received.errorText)")
            let pid = try #require(try WalletCLI.json(received).arrayValue?.first?["credentialIds"]?[0]?.stringValue)
            let shown = try await vellum(["show", pid])
            let text = shown.outputText
            #expect(text.contains("    Address:\n") && text.contains("      City: Köln"), "\(text)")
            #expect(text.contains("  registered claims:\n    iss: \(base.absoluteString)"), "\(text)")
            #expect(!text.contains("iat: 17"), "a time as seconds: \(text)")
            #expect(text.hasSuffix("status: valid (its status list says so)\nVALID\n"), "\(text)")

            let records = await issuer.issuedCredentials()
            try await issuer.revoke(credentialID: try #require(records.first).id)
            let status = try await vellum(["status", pid])
            #expect(status.status == 1)
            #expect(status.outputText.contains("status: revoked\nNOT VALID: statusRevoked ("), "\(status.outputText)")
            #expect(status.outputText.components(separatedBy: "statusRevoked").count == 2, "the reason once: \(status.outputText)")
        }
    }
}
