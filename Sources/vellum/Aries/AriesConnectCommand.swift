import ArgumentParser
import Foundation
import JSONModel
import Wallet

/// `vellum aries connect <invitation | image>`: accepts an Aries invitation, then the
/// credential offers and proof requests that follow on the connection.
struct AriesConnectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Accept an Aries invitation, then the credential offers and proof requests that follow.",
        discussion: """
            An out-of-band invitation (?oob=) offering DID exchange 1.0, or an older Connections \
            1.0 invitation (?c_i=), is connected to (your key for the connection is kept in the \
            wallet; the agent's answer must be signed by the invitation's key); a connectionless \
            one (requests~attach, or ?d_m=) is answered at its ~service. Each credential offer is shown and, when accepted, the issuer's key \
            correctness proof, the credential's signature, values and definition are checked \
            before it is stored and acknowledged; each proof request is shown with the stored \
            credentials that answer it (attributes revealed, predicates such as age >= 18 proven \
            without revealing the value) and, when accepted, answered once (a replayed nonce is \
            refused). Asks before each unless --yes; a no rejects it with a problem report. \
            Anything refused is told to the agent with a problem report and nothing is stored. \
            Exits 0 only when every exchange completed: each credential stored and acknowledged, \
            each presentation sent and acknowledged by the verifier. \
            \(WalletExitCode.help(WalletExitCode.notVerified, WalletExitCode.walletMissingOrExists, WalletExitCode.passphrase, WalletExitCode.invalidInput, WalletExitCode.storage, WalletExitCode.protocolFailure, WalletExitCode.declined))
            """
    )

    @OptionGroup var options: WalletOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The invitation link (https or didcomm, with ?oob=, ?c_i= or ?d_m=), or a PNG/JPEG picture of its QR code.")
    var invitation: String

    @Flag(help: "Accept every offer and answer every request without asking.")
    var yes = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() async throws {
        try await WalletCommandRunner.run {
            let link = try LinkArgument.resolve(invitation, as: .ariesInvitation)
            let wallet = try await options.open(network: network)
            do {
                try await connect(link, wallet: wallet)
            } catch {
                try? await wallet.close()
                throw error
            }
            try await wallet.close()
        }
    }

    private func connect(_ link: String, wallet: CredentialWallet) async throws {
        let accepted = try await AriesStep.run { try await wallet.acceptAriesInvitation(link) }
        let connection = accepted.connection
        if !json { print("Connected to \(connection.label ?? "the agent") (\(connection.kind.rawValue)) as \(connection.id)") }
        try await AriesExchangeRun(yes: yes, json: json).take(accepted.received, on: connection, wallet: wallet)
    }
}
