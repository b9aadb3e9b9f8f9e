import ArgumentParser
import Wallet

/// `vellum delete <id>`: remove a credential (and its holder key); the deletion is logged.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a credential and its holder key.",
        discussion: "The deletion is recorded in the activity log. \(WalletExitCode.help)"
    )

    @OptionGroup var options: WalletOptions

    @Argument(help: "The credential id (see `vellum list`).")
    var id: String

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            try await wallet.deleteCredential(id: id)
            try await wallet.close()
            print("Deleted \(id)")
        }
    }
}

/// `vellum log`: the activity log, newest first.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the activity log: issuances, presentations and deletions.",
        discussion: WalletExitCode.help
    )

    @OptionGroup var options: WalletOptions

    @Option(help: "The most entries to show.")
    var limit: Int = 50

    @Flag(help: "Print a JSON array.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            let events = try await wallet.activityLog(limit: max(0, min(limit, 10_000)))
            try await wallet.close()
            if json {
                WalletJSON.print(.array(events.map(WalletJSON.event)))
                return
            }
            guard !events.isEmpty else {
                print("No activity.")
                return
            }
            for event in events {
                let who = event.counterpartyName ?? event.counterparty
                var line = "\(WalletJSON.text(event.occurredAt))  \(event.kind.rawValue)  \(event.credentialIDs.joined(separator: ", "))"
                if let who { line += event.kind == .presentation ? "  to \(who)" : "  from \(who)" }
                if !event.disclosedClaims.isEmpty { line += "  [\(event.disclosedClaims.joined(separator: ", "))]" }
                if let outcome = event.outcome { line += "  → \(outcome)" }
                print(line)
            }
        }
    }
}
