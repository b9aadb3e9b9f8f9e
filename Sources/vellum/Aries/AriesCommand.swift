import ArgumentParser

/// `vellum aries …`: the Aries holder (seed 002) — connect to an invitation and take the
/// credential offers and proof requests that follow, propose exchanges, list and reject
/// pending ones, list connections.
struct AriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aries",
        abstract: "Aries (DIDComm v1): connect to an invitation, propose, list and reject credential offers and proof requests.",
        subcommands: [
            AriesConnectCommand.self, AriesProposeCommand.self, AriesOffersCommand.self, AriesProofsCommand.self, AriesRejectCommand.self,
            AriesConnectionsCommand.self,
        ]
    )
}
