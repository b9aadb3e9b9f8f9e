import Foundation
import Sandbox
import VellumTestSupport

/// A suite of `vellum` runs whose every test works in a scratch folder of its own.
///
/// Swift Testing makes a new suite value for each test, and each value makes its folder
/// (``makeFolder(_:)``), so two tests never share a wallet. The wallet the child process opens
/// is `wallet/` inside the folder and the files a command reads are written beside it:
/// removing the folder removes everything a test made, which ``withWallet(_:)`` and
/// ``withSandbox(_:_:)`` do when the test ends.
protocol CLIScratchSuite {
    /// This test's folder.
    var folder: URL { get }
}

extension CLIScratchSuite {
    /// A new, empty folder in the temporary directory, named `label` and a UUID.
    static func makeFolder(_ label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The wallet the child process opens (`--wallet`).
    var directory: URL { folder.appendingPathComponent("wallet") }

    /// Writes `data` as `name` in the folder; the path to give a command.
    func write(_ name: String, _ data: Data) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Writes `text` (UTF-8) as `name` in the folder; the path to give a command.
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    /// Runs `vellum arguments --wallet <this test's wallet>` with the passphrase on standard input.
    func vellum(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await WalletCLI.run(arguments + ["--wallet", directory.path])
    }

    /// How many credentials `vellum list --json` shows; -1 when it shows no list.
    func storedCount() async throws -> Int {
        try WalletCLI.json(try await vellum(["list", "--json"])).arrayValue?.count ?? -1
    }

    /// Runs `body` with a fresh, empty wallet; the folder is removed afterwards.
    func withWallet(_ body: () async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await WalletCLI.makeWallet(at: directory).close()
        try await body()
    }

    /// Runs `body` with a fresh, empty wallet and a running sandbox issuer; the issuer is
    /// stopped and the folder removed afterwards.
    func withSandbox(
        _ configuration: SandboxConfiguration = SandboxConfiguration(), _ body: (SandboxIssuer) async throws -> Void
    ) async throws {
        try await withWallet {
            try await withRunningSandbox(configuration, body)
        }
    }
}

/// Runs `body` against a started sandbox issuer and stops it afterwards, also when `body` throws.
func withRunningSandbox(
    _ configuration: SandboxConfiguration = SandboxConfiguration(), _ body: (SandboxIssuer) async throws -> Void
) async throws {
    let issuer = try SandboxIssuer(configuration: configuration)
    _ = try await issuer.start()
    do {
        try await body(issuer)
    } catch {
        await issuer.stop()
        throw error
    }
    await issuer.stop()
}
