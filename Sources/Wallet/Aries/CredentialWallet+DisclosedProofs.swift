import AnonCreds
import Aries
import CryptoKeys
import DIDComm
import Foundation

/// The seed's `DisclosedProof` operations over the state objects the wallet keeps.
extension CredentialWallet {
    /// Makes a state object from a presentation request received on connection
    /// `connectionID` (the seed's `proofCreateWithRequest`), its JSON text as downloaded. A
    /// request that does not read, or whose nonce this wallet answered before, is refused with
    /// a problem report and nothing kept.
    public func createDisclosedProof(sourceID: String, request: String, connectionID: String) async throws(WalletError) -> DisclosedProof {
        let (connection, key) = try await connectionAndKey(id: connectionID)
        let message: DIDCommMessage
        do { message = try DIDCommMessage(json: Data(request.utf8)) } catch { throw .ariesFailed(.refused(.malformedMessage(reason: error.description))) }
        return try await makeDisclosedProof(request: message, connection: connection, key: key, parentThreadID: nil, sourceID: sourceID)
    }

    /// The proof state objects the wallet keeps, oldest first.
    public func disclosedProofs() async throws(WalletError) -> [DisclosedProof] {
        try await ariesStateObjects(ProofExchange.self)
    }

    /// The proof state object `id`.
    public func disclosedProof(id: String) async throws(WalletError) -> DisclosedProof {
        try await ariesStateObject(ProofExchange.self, id: id)
    }

    /// For each referent of the request, the stored credentials that answer it (what a
    /// person is shown before ``sendDisclosedProof(id:)``); `nil` for a request of a format
    /// other than AnonCreds.
    public func disclosedProofCandidates(id: String) async throws(WalletError) -> CredentialSearch.Candidates? {
        guard let request = try Self.anonCredsRequest(of: try await disclosedProof(id: id).exchange) else { return nil }
        return try await anonCredsCandidates(for: request)
    }

    /// Sends the presentation (the seed's `proofSend`): every requested attribute revealed
    /// from the first stored credential that answers it, every predicate proven without
    /// revealing its attribute; the nonce is remembered. The verifier's ack on the same POST
    /// makes the state 4; otherwise it is 2 until a pull or a push brings the ack.
    ///
    /// - Throws: ``WalletError/Presentation/replayedNonce(_:)`` (as
    ///   ``WalletError/presentationFailed(_:)``) for a nonce answered before — the request is
    ///   rejected with a problem report —, ``AriesFailure/refused(_:)`` when no proof can be
    ///   made (reported) or the verifier refuses the presentation.
    @discardableResult
    public func sendDisclosedProof(id: String, returnRoute: Bool = true) async throws(WalletError) -> DisclosedProof {
        var object = try await disclosedProof(id: id)
        guard object.exchange.state == .requestReceived else {
            throw .ariesFailed(.wrongState("proof \(id) is in state \(object.state), not 3 (request received)"))
        }
        let (connection, key) = try await connectionAndKey(id: object.connectionID)
        if let nonce = try Self.replayNonce(of: object.exchange), try await store.isProofRequestAnswered(nonce: nonce) {
            let report = try? object.exchange.reject(comment: "the proof request's nonce was answered before")
            try await save(object)
            await sendQuietly(report, connection: connection, key: key)
            throw .presentationFailed(.replayedNonce(nonce))
        }
        let holder = try await ariesHolder(for: object, connection: connection).holder
        let presentation: DIDCommMessage
        do { presentation = try await object.exchange.present(holder: holder) } catch {
            throw try await refuse(object, error, connection: connection, key: key)
        }
        // The AnonCreds holding records its nonce as it makes the proof; a DIF presentation's
        // challenge is recorded here, before anything leaves.
        if object.exchange.format == .difDefinition, let nonce = try Self.replayNonce(of: object.exchange) {
            try await store.recordAnsweredProofRequest(nonce: nonce, name: object.comment ?? "DIF presentation")
        }
        try await save(object)
        _ = try await send(presentation, connection: connection, key: key, returnRoute: returnRoute)
        return try await disclosedProof(id: id)
    }

