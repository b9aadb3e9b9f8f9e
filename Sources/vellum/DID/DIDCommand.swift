import ArgumentParser

/// `vellum did …`: create and resolve decentralized identifiers.
struct DIDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "did",
        abstract: "Create and resolve decentralized identifiers (DIDs).",
        subcommands: [DIDCreateCommand.self, DIDResolveCommand.self]
    )
}
