import ArgumentParser

/// `vellum did …`: create and resolve decentralized identifiers.
struct DIDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "did",
        abstract: "Create and resolve decentralized identifiers (DIDs); list and add the wallet's own.",
        subcommands: [DIDCreateCommand.self, DIDResolveCommand.self, DIDListCommand.self, DIDAddCommand.self]
    )
}
