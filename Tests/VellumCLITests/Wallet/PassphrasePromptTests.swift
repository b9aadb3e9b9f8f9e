import Foundation
import Testing
import VellumTestSupport

/// The passphrase prompt on a real terminal (a pty) and its keystroke rules (issue #24):
/// Ctrl-C and Ctrl-D cancel and create nothing; control characters are refused; a mismatched
/// confirmation or a short passphrase asks again.
@Suite("Passphrase prompt")
struct PassphrasePromptTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-pty-\(UUID().uuidString)")

    /// Runs `vellum arguments` on a pty, answering the prompts with `steps`.
    func session(_ arguments: [String], _ steps: [[String: String]]) async throws -> TerminalSession.Result {
        let binary = try #require(VellumBinary.url)
        return try await TerminalSession.run([binary.path] + arguments, environment: ["VELLUM_PASSPHRASE": ""], steps: steps)
    }

    func initArguments() -> [String] { ["init", "--wallet", directory.path, "--scrypt-cost-log2", "10"] }

    @Test("Ctrl-C at the init prompt cancels with exit 130 and creates no wallet", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func controlCCancels() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await session(initArguments(), [["expect": "Wallet passphrase: "], ["send": "abc\u{3}"]])
        #expect(result.failure == nil, "\(result.output)")
        #expect(result.status == 130, "\(result.output)")
        #expect(result.output.contains("cancelled at the passphrase prompt; nothing was created or changed"))
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("Ctrl-D at the init prompt cancels with exit 130 and creates no wallet", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func controlDCancels() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await session(initArguments(), [["expect": "Wallet passphrase: "], ["send": "\u{4}"]])
        #expect(result.status == 130, "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("a short passphrase, a control character and a mismatch each ask again; then the wallet is made", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func asksAgain() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = "a long enough passphrase"
        let result = try await session(initArguments(), [
            ["expect": "Wallet passphrase: "], ["send": "short\r"],
            ["expect": "at least 12"],
            ["expect": "Wallet passphrase: "], ["send": "tab\there but long enough\r"],
            ["expect": "control characters"],
            ["expect": "Wallet passphrase: "], ["send": good + "\r"],
            // Backspace removes a whole character (two UTF-8 bytes of "é"); Ctrl-U starts over.
            ["expect": "Repeat the passphrase: "], ["send": "typo\u{15}" + good + "é\u{7f}\r"],
            ["expect": "Created a wallet"],
        ])
        #expect(result.failure == nil, "\(result.output)")
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains(good), "the passphrase was echoed")
        // The wallet opens with what was typed (the backspace removed the extra character).
        let list = try await WalletCLI.run(["list", "--wallet", directory.path], passphrase: good)
        #expect(list.status == 0, "\(list.errorText)")
    }

    @Test("a mismatched confirmation asks again, three times at most, then exits 4 without a wallet", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func mismatchThreeTimes() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var steps: [[String: String]] = []
        for _ in 0..<3 {
            steps += [["expect": "Wallet passphrase: "], ["send": "first passphrase here\r"],
                      ["expect": "Repeat the passphrase: "], ["send": "second passphrase here\r"]]
        }
        let result = try await session(initArguments(), steps)
        #expect(result.status == 4, "\(result.output)")
        // Three times "type it again", then the final error.
        #expect(result.output.components(separatedBy: "the passphrases differ").count == 5)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("Ctrl-C at the prompt of a command that opens a wallet exits 130 before the key derivation", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func openCancelled() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try await WalletCLI.run(initArguments())
        #expect(made.status == 0, "\(made.errorText)")
        let result = try await session(["list", "--wallet", directory.path], [["expect": "Wallet passphrase: "], ["send": "\u{3}"]])
        #expect(result.status == 130, "\(result.output)")
    }

    @Test("--allow-weak accepts a short passphrase from the environment with a warning; without it init refuses (exit 4)")
    func weakFromEnvironment() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try await WalletCLI.run(initArguments(), passphrase: "short", environment: true)
        #expect(refused.status == 4)
        #expect(refused.errorText.contains("at least 12"))
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        let weak = try await WalletCLI.run(initArguments() + ["--allow-weak"], passphrase: "short", environment: true)
        #expect(weak.status == 0, "\(weak.errorText)")
        #expect(weak.errorText.contains("warning: a passphrase of 5 characters is easy to guess"))
    }

    @Test("a passphrase with a control character is refused from a pipe too")
    func controlCharacterFromPipe() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await WalletCLI.run(initArguments(), passphrase: "twelve chars\u{3}long")
        #expect(result.status == 4)
        #expect(result.errorText.contains("control character"))
    }
}
