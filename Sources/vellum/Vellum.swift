import ArgumentParser

/// `vellum`: a command-line wallet for verifiable digital credentials.
@main
struct Vellum: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vellum",
        abstract: "A wallet for verifiable digital credentials.",
        discussion: """
            Vellum keeps, verifies and presents digital credentials. Today it manages \
            decentralized identifiers and demonstrates the cryptographic foundation; \
            credential formats and protocols are being added.
            """,
        version: "0.1.0",
        subcommands: [DemoCommand.self, DIDCommand.self]
    )
}
