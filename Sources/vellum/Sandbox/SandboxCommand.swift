import ArgumentParser
import Foundation
import HTTP
import Sandbox

/// `vellum sandbox`: the reference issuer and verifier — serve them (the default), or ask a
/// running one for a new offer or presentation request.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run the reference OpenID4VCI issuer and OpenID4VP verifier on loopback, or ask a running one for offers and requests.",
        discussion: """
            `vellum sandbox` (or `vellum sandbox serve`) starts the sandbox; `vellum sandbox offer`, \
            `vellum sandbox request` and `vellum sandbox invitation` ask a running sandbox for a new \
            credential offer, presentation request or Aries invitation, as the buttons of its page at / do.
            """,
        subcommands: [
            SandboxServeCommand.self, SandboxOfferCommand.self, SandboxRequestCommand.self, SandboxScanLinkCommand.self,
            SandboxInvitationCommand.self,
        ],
        defaultSubcommand: SandboxServeCommand.self
    )
}

/// `--state DIR`, shared by the sandbox subcommands: where a sandbox keeps its keys.
struct SandboxStateOptions: ParsableArguments {
    @Option(
        name: .customLong("state"),
        help: ArgumentHelp(
            "The sandbox's state directory: its keys, certificates, status list and issued records (default: vellum-sandbox beside the default wallet directory).",
            valueName: "dir"))
    var state: String?

    /// The state directory: `--state`, else `vellum-sandbox` next to the default wallet directory.
    var directory: URL {
        if let state { return URL(fileURLWithPath: (state as NSString).expandingTildeInPath, isDirectory: true) }
        return WalletOptions.defaultDirectory.deletingLastPathComponent().appendingPathComponent("vellum-sandbox", isDirectory: true)
    }

    var file: SandboxStateFile { SandboxStateFile(directory: directory) }
}

/// `--url`, for the subcommands that talk to a running sandbox.
struct SandboxAddressOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The running sandbox's address (default: where the sandbox of --state last served, else http://127.0.0.1:8080).", valueName: "url"))
    var url: String?

    @OptionGroup var state: SandboxStateOptions

    /// A client of the sandbox; exits with a usage error when `--url` is not an http URL.
    func client() throws -> SandboxAdminClient {
        let text = url ?? state.file.lastServedURL?.absoluteString ?? "http://127.0.0.1:8080"
        guard let base = URL(string: text), base.scheme == "http" || base.scheme == "https", base.host != nil else {
            throw ValidationError("--url \(text) is not an http URL; give the address `vellum sandbox` printed, e.g. http://127.0.0.1:8080")
        }
        return SandboxAdminClient(baseURL: base, client: NetworkOptions.client(nil))
    }

    /// Prints `error` as the one-line message and hint of a sandbox that did not answer.
    static func fail(_ error: SandboxError, base: URL) -> ExitCode {
        var hint: String?
        if case .serverFailed = error {
            hint = "start one with `vellum sandbox`, or give its address with --url (now \(base.absoluteString))"
        }
        CommandOutput.fail("\(error)", hint: hint, exitCode: WalletExitCode.protocolFailure)
        return ExitCode(WalletExitCode.protocolFailure)
    }
}
