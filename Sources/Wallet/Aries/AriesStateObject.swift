import AnonCredsLedger
import Aries
import DIDComm
import Foundation
import JSONModel

/// The seed's state objects — `Credential` (``AriesCredential``) and `DisclosedProof` — as
/// the wallet keeps them: an Aries exchange with the connection it runs on, the caller's
/// `sourceID`, the `~ledger` its public objects resolve through, and, once the credential is
/// stored, its wallet id.
///
/// The wallet stores each one (sealed, in its own table) at every step, so an app needs no
/// store of its own; ``serialize()`` and ``init(serialized:)`` give the seed's versioned JSON
/// string for an app that keeps one anyway (version 1: `{"version": 1, "kind", "id",
/// "source_id", "connection_id", "exchange", …}`), read back strictly at any state.
public struct AriesStateObject<Exchange: AriesStateExchange>: Sendable, Identifiable {
    /// The wallet's id for the state object.
    public let id: String
    /// The caller's name for it (the seed's `sourceId`): any string.
    public let sourceID: String
    /// The ``AriesConnection`` it runs on.
    public let connectionID: String
    /// Where the schemas and credential definitions it names are published: the `~ledger` of
    /// the offer or request, else of the invitation.
    public let ledger: LedgerDecorator?
    /// The exchange, at its current state.
    public internal(set) var exchange: Exchange
    /// The wallet id of the credential stored from this exchange (``AriesCredential`` only).
    public internal(set) var storedCredentialID: String?

    /// The version ``serialize()`` writes and ``init(serialized:)`` reads.
    public static var serializationVersion: Int { 1 }

    init(id: String, sourceID: String, connectionID: String, ledger: LedgerDecorator?, exchange: Exchange) {
        self.id = id
        self.sourceID = sourceID
        self.connectionID = connectionID
        self.ledger = ledger
        self.exchange = exchange
    }

    /// The state as libvcx reports it (3 offer or request received, 2 request or presentation
    /// sent, 4 accepted, 9 rejected by the holder, 0 otherwise abandoned).
    public var state: Int { exchange.vcxState }
    /// The exchange's thread id (the seed's `threadId`): what the peer's next message names.
    public var threadID: String { exchange.thread.threadID }
    /// The offer's or request's `comment` (the seed shows it as the credential's name).
    public var comment: String? { exchange.firstMessage.comment }
    /// The offer's `credential_preview` values by attribute name (empty for a proof request).
    public var previewAttributes: [String: String] { exchange.firstMessage.preview?.values ?? [:] }
    /// The attachments the offer or request carries beside its formats (the RFC 0017 `~attach`
    /// decorator): kept and shown as received, never interpreted.
    public var attachments: [Attachment] { (try? exchange.firstMessage.message.attachments(named: "~attach")) ?? [] }
    /// Whether the exchange is still waiting for the holder or the peer.
    public var isPending: Bool { state == 3 || state == 2 }

    /// The state object as the seed's versioned JSON string.
    public func serialize() -> String {
        var object: JSONObject = [
            "version": .number(.init(Self.serializationVersion)), "kind": .string(Exchange.recordKindName), "id": .string(id),
            "source_id": .string(sourceID), "connection_id": .string(connectionID),
            "exchange": (try? JSONValue(parsing: Data(exchange.serialized().utf8))) ?? .null,
        ]
        if let ledger { object["ledger"] = ledger.json }
        if let storedCredentialID { object["stored_credential_id"] = .string(storedCredentialID) }
        return String(decoding: JSONValue.object(object).serialized(), as: UTF8.self)
    }

    /// Reads a string ``serialize()`` wrote (version 1); anything else — another version or
    /// kind, a damaged exchange, a message that no longer reads — is
    /// ``WalletError/ariesFailed(_:)`` with ``AriesFailure/refused(_:)`` of
    /// `AriesError.malformedState`.
    public init(serialized: String) throws(WalletError) {
        func malformed(_ reason: String) -> WalletError { .ariesFailed(.refused(.malformedState(reason: reason))) }
        guard serialized.utf8.count <= WalletStore.maximumAriesRecordBytes else {
            throw .inputTooLarge(field: "serialized state object", limit: WalletStore.maximumAriesRecordBytes)
        }
        guard let object = try? JSONValue(parsing: Data(serialized.utf8)).objectValue else { throw malformed("not a JSON object") }
        guard object["version"] == .number(.init(Self.serializationVersion)) else {
            throw malformed("version \(object["version"].map { $0.serializedString() } ?? "missing"); this release reads version 1")
        }
        guard object["kind"]?.stringValue == Exchange.recordKindName else {
            throw malformed("not a \(Exchange.recordKindName) state object")
        }
        guard let id = object["id"]?.stringValue, let sourceID = object["source_id"]?.stringValue,
              let connectionID = object["connection_id"]?.stringValue, let exchangeValue = object["exchange"]
        else { throw malformed("id, source_id, connection_id or exchange is missing") }
        let exchange: Exchange
        do { exchange = try Exchange(serialized: exchangeValue.serializedString()) } catch { throw .ariesFailed(.refused(error)) }
        var ledger: LedgerDecorator?
        if let value = object["ledger"] {
            do { ledger = try LedgerDecorator(json: value) } catch { throw .ariesFailed(.ledger(error)) }
        }
        self.init(id: id, sourceID: sourceID, connectionID: connectionID, ledger: ledger, exchange: exchange)
        storedCredentialID = object["stored_credential_id"]?.stringValue
    }
}

/// The seed's `Credential` state object: an issue-credential exchange kept by the wallet
/// (the name `Credential` is AnonCreds' credential in Swift).
public typealias AriesCredential = AriesStateObject<CredentialExchange>

/// The seed's `DisclosedProof` state object: a present-proof exchange kept by the wallet.
public typealias DisclosedProof = AriesStateObject<ProofExchange>
