import ArgumentParser
import Wallet

/// `vellum delete <id>`: remove a credential (and its holder key); the deletion is logged.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a credential and its holder key.",
        discussion: """
            Asks y/N first (on standard input, after the passphrase line when that comes from \
            standard input); --yes skips the question. The deletion is recorded in the \
            activity log. \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.notFound, WalletExitCode.storage, WalletExitCode.declined))
            """
    )

    @OptionGroup var options: WalletOptions

    @Argument(help: "The credential id, or a unique prefix of it (see `vellum list`).")
    var id: String

    @Flag(help: "Delete without asking.")
    var yes = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open()
            do {
                let id = try await CredentialIDArgument.resolve(id, in: wallet)
                if !yes {
                    let summary = try await wallet.listCredentials().first { $0.id == id }
                    let what = [summary?.displayName ?? summary?.credentialType, summary?.issuerName ?? summary?.issuer.map { "from \($0)" }]
                        .compactMap { $0 }.joined(separator: ", ")
                    guard ReceiveCommand.confirm("Delete \(id)\(what.isEmpty ? "" : " (\(what))") and its holder key? This cannot be undone. [y/N] ") else {
                        throw WalletCLIError.declined
                    }
                }
                try await wallet.deleteCredential(id: id)
                try await wallet.close()
                print("Deleted \(id)")
            } catch {
                try? await wallet.close()
                throw error
            }
        }
    }
}

/// `vellum log`: the activity log, newest first.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the activity log: issuances, presentations and deletions.",
        discussion: WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage)
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
