import Foundation
import JSONModel
import Wallet

/// What `vellum aries connect` and `vellum aries propose` share: the offers and proof requests
/// that arrive on a connection, each shown and taken (or rejected) in turn until the agent
/// sends nothing more, then the result as text or JSON and the exit status.
struct AriesExchangeRun {
    /// Accept every offer and answer every request without asking.
    var yes: Bool
    /// Print the result as JSON.
    var json: Bool

    /// The most rounds of offers and requests taken on one connection.
    static let maximumRounds = 8

    /// Takes `first` and whatever follows on `connection`; throws (a non-zero exit) when a
    /// person declined or an exchange did not complete.
    func take(_ first: AriesMessagesReceived, on connection: AriesConnection, wallet: CredentialWallet) async throws {
        var credentials: [AriesCredential] = [], proofs: [DisclosedProof] = []
        var pending = first
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
                    let linkedData = (try? await wallet.linkedDataCandidates(forDisclosedProof: request.id)) ?? [:]
                    print(AriesText.request(request, from: connection.label, candidates: candidates ?? nil, linkedData: linkedData))
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
