import AnonCredsLedger
import CryptoKeys
import DIDComm
import Foundation
import JSONModel
import Multiformats

/// A DIDComm connection the wallet keeps (the seed's `Connection` state object): made by DID
/// exchange from an out-of-band invitation or by Connections 1.0 from an older `?c_i=` one,
/// or, for a connectionless invitation, our key and the `~service` of the message it carried.
///
/// The stored record is the same for every kind (version 1): a record written before
/// Connections 1.0 was answered reads back unchanged.
///
/// The connection's Ed25519 key is the wallet's: it is made when the invitation is accepted
/// and kept sealed in the wallet's store with the connection, so a later pull (a trust ping
/// from the same key) reaches the messages the agent queued for it, after a restart too. It is
/// never part of this value; the wallet reads it back when it sends.
public struct AriesConnection: Sendable, Hashable, Identifiable {
    /// How the connection was made.
    public enum Kind: String, Sendable, Hashable {
        /// DID exchange 1.0 completed: a pairwise DID on each side.
        case didExchange = "did-exchange"
        /// Connections 1.0 (RFC 0160, a `?c_i=` invitation) completed: a pairwise DID on each
        /// side, as for DID exchange.
        case connections
        /// No handshake: a connectionless invitation's `~service` and a key of ours.
        case connectionless
    }

    /// The wallet's id for the connection (the seed's `pwDid`-like handle).
    public let id: String
    /// How it was made.
    public let kind: Kind
    /// The inviter's `label`, as it gives it (not verified).
    public let label: String?
    /// The invitation's `@id` (the `pthid` of what follows).
    public let invitationID: String
    /// Our unqualified DID (of ``myVerkey``).
    public let myDID: String
    /// Our key on this connection.
    public let myVerkey: Verkey
    /// The peer's unqualified DID, after DID exchange.
    public let theirDID: String?
    /// Where the peer is reached and for which keys messages are packed.
    public let theirService: DIDCommService
    /// The `~ledger` decorator of the invitation, if it carried one: where the inviter
    /// publishes the schemas and credential definitions it names.
    public let ledger: LedgerDecorator?

    /// A connection from its parts.
    public init(
        id: String, kind: Kind, label: String?, invitationID: String, myVerkey: Verkey, theirDID: String?,
        theirService: DIDCommService, ledger: LedgerDecorator?
    ) {
        self.id = id
        self.kind = kind
        self.label = label
        self.invitationID = invitationID
        self.myVerkey = myVerkey
        myDID = myVerkey.unqualifiedDID
        self.theirDID = theirDID
        self.theirService = theirService
        self.ledger = ledger
    }

    /// The record as stored: the connection and, beside it, its private key.
    func record(key: PrivateKey) -> Data {
        var object: JSONObject = [
            "version": 1, "id": .string(id), "kind": .string(kind.rawValue), "invitation_id": .string(invitationID),
            "my_verkey": .string(myVerkey.base58), "their_service": theirService.jsonValue,
            "key": .string(Base64URL.encode(key.rawRepresentation)),
        ]
        if let label { object["label"] = .string(label) }
        if let theirDID { object["their_did"] = .string(theirDID) }
        if let ledger { object["ledger"] = ledger.json }
        return JSONValue.object(object).serialized()
    }

    /// A stored record read back: the connection and its private key, which must be the
    /// key of ``myVerkey``.
    static func read(record: Data) throws(WalletError) -> (connection: AriesConnection, key: PrivateKey) {
        let corrupted = WalletError.corruptedRecord(table: "aries_record", id: "connection")
        guard let object = try? JSONValue(parsing: record).objectValue, object["version"] == 1,
              let id = object["id"]?.stringValue, let kindText = object["kind"]?.stringValue, let kind = Kind(rawValue: kindText),
              let invitationID = object["invitation_id"]?.stringValue, let verkeyText = object["my_verkey"]?.stringValue,
              let myVerkey = try? Verkey(base58: verkeyText), let serviceValue = object["their_service"],
              let service = try? DIDCommService(serviceValue), let keyText = object["key"]?.stringValue,
              let keyBytes = try? Base64URL.decode(keyText), let key = try? PrivateKey(rawRepresentation: keyBytes, curve: .ed25519),
              (try? Verkey(of: key)) == myVerkey
        else { throw corrupted }
        let ledger = try? object["ledger"].map { value throws(AnonCredsRegistryError) in try LedgerDecorator(json: value) }
        let connection = AriesConnection(
            id: id, kind: kind, label: object["label"]?.stringValue, invitationID: invitationID, myVerkey: myVerkey,
            theirDID: object["their_did"]?.stringValue, theirService: service, ledger: ledger)
        return (connection, key)
    }
}
