import AnonCredsLedger
import Aries
import CryptoKeys
import DIDComm
import Foundation
import JSONModel

extension CredentialWallet {
    /// Accepts an Aries invitation: an out-of-band link (`?oob=`) offering DID exchange 1.0 or
    /// Connections 1.0 (the first of its `handshake_protocols` that is either), or an older
    /// Connections 1.0 one (`?c_i=`), is connected to as the invitee (our new key kept
    /// sealed with the connection), then the agent is polled for what follows; a
    /// connectionless one (`requests~attach` with its `~service`, or the older `?d_m=`) gets a
    /// connection of our key and that service, and its attached message is read. Each
    /// credential offer and proof request becomes a state object waiting for the holder
    /// (state 3); nothing is accepted yet.
    ///
    /// - Throws: ``WalletError/ariesFailed(_:)``: the invitation does not read (or names a
    ///   public DID, which is not resolved), the handshake's response is refused (a problem
    ///   report was sent on its thread, nothing stored), the agent is unreachable, or a message
    ///   refused (reported on its thread).
    public func acceptAriesInvitation(
        _ link: String, label: String = "Vellum", polling: AriesPolling = .standard
    ) async throws(WalletError) -> AriesInvitationResult {
        let invitation: Invitation
        do { invitation = try Invitation(link: link) } catch { throw .ariesFailed(.invitation(error)) }
        switch invitation {
        case .outOfBand(let outOfBand):
            let ledger = try Self.ledger(of: outOfBand.message.object)
            if let attached = outOfBand.requests.first {
                let message: DIDCommMessage
                do throws(DIDCommError) {
                    guard let object = try attached.data.jsonContent().objectValue else {
                        throw DIDCommError.malformedInvitation(reason: "requests~attach does not hold a message")
                    }
                    message = try DIDCommMessage(object: object)
                } catch { throw .ariesFailed(.invitation(error)) }
                let service: DIDCommService
                do throws(DIDCommError) {
                    guard let found = try message.service ?? outOfBand.inlineService else {
                        throw DIDCommError.malformedInvitation(reason: "the attached message has no ~service and the invitation no inline service")
                    }
                    service = found
                } catch { throw .ariesFailed(.invitation(error)) }
                return try await connectionless(
                    message, service: service, invitationID: outOfBand.id, label: outOfBand.label, ledger: ledger)
            }
            return try await connect(outOfBand, label: label, ledger: ledger, polling: polling)
        case .connectionless(let message, let service):
            return try await connectionless(
                message, service: service, invitationID: message.id, label: nil, ledger: try Self.ledger(of: message.object))
        case .connection(let connectionInvitation):
            return try await connect(
                connectionInvitation, label: label, ledger: try Self.ledger(of: connectionInvitation.message.object), polling: polling)
        }
    }

    /// The connections the wallet keeps, oldest first.
    public func ariesConnections() async throws(WalletError) -> [AriesConnection] {
        var connections: [AriesConnection] = []
        for record in try await store.ariesRecords(.connection) { connections.append(try AriesConnection.read(record: record.body).connection) }
        return connections
    }

    /// The connection `id`.
    public func ariesConnection(id: String) async throws(WalletError) -> AriesConnection {
        try await connectionAndKey(id: id).connection
    }

    /// Deletes the connection `id` and its key; the state objects that ran on it stay
    /// (readable, but they can no longer send).
    public func deleteAriesConnection(id: String) async throws(WalletError) {
        guard try await store.deleteAriesRecord(.connection, id: id) else { throw .notFound(kind: "Aries connection", id: id) }
    }

    // MARK: Making connections

