import AnonCreds
import Aries
import CryptoKeys
import DIDComm
import Foundation

/// The seed's `Credential` operations over ``AriesCredential`` state objects the wallet keeps.
extension CredentialWallet {
    /// Makes a state object from a credential offer received on connection `connectionID`
    /// (the seed's `credentialCreateWithOffer`): the offer as its JSON text, as downloaded.
    /// An offer that does not read is refused with a problem report and nothing kept.
    public func createAriesCredential(sourceID: String, offer: String, connectionID: String) async throws(WalletError) -> AriesCredential {
        let (connection, key) = try await connectionAndKey(id: connectionID)
        let message: DIDCommMessage
        do { message = try DIDCommMessage(json: Data(offer.utf8)) } catch { throw .ariesFailed(.refused(.malformedMessage(reason: error.description))) }
        return try await makeAriesCredential(offer: message, connection: connection, key: key, parentThreadID: nil, sourceID: sourceID)
    }

    /// The credential state objects the wallet keeps, oldest first.
    public func ariesCredentials() async throws(WalletError) -> [AriesCredential] {
        try await ariesStateObjects(CredentialExchange.self)
    }

    /// The credential state object `id`.
    public func ariesCredential(id: String) async throws(WalletError) -> AriesCredential {
        try await ariesStateObject(CredentialExchange.self, id: id)
    }

    /// Accepts the offer (the seed's `credentialSendRequest`): checks the issuer's key
    /// correctness proof against the credential definition the offer names (resolved through
    /// the wallet's cache or the `~ledger`), sends the request, and applies what the issuer
    /// answers on the same POST — the credential is checked, stored and acked then, and the
    /// state is 4. Otherwise the state is 2 until a pull or a push brings the credential.
    ///
    /// - Throws: ``AriesFailure/refused(_:)`` for an offer refused (its problem report sent,
    ///   state 0) or a credential refused (likewise; nothing stored).
    @discardableResult
    public func sendAriesCredentialRequest(id: String, returnRoute: Bool = true) async throws(WalletError) -> AriesCredential {
        var object = try await ariesCredential(id: id)
        guard object.exchange.state == .offerReceived else {
            throw .ariesFailed(.wrongState("credential \(id) is in state \(object.state), not 3 (offer received)"))
        }
        let (connection, key) = try await connectionAndKey(id: object.connectionID)
        let request: DIDCommMessage
        let holder = try await ariesHolder(for: object, connection: connection).holder
        do { request = try await object.exchange.request(holder: holder) } catch {
            throw try await refuse(object, error, connection: connection, key: key)
        }
        try await save(object)
        _ = try await send(request, connection: connection, key: key, returnRoute: returnRoute)
        return try await ariesCredential(id: id)
    }

    /// Pulls the connection's queued messages and applies them (the seed's
    /// `credentialUpdateState`): the state after.
    @discardableResult
    public func updateAriesCredentialState(id: String, polling: AriesPolling = .standard) async throws(WalletError) -> AriesCredential {
        let object = try await ariesCredential(id: id)
        _ = try await pullAriesMessages(connectionID: object.connectionID, polling: polling)
        return try await ariesCredential(id: id)
    }

    /// Applies a message downloaded for this exchange (the seed's
    /// `credentialUpdateStateWithMessage`, push): the credential is checked, stored and acked.
    @discardableResult
    public func updateAriesCredentialState(id: String, with message: DIDCommMessage) async throws(WalletError) -> AriesCredential {
        var object = try await ariesCredential(id: id)
        let (connection, key) = try await connectionAndKey(id: object.connectionID)
        _ = try await advance(&object, with: message, connection: connection, key: key)
        return object
    }

    /// Rejects the offer with `comment` (the seed's `credentialReject`): a problem report on
    /// the thread; the state is 9.
    @discardableResult
    public func rejectAriesCredential(id: String, comment: String? = nil) async throws(WalletError) -> AriesCredential {
        try await rejectStateObject(CredentialExchange.self, id: id, comment: comment)
    }

    /// Deletes the state object and the credential stored from it (the seed's `deleteCredential`).
    public func deleteAriesCredential(id: String) async throws(WalletError) {
        let object = try await ariesCredential(id: id)
        if let stored = object.storedCredentialID { try? await deleteCredential(id: stored) }
        try await store.deleteAriesRecord(.credential, id: id)
    }

    // MARK: Steps

    func makeAriesCredential(
        offer: DIDCommMessage, connection: AriesConnection, key: PrivateKey, parentThreadID: String?, sourceID: String
    ) async throws(WalletError) -> AriesCredential {
        let exchange: CredentialExchange
        do { exchange = try CredentialExchange(offer: offer, parentThreadID: parentThreadID) } catch {
            await sendQuietly(CredentialExchange.problemReport(refusing: offer, error: error), connection: connection, key: key)
            throw .ariesFailed(.refused(error))
        }
        let object = AriesCredential(
            id: UUID().uuidString.lowercased(), sourceID: sourceID, connectionID: connection.id,
            ledger: try Self.ledger(of: offer, on: connection), exchange: exchange)
        try await save(object)
        return object
    }

    /// Moves the exchange on with `message`: a credential is checked (a refusal is reported
    /// and nothing stored), stored with its schema and definition, then acked; the ack's
    /// answer, if any, is applied too.
    func advance(
        _ object: inout AriesCredential, with message: DIDCommMessage, connection: AriesConnection, key: PrivateKey
    ) async throws(WalletError) -> AriesMessagesReceived {
        let (holder, anonCreds) = try await ariesHolder(for: object, connection: connection)
        do { try await object.exchange.receive(message, holder: holder) } catch {
            guard object.exchange.state == .abandoned else { throw .ariesFailed(.refused(error)) }
            throw try await refuse(object, error, connection: connection, key: key)
        }
        guard object.exchange.state == .credentialReceived, let issued = object.exchange.credential else { return AriesMessagesReceived() }
        switch issued {
        case .anonCreds(let credential):
            object.storedCredentialID = try await storeAnonCreds(credential, of: object, holding: anonCreds)
        case .w3c(let document):
            object.storedCredentialID = try await storeLinkedData(document, holder: holder)
        }
        let ack: DIDCommMessage
        do { ack = try object.exchange.acknowledge() } catch { throw .ariesFailed(.refused(error)) }
        try await save(object)
        return try await send(ack, connection: connection, key: key)
    }

    /// Stores an AnonCreds credential with the schema and definition its offer names, and the
    /// files it came with.
    private func storeAnonCreds(
        _ credential: Credential, of object: AriesCredential, holding anonCreds: WalletAnonCredsHolding
    ) async throws(WalletError) -> String {
        do {
            guard let format = object.exchange.format, let attached = object.exchange.offer.attachment(format) else {
                throw AriesError.malformedState(reason: "no offer attachment was answered")
            }
            let offer = try CredentialOffer(jsonData: try attached.json().serialized())
            let (schema, definition) = try await anonCreds.publicObjects(of: offer)
            return try await addCredential(ReceivedCredential(
                format: .anonCreds, payload: AnonCredsRecord(
                    credential: credential, schema: schema, definition: definition,
                    attachments: object.exchange.attachments(of: credential)).payload,
                holderKeyID: nil, issuer: ReceivedCredential.IssuerDisplay(credentialIssuer: definition.issuerID))).id
        } catch let error as WalletError {
            throw error
        } catch let error as AriesError {
            throw .ariesFailed(.refused(error))
        } catch {
            throw .ariesFailed(.refused(.anonCreds(error as? AnonCredsError ?? .unsupported("\(error)"))))
        }
    }
}
