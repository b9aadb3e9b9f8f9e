import AnonCredsLedger
import Aries
import CryptoKeys
import DIDComm
import Foundation

extension CredentialWallet {
    /// Every state object of one kind the wallet keeps, oldest first.
    func ariesStateObjects<Exchange: AriesStateExchange>(_ type: Exchange.Type) async throws(WalletError) -> [AriesStateObject<Exchange>] {
        var objects: [AriesStateObject<Exchange>] = []
        for record in try await store.ariesRecords(Self.recordKind(Exchange.self)) {
            objects.append(try AriesStateObject<Exchange>(serialized: String(decoding: record.body, as: UTF8.self)))
        }
        return objects
    }

    /// The state object `id` of one kind.
    func ariesStateObject<Exchange: AriesStateExchange>(_ type: Exchange.Type, id: String) async throws(WalletError) -> AriesStateObject<Exchange> {
        guard let body = try await store.ariesRecord(Self.recordKind(Exchange.self), id: id) else {
            throw .notFound(kind: Exchange.recordKindName == "proof" ? "disclosed proof" : "Aries credential", id: id)
        }
        return try AriesStateObject<Exchange>(serialized: String(decoding: body, as: UTF8.self))
    }

    /// Keeps `object` as it is now (sealed, replacing its previous state).
    func save<Exchange: AriesStateExchange>(_ object: AriesStateObject<Exchange>) async throws(WalletError) {
        try await store.putAriesRecord(Self.recordKind(Exchange.self), id: object.id, body: Data(object.serialize().utf8))
    }

    /// Rejects the exchange of `object` with `comment`: the problem report is sent on its
    /// thread and the state (9) kept.
    func rejectStateObject<Exchange: AriesStateExchange>(
        _ type: Exchange.Type, id: String, comment: String?
    ) async throws(WalletError) -> AriesStateObject<Exchange> {
        var object = try await ariesStateObject(Exchange.self, id: id)
        let report: DIDCommMessage
        do { report = try object.exchange.reject(comment: comment) } catch { throw .ariesFailed(.wrongState(error.description)) }
        try await save(object)
        let (connection, key) = try await connectionAndKey(id: object.connectionID)
        _ = try await send(report, connection: connection, key: key)
        return object
    }

    /// Keeps `object` after `error` ended its exchange and tells the peer, unless the peer
    /// ended it: the refusal thrown.
    func refuse<Exchange: AriesStateExchange>(
        _ object: AriesStateObject<Exchange>, _ error: AriesError, connection: AriesConnection, key: PrivateKey
    ) async throws(WalletError) -> WalletError {
        try await save(object)
        if case .abandonedByPeer = error {} else { await sendQuietly(object.exchange.problemReport, connection: connection, key: key) }
        return .ariesFailed(.refused(error))
    }

    /// The `~ledger` a new exchange resolves through: its first message's, else the connection's.
    static func ledger(of message: DIDCommMessage, on connection: AriesConnection) throws(WalletError) -> LedgerDecorator? {
        try ledger(of: message.object) ?? connection.ledger
    }

    /// The holder the exchange of `object` works with: the wallet's AnonCreds, its public
    /// objects from the cache or the exchange's `~ledger`, the connection's DID as
    /// `prover_did`, and — only when the offer or request has a JSON-LD format, so an
    /// AnonCreds exchange makes no key — the wallet's Ed25519 holder DID with its stored
    /// `ldp_vc` credentials when it presents (``ariesLinkedDataHolder(presenting:)``).
    func ariesHolder<Exchange: AriesStateExchange>(
        for object: AriesStateObject<Exchange>, connection: AriesConnection
    ) async throws(WalletError) -> (holder: AriesHolder, anonCreds: WalletAnonCredsHolding) {
        let remote = object.ledger.map { HTTPAnonCredsRegistry(ledger: $0, httpClient: httpClient) }
        let anonCreds = WalletAnonCredsHolding(wallet: self, registry: anonCredsRegistry(fallingBackTo: remote))
        var holder = AriesHolder(anonCreds: anonCreds, proverDID: connection.myDID)
        let formats = Set(object.exchange.firstMessage.attachments.map(\.format))
        if formats.contains(.difDefinition) {
            holder.w3c = try await ariesLinkedDataHolder(presenting: true)
        } else if formats.contains(.ldProofDetail) {
            holder.w3c = try await ariesLinkedDataHolder(presenting: false)
        }
        return (holder, anonCreds)
    }

    static func recordKind<Exchange: AriesStateExchange>(_ type: Exchange.Type) -> AriesRecordKind {
        AriesRecordKind(rawValue: Exchange.recordKindName) ?? .credential
    }
}
