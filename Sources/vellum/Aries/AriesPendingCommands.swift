import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum aries offers`: the credential offers the wallet keeps that are not finished.
struct AriesOffersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offers",
        abstract: "List pending Aries credential offers (state 3 received, 2 request sent).",
        discussion: """
            --json prints an array of {id, connectionID, threadID, state, stateName, comment, \
            attributes, storedCredentialID, attachments}. --all lists finished ones too. \
            \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions
    @Flag(help: "Also list accepted, rejected and abandoned offers.") var all = false
    @Flag(help: "Print a JSON array.") var json = false

    func run() async throws {
        try await AriesText.listPending(options: options, all: all, json: json, noun: "offer", load: { try await $0.ariesCredentials() }, json: AriesText.json)
    }
}

/// `vellum aries proofs`: the proof requests the wallet keeps that are not finished.
struct AriesProofsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proofs",
        abstract: "List pending Aries proof requests (state 3 received, 2 presentation sent).",
        discussion: """
            --json prints an array of {id, connectionID, threadID, state, stateName, comment}. \
            --all lists finished ones too. \
            \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.storage))
            """
    )

    @OptionGroup var options: WalletOptions
    @Flag(help: "Also list accepted, rejected and abandoned requests.") var all = false
    @Flag(help: "Print a JSON array.") var json = false

    func run() async throws {
        try await AriesText.listPending(options: options, all: all, json: json, noun: "proof request", load: { try await $0.disclosedProofs() }, json: AriesText.json)
    }
}

/// `vellum aries reject <id> [--comment TEXT]`: rejects a pending offer or proof request.
struct AriesRejectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reject",
        abstract: "Reject a pending Aries credential offer or proof request with a problem report.",
        discussion: """
            The id is one `vellum aries offers` or `proofs` lists. The agent is told on the \
            exchange's thread, with --comment as the explanation; the state becomes 9 (rejected). \
            \(WalletExitCode.help(WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.notFound, WalletExitCode.storage, WalletExitCode.protocolFailure))
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions
    @Argument(help: "The offer's or proof request's id.") var id: String
    @Option(help: ArgumentHelp("Why, as the problem report's explanation.", valueName: "text")) var comment: String?
    @Flag(help: "Print the rejected exchange as JSON.") var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let wallet = try await options.open(network: network)
            do {
                let rejected: JSONValue
                if (try? await wallet.ariesCredential(id: id)) != nil {
                    rejected = AriesText.json(try await AriesStep.run { try await wallet.rejectAriesCredential(id: id, comment: comment) })
                } else if (try? await wallet.disclosedProof(id: id)) != nil {
                    rejected = AriesText.json(try await AriesStep.run { try await wallet.rejectDisclosedProof(id: id, comment: comment) })
                } else {
                    throw WalletCLIError.badArgument(
                        "no pending offer or proof request \(id)", hint: "run `vellum aries offers` or `vellum aries proofs` for the ids",
                        code: WalletExitCode.notFound)
                }
                if json { WalletJSON.print(rejected) } else { print("Rejected \(id)") }
            } catch {
                try? await wallet.close()
                throw error
            }
            try await wallet.close()
        }
    }
}