    /// An out-of-band invitation is connected to by the first handshake of its
    /// `handshake_protocols` this wallet speaks, in the inviter's order of preference: DID
    /// exchange 1.x or Connections 1.x.
    private func connect(
        _ invitation: OutOfBandInvitation, label: String, ledger: LedgerDecorator?, polling: AriesPolling
    ) async throws(WalletError) -> AriesInvitationResult {
        let key = PrivateKey(curve: .ed25519)
        let handshake = invitation.handshakeProtocols.first { ["didexchange", "connections"].contains($0.protocolName) && $0.major == 1 }
        if handshake?.protocolName == "connections" {
            let invitee: ConnectionsInvitee
            do { invitee = try ConnectionsInvitee(outOfBand: invitation, key: key) } catch { throw .ariesFailed(.invitation(error)) }
            return try await connect(invitee, key: key, inviterLabel: invitation.label, label: label, ledger: ledger, polling: polling)
        }
        var invitee: DIDExchangeInvitee
        do { invitee = try DIDExchangeInvitee(invitation: invitation, key: key) } catch { throw .ariesFailed(.invitation(error)) }
        return try await keepConnection(
            kind: .didExchange, label: invitation.label, invitationID: invitation.id, key: key, ledger: ledger, polling: polling
        ) { transport throws(DIDCommError) in
            try await invitee.connect(label: label, over: transport, maximumPolls: polling.maximumEmptyPolls, pollInterval: polling.interval)
        }
    }

    /// Connections 1.0 (RFC 0160) from a `?c_i=` invitation.
    private func connect(
        _ invitation: ConnectionInvitation, label: String, ledger: LedgerDecorator?, polling: AriesPolling
    ) async throws(WalletError) -> AriesInvitationResult {
        let key = PrivateKey(curve: .ed25519)
        let invitee: ConnectionsInvitee
        do { invitee = try ConnectionsInvitee(invitation: invitation, key: key) } catch { throw .ariesFailed(.invitation(error)) }
        return try await connect(invitee, key: key, inviterLabel: invitation.label, label: label, ledger: ledger, polling: polling)
    }

    /// Runs Connections 1.0 with the invitee's `key`: the response's `connection~sig` must be
    /// the invitation key's, as DID exchange's DIDDoc signature must.
    private func connect(
        _ invitee: ConnectionsInvitee, key: PrivateKey, inviterLabel: String?, label: String, ledger: LedgerDecorator?, polling: AriesPolling
    ) async throws(WalletError) -> AriesInvitationResult {
        var invitee = invitee
        return try await keepConnection(
            kind: .connections, label: inviterLabel, invitationID: invitee.invitationID, key: key, ledger: ledger, polling: polling
        ) { transport throws(DIDCommError) in
            try await invitee.connect(label: label, over: transport, maximumPolls: polling.maximumEmptyPolls, pollInterval: polling.interval)
        }
    }

    /// Runs a handshake with `key` and, only once it completed, keeps the connection sealed
    /// with its key and pulls what the agent queued on it.
    private func keepConnection(
        kind: AriesConnection.Kind, label: String?, invitationID: String, key: PrivateKey, ledger: LedgerDecorator?, polling: AriesPolling,
        handshake: (ReturnRouteTransport) async throws(DIDCommError) -> DIDCommConnection
    ) async throws(WalletError) -> AriesInvitationResult {
        let made: DIDCommConnection
        do { made = try await handshake(ReturnRouteTransport(client: httpClient, keys: [key])) } catch { throw .ariesFailed(.transport(error)) }
        let connection = AriesConnection(
            id: UUID().uuidString.lowercased(), kind: kind, label: label, invitationID: invitationID,
            myVerkey: made.myVerkey, theirDID: made.theirDID, theirService: made.theirService, ledger: ledger)
        try await store.putAriesRecord(.connection, id: connection.id, body: connection.record(key: key))
        let received = try await pullAriesMessages(connection: connection, key: key, polling: polling)
        return AriesInvitationResult(connection: connection, received: received)
    }

