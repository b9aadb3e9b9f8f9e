import ArgumentParser

/// `vellum aries …`: the Aries holder (seed 002) — connect to an invitation and take the
/// credential offers and proof requests that follow, list and reject pending exchanges.
struct AriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aries",
        abstract: "Aries (DIDComm v1): connect to an invitation, list and reject pending credential offers and proof requests.",
        subcommands: [AriesConnectCommand.self, AriesOffersCommand.self, AriesProofsCommand.self, AriesRejectCommand.self]
    )
}