    /// Pulls the connection's queued messages and applies them (the seed's
    /// `proofUpdateState`): the state after.
    @discardableResult
    public func updateDisclosedProofState(id: String, polling: AriesPolling = .standard) async throws(WalletError) -> DisclosedProof {
        let object = try await disclosedProof(id: id)
        _ = try await pullAriesMessages(connectionID: object.connectionID, polling: polling)
        return try await disclosedProof(id: id)
    }

    /// Applies a message downloaded for this exchange (push): the verifier's ack (state 4) or
    /// problem report (0).
    @discardableResult
    public func updateDisclosedProofState(id: String, with message: DIDCommMessage) async throws(WalletError) -> DisclosedProof {
        var object = try await disclosedProof(id: id)
        let (connection, key) = try await connectionAndKey(id: object.connectionID)
        try await advance(&object, with: message, connection: connection, key: key)
        return object
    }

    /// Rejects the request with `comment` (the seed's `proofReject`): a problem report on the
    /// thread; the state is 9.
    @discardableResult
    public func rejectDisclosedProof(id: String, comment: String? = nil) async throws(WalletError) -> DisclosedProof {
        try await rejectStateObject(ProofExchange.self, id: id, comment: comment)
    }

    /// Deletes the state object.
    public func deleteDisclosedProof(id: String) async throws(WalletError) {
        guard try await store.deleteAriesRecord(.proof, id: id) else { throw .notFound(kind: "disclosed proof", id: id) }
    }

    // MARK: Steps

    func makeDisclosedProof(
        request: DIDCommMessage, connection: AriesConnection, key: PrivateKey, parentThreadID: String?, sourceID: String
    ) async throws(WalletError) -> DisclosedProof {
        let exchange: ProofExchange
        do { exchange = try ProofExchange(request: request, parentThreadID: parentThreadID) } catch {
            await sendQuietly(ProofExchange.problemReport(refusing: request, error: error), connection: connection, key: key)
            throw .ariesFailed(.refused(error))
        }
        if let nonce = try Self.replayNonce(of: exchange), try await store.isProofRequestAnswered(nonce: nonce) {
            let refusal = AriesError.presentationNotPossible(reason: "the nonce \(nonce) was answered before; a replayed request is not answered")
            await sendQuietly(ProofExchange.problemReport(refusing: request, error: refusal), connection: connection, key: key)
            throw .presentationFailed(.replayedNonce(nonce))
        }
        let object = DisclosedProof(
            id: UUID().uuidString.lowercased(), sourceID: sourceID, connectionID: connection.id,
            ledger: try Self.ledger(of: request, on: connection), exchange: exchange)
        try await save(object)
        return object
    }

    func advance(_ object: inout DisclosedProof, with message: DIDCommMessage, connection: AriesConnection, key: PrivateKey) async throws(WalletError) {
        do { try object.exchange.receive(message) } catch {
            guard object.exchange.state == .abandoned else { throw .ariesFailed(.refused(error)) }
            throw try await refuse(object, error, connection: connection, key: key)
        }
        try await save(object)
    }

    /// What a replayed request repeats, as the wallet's record of answered requests keys it:
    /// the AnonCreds nonce by value (`0123` is `123`, as the proof hashes it), or a DIF
    /// request's `options.challenge` (prefixed, so it never meets a nonce); `nil` for a
    /// request with neither (a DIF request without a challenge binds nothing to replay).
    static func replayNonce(of exchange: ProofExchange) throws(WalletError) -> String? {
        if let request = try anonCredsRequest(of: exchange) { return request.nonce.value.decimalString }
        guard exchange.request.attachments.first?.format == .difDefinition, let challenge = exchange.requestNonce else { return nil }
        return "dif-challenge:" + challenge
    }

    /// The AnonCreds presentation request of an exchange, when its first format is one.
    static func anonCredsRequest(of exchange: ProofExchange) throws(WalletError) -> PresentationRequest? {
        guard let attachment = exchange.request.attachments.first,
              attachment.format == .indyProofRequest || attachment.format == .anonCredsProofRequest
        else { return nil }
        do { return try PresentationRequest(jsonData: try attachment.json().serialized()) } catch {
            throw .ariesFailed(.refused(.malformedMessage(reason: "the proof request: \(error)")))
        }
    }
}