    private func connectionless(
        _ message: DIDCommMessage, service: DIDCommService, invitationID: String, label: String?, ledger: LedgerDecorator?
    ) async throws(WalletError) -> AriesInvitationResult {
        let key = PrivateKey(curve: .ed25519)
        let verkey: Verkey
        do { verkey = try Verkey(of: key) } catch { throw .cryptoFailure("\(error)") }
        let connection = AriesConnection(
            id: UUID().uuidString.lowercased(), kind: .connectionless, label: label, invitationID: invitationID, myVerkey: verkey,
            theirDID: nil, theirService: service, ledger: ledger)
        try await store.putAriesRecord(.connection, id: connection.id, body: connection.record(key: key))
        let received = try await dispatch(message, connection: connection, key: key, parentThreadID: invitationID)
        return AriesInvitationResult(connection: connection, received: received)
    }

    // MARK: Messages

    /// The messages the agent has queued on connection `connectionID`, pulled with trust
    /// pings until it answers 202 (the seed's `downloadPendingMessages`), not yet applied:
    /// hand each to ``updateAriesCredentialState(id:with:)`` or
    /// ``updateDisclosedProofState(id:with:)`` (push), or let ``pullAriesMessages(connectionID:polling:)`` apply them.
    ///
    /// An envelope that does not open (a flipped bit) is answered with a problem report on the
    /// connection and thrown as ``AriesFailure/transport(_:)``.
    public func downloadAriesMessages(connectionID: String, polling: AriesPolling = .standard) async throws(WalletError) -> [DIDCommMessage] {
        let (connection, key) = try await connectionAndKey(id: connectionID)
        return try await download(connection: connection, key: key, polling: polling)
    }

    /// The offers and proof requests on connection `connectionID` that wait for the holder
    /// (state 3), oldest first. A pull applies every message it downloads, so an offer or a
    /// request that arrived while another exchange was being updated (an issuer that queues
    /// its proof request behind the credential's ack) is a state object already: this is
    /// where a caller finds it.
    public func waitingAriesExchanges(connectionID: String) async throws(WalletError) -> AriesMessagesReceived {
        var waiting = AriesMessagesReceived()
        waiting.credentials = try await ariesCredentials().filter { $0.connectionID == connectionID && $0.state == 3 }
        waiting.proofs = try await disclosedProofs().filter { $0.connectionID == connectionID && $0.state == 3 }
        return waiting
    }

    /// Pulls the messages queued on connection `connectionID` and applies each: a new offer or
    /// proof request becomes a state object, a message on a kept exchange's thread moves it on
    /// (a credential is checked and stored, then acked).
    public func pullAriesMessages(connectionID: String, polling: AriesPolling = .standard) async throws(WalletError) -> AriesMessagesReceived {
        let (connection, key) = try await connectionAndKey(id: connectionID)
        return try await pullAriesMessages(connection: connection, key: key, polling: polling)
    }

    func pullAriesMessages(connection: AriesConnection, key: PrivateKey, polling: AriesPolling) async throws(WalletError) -> AriesMessagesReceived {
        var received = AriesMessagesReceived()
        for message in try await download(connection: connection, key: key, polling: polling) {
            received.merge(try await dispatch(message, connection: connection, key: key, parentThreadID: nil))
        }
        return received
    }

    private func download(connection: AriesConnection, key: PrivateKey, polling: AriesPolling) async throws(WalletError) -> [DIDCommMessage] {
        let transport = ReturnRouteTransport(client: httpClient, keys: [key])
        var messages: [DIDCommMessage] = []
        var emptyPolls = 0
        while messages.count < polling.maximumMessages {
            let answer: ReturnRouteTransport.Received?
            do { answer = try await transport.poll(connection.theirService, from: key) } catch {
                try await reportUnreadable(error, connection: connection, key: key)
                throw .ariesFailed(.transport(error))
            }
            if let answer {
                messages.append(answer.message)
                continue
            }
            emptyPolls += 1
            guard messages.isEmpty, emptyPolls < polling.maximumEmptyPolls else { break }
            try? await Task.sleep(for: polling.interval)
        }
        return messages
    }

