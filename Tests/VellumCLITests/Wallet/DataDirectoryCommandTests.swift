import Foundation
import Testing
import VellumTestSupport

/// Where the CLI writes (issue #24): the wallet under `$XDG_DATA_HOME/vellum`, else
/// `$HOME/.local/share/vellum`, both taken from the environment; and nothing anywhere else
/// (`did resolve` once created an empty folder under the home directory).
@Suite("vellum: data directory", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct DataDirectoryCommandTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-home-\(UUID().uuidString)")

    func run(_ environment: [String], _ arguments: [String], input: String = "") throws -> ChildProcess.Result {
        let binary = try #require(VellumBinary.url)
        return try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments: ["-i", "PATH=/usr/bin:/bin"] + Sanitizer.options + environment + [binary.path] + arguments,
            input: Data(input.utf8))
    }

    func contents(_ url: URL) -> [String] {
        (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("HOME and XDG_DATA_HOME choose the wallet directory; did resolve writes nothing")
    func environmentHonoured() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home")
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)

        let made = try run(["HOME=\(home.path)", "VELLUM_PASSPHRASE=a long enough passphrase"], ["init", "--scrypt-cost-log2", "10"])
        #expect(made.status == 0, "\(made.errorText)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/vellum").path))

        let elsewhere = try run(["HOME=\(home.path)", "XDG_DATA_HOME=\(data.path)", "VELLUM_PASSPHRASE=x"], ["list"])
        #expect(elsewhere.status == 3)
        #expect(elsewhere.errorText.contains("no wallet at \(data.path)/vellum"))

        let before = contents(root)
        let resolved = try run(["HOME=\(home.path)", "XDG_DATA_HOME=\(data.path)"], [
            "did", "resolve", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
        ])
        #expect(resolved.status == 0, "\(resolved.errorText)")
        #expect(contents(root) == before)
    }
}

/// A mistyped subcommand gets a suggestion (issue #24), at the top level and in the groups.
@Suite("vellum: mistyped commands", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct CommandSuggestionTests {
    @Test("lst → list, trust ad → trust add, sandbox ofer → sandbox offer; an unknown word lists the commands; exit 64")
    func suggestions() async throws {
        let cases: [([String], String)] = [
            (["lst"], "did you mean `vellum list`?"),
            (["--wallet", "/tmp/none", "lst"], "did you mean `vellum list`?"),
            (["trust", "ad", "x.pem"], "did you mean `vellum trust add`?"),
            (["did", "reslve", "did:key:z"], "did you mean `vellum did resolve`?"),
            (["sandbox", "ofer"], "did you mean `vellum sandbox offer`?"),
            (["frobnicate"], "`vellum --help` lists them: demo, did, verify"),
        ]
        for (arguments, hint) in cases {
            let result = try await WalletCLI.run(arguments, passphrase: nil)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errorText.contains("vellum: error: '"), "\(arguments): \(result.errorText)")
            #expect(result.errorText.contains("hint: \(hint)"), "\(arguments): \(result.errorText)")
        }
        let help = try await WalletCLI.run(["--help"], passphrase: nil)
        #expect(help.outputText.contains("--wallet DIR"))
    }

    @Test("each subcommand's help lists only the exit codes it can return")
    func exitCodesPerCommand() async throws {
        func help(_ command: [String]) async throws -> String {
            let result = try await WalletCLI.run(["help"] + command, passphrase: nil)
            return result.outputText.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
        }
        let list = try await help(["list"])
        #expect(list.contains("Exit codes: 0 success; 3 no wallet"))
        #expect(!list.contains("9 declined") && !list.contains("1 the credential does not verify") && !list.contains("143"))
        let status = try await help(["status"])
        #expect(status.contains("1 the credential does not verify") && status.contains("5 no such credential"))
        let delete = try await help(["delete"])
        #expect(delete.contains("9 declined at the prompt") && !delete.contains("2 some offered"))
        let receive = try await help(["receive"])
        #expect(receive.contains("2 some offered credentials were not stored") && receive.contains("143 SIGTERM"))
    }
}
