import ArgumentParser

/// `vellum`: a command-line wallet for verifiable digital credentials.
@main
struct Vellum: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vellum",
        abstract: "A wallet for verifiable digital credentials.",
        discussion: """
            Vellum keeps, verifies and presents digital credentials: it claims SD-JWT VCs and \
            mdocs over OpenID4VCI (receive), stores them encrypted, verifies them (show, status, \
            verify), presents them over OpenID4VP with DCQL (present), and runs a reference \
            issuer and verifier (sandbox). `vellum demo` shows the whole round trip on loopback.

            Every wallet command takes --wallet DIR, before or after the subcommand (default \
            $XDG_DATA_HOME/vellum, else $HOME/.local/share/vellum). Environment: \
            VELLUM_PASSPHRASE (the passphrase, for scripts), VELLUM_HTTP_TIMEOUT (seconds per \
            request, default 30), VELLUM_ALLOW_PRIVATE_NETWORK=1 (reach intranet issuers and \
            verifiers). `vellum help <command>` shows a command's options and its exit codes.
            """,
        version: "0.1.0",
        subcommands: [
            DemoCommand.self, DIDCommand.self, VerifyCommand.self, InitCommand.self, ListCommand.self, ShowCommand.self,
            StatusCommand.self, ImportCommand.self, ExportCommand.self, DeleteCommand.self, TrustCommand.self, LogCommand.self, ReceiveCommand.self,
            PresentCommand.self, ScanCommand.self, AriesCommand.self, SandboxCommand.self,
        ]
    )
}
