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
            An out-of-band invitation (?oob=) offering DID exchange 1.0 is connected to (your key \
            for the connection is kept in the wallet); a connectionless one (requests~attach, or \
            ?d_m=) is answered at its ~service. Connections 1.0 invitations (?c_i=) are not \
            answered. Each credential offer is shown and, when accepted, the issuer's key \
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

    @Argument(help: "The invitation link (https or didcomm, with ?oob= or ?d_m=), or a PNG/JPEG picture of its QR code.")
    var invitation: String

    @Flag(help: "Accept every offer and answer every request without asking.")
    var yes = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    /// The most rounds of offers and requests taken on one connection.
    static let maximumRounds = 8

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
        var credentials: [AriesCredential] = [], proofs: [DisclosedProof] = []
        var pending = accepted.received
        var declined = false
        for _ in 0..<Self.maximumRounds where !pending.isEmpty {
            for offer in pending.credentials where offer.state == 3 {
                if !json { print(AriesText.offer(offer, from: connection.label)) }
                let done = try await take(
                    question: "Accept this credential?", declined: &declined,
                    reject: { try await wallet.rejectAriesCredential(id: offer.id, comment: "declined by the holder") },
                    send: { try await wallet.sendAriesCredentialRequest(id: offer.id) },
                    update: { try await wallet.updateAriesCredentialState(id: offer.id) })
                credentials.append(done)
                if !json, done.state != 9 {
                    print(done.state == 4 ? "Stored \(done.storedCredentialID ?? "-") and acknowledged" : "The credential did not arrive (state \(done.state))")
                }
            }
            for request in pending.proofs where request.state == 3 {
                if !json {
                    let candidates = try? await wallet.disclosedProofCandidates(id: request.id)
                    print(AriesText.request(request, from: connection.label, candidates: candidates ?? nil))
                }
                let done = try await take(
                    question: "Send this proof?", declined: &declined,
                    reject: { try await wallet.rejectDisclosedProof(id: request.id, comment: "declined by the holder") },
                    send: { try await wallet.sendDisclosedProof(id: request.id) },
                    update: { try await wallet.updateDisclosedProofState(id: request.id) })
                proofs.append(done)
                if !json, done.state != 9 {
                    print(done.state == 4 ? "Proof sent and acknowledged by the verifier" : "The verifier did not acknowledge the proof (state \(done.state))")
                }
            }
            let short = AriesPolling(maximumEmptyPolls: 1)
            try await AriesStep.run { _ = try await wallet.pullAriesMessages(connectionID: connection.id, polling: short) }
            // Everything pulled so far is applied, also what arrived while an exchange above was
            // being updated (a proof request queued behind the credential's ack).
            pending = try await AriesStep.run { try await wallet.waitingAriesExchanges(connectionID: connection.id) }
        }
        if json {
            WalletJSON.print([
                "connection": AriesText.json(connection), "credentials": .array(credentials.map(AriesText.json)),
                "proofs": .array(proofs.map(AriesText.json)),
            ])
        } else if credentials.isEmpty, proofs.isEmpty {
            print("Nothing was offered or requested yet; `vellum aries offers` and `vellum aries proofs` list what arrives later.")
        }
        if declined { throw WalletCLIError.declined }
        let unfinished = credentials.filter { $0.state != 4 }.count + proofs.filter { $0.state != 4 }.count
        if unfinished > 0 { throw WalletCLIError.protocolFailure("\(unfinished) exchange(s) did not complete") }
    }

    /// Asks `question` (unless --yes): a no rejects the exchange; a yes sends, then pulls
    /// once when the answer did not come on the same POST. The state object after.
    private func take<Exchange>(
        question: String, declined: inout Bool, reject: () async throws -> AriesStateObject<Exchange>,
        send: () async throws -> AriesStateObject<Exchange>, update: () async throws -> AriesStateObject<Exchange>
    ) async throws -> AriesStateObject<Exchange> {
        guard yes || ReceiveCommand.confirm("\(question) [y/N] ") else {
            declined = true
            return try await AriesStep.run(reject)
        }
        let sent = try await AriesStep.run(send)
        return sent.state == 2 ? try await AriesStep.run(update) : sent
    }
}