    /// Applies one message received on `connection`: an offer or a proof request begins a
    /// state object, a message on a kept exchange's thread is pushed to it; anything else (a
    /// trust ping response, a stray ack) is dropped.
    func dispatch(
        _ message: DIDCommMessage, connection: AriesConnection, key: PrivateKey, parentThreadID: String?
    ) async throws(WalletError) -> AriesMessagesReceived {
        var received = AriesMessagesReceived()
        let type = message.type
        if type.protocolName == "issue-credential", type.name == "offer-credential" {
            received.credentials.append(try await makeAriesCredential(
                offer: message, connection: connection, key: key, parentThreadID: parentThreadID, sourceID: message.id))
        } else if type.protocolName == "present-proof", type.name == "request-presentation" {
            received.proofs.append(try await makeDisclosedProof(
                request: message, connection: connection, key: key, parentThreadID: parentThreadID, sourceID: message.id))
        } else if let thread = message.thread?.threadID {
            if var credential = try await ariesStateObjects(CredentialExchange.self).first(where: { $0.threadID == thread && $0.connectionID == connection.id }) {
                received.merge(try await advance(&credential, with: message, connection: connection, key: key))
                received.credentials.append(credential)
            } else if var proof = try await ariesStateObjects(ProofExchange.self).first(where: { $0.threadID == thread && $0.connectionID == connection.id }) {
                try await advance(&proof, with: message, connection: connection, key: key)
                received.proofs.append(proof)
            }
        }
        return received
    }

    // MARK: Sending

    /// Sends `message` on `connection` and applies the answer, if any: with `returnRoute`
    /// (RFC 0092 `all`) the agent may answer on the same POST; without, it queues the answer
    /// for a pull or a push.
    func send(
        _ message: DIDCommMessage, connection: AriesConnection, key: PrivateKey, returnRoute: Bool = true
    ) async throws(WalletError) -> AriesMessagesReceived {
        let answer: ReturnRouteTransport.Received?
        do {
            answer = try await ReturnRouteTransport(client: httpClient, keys: [key]).send(
                message, to: connection.theirService, from: key, returnRoute: returnRoute ? .all : .none)
        } catch {
            try await reportUnreadable(error, connection: connection, key: key)
            throw .ariesFailed(.transport(error))
        }
        guard let answer else { return AriesMessagesReceived() }
        return try await dispatch(answer.message, connection: connection, key: key, parentThreadID: nil)
    }

    /// Sends a problem report, best effort: the refusal it tells of is thrown either way.
    /// Without return route, so a message the agent has queued for us stays queued for the
    /// next pull instead of coming back on a POST whose answer nobody reads.
    func sendQuietly(_ report: DIDCommMessage?, connection: AriesConnection, key: PrivateKey) async {
        guard let report else { return }
        _ = try? await ReturnRouteTransport(client: httpClient, keys: [key]).send(
            report, to: connection.theirService, from: key, returnRoute: .none)
    }

    /// An envelope that did not open names no thread we could trust: it is reported on the
    /// connection (RFC 0035's own problem report, a new thread under the invitation's).
    private func reportUnreadable(_ error: DIDCommError, connection: AriesConnection, key: PrivateKey) async throws(WalletError) {
        // An HTTP failure is the transport's, not the peer's message: nothing to report.
        if case .protocolFailure = error { return }
        let report = ProblemReport(code: "message-unreadable", explanation: "an envelope did not open: \(error)").message(
            thread: ThreadDecorator(threadID: UUID().uuidString.lowercased(), parentThreadID: connection.invitationID))
        await sendQuietly(report, connection: connection, key: key)
    }

    // MARK: Records

    func connectionAndKey(id: String) async throws(WalletError) -> (connection: AriesConnection, key: PrivateKey) {
        guard let record = try await store.ariesRecord(.connection, id: id) else { throw .notFound(kind: "Aries connection", id: id) }
        return try AriesConnection.read(record: record)
    }

    static func ledger(of object: JSONObject) throws(WalletError) -> LedgerDecorator? {
        do { return try LedgerDecorator(decorating: object) } catch { throw .ariesFailed(.ledger(error)) }
    }
}
