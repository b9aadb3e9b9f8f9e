import ArgumentParser

/// `vellum`: a command-line wallet for verifiable digital credentials.
@main
struct Vellum: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vellum",
        abstract: "A wallet for verifiable digital credentials.",
        discussion: """
            Vellum keeps, verifies and presents digital credentials. Today it manages \
            decentralized identifiers, verifies Open DID documents, credentials and \
            presentations, and demonstrates the cryptographic foundation; more credential \
            formats and the wallet protocols are being added.
            """,
        version: "0.1.0",
        subcommands: [
            DemoCommand.self, DIDCommand.self, VerifyCommand.self, InitCommand.self, ListCommand.self, ShowCommand.self,
            StatusCommand.self, DeleteCommand.self, TrustCommand.self, LogCommand.self, ReceiveCommand.self,
            PresentCommand.self, SandboxCommand.self,
        ]
    )
}
