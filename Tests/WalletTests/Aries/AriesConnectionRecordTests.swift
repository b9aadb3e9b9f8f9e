import CryptoKeys
import DIDComm
import Foundation
import JSONModel
import Multiformats
import Testing
@testable import Wallet

/// The stored connection record stays version 1 with the new `connections` kind: records
/// written before Connections 1.0 was answered read back unchanged, and a Connections 1.0
/// connection round-trips.
@Suite("Aries connection records")
struct AriesConnectionRecordTests {
    static let key = try! PrivateKey(rawRepresentation: Data(repeating: 0x11, count: 32), curve: .ed25519)
    static let verkey = try! Verkey(of: key)
    static let service = DIDCommService(recipientKeys: [verkey], serviceEndpoint: "http://127.0.0.1:8020")

    @Test("a DID exchange record as the first release wrote it reads back")
    func earlierRecord() throws {
        let record = """
            {"version":1,"id":"c-1","kind":"did-exchange","invitation_id":"inv-1","my_verkey":"\(Self.verkey.base58)",\
            "their_service":{"recipientKeys":["\(Self.verkey.base58)"],"routingKeys":[],"serviceEndpoint":"http://127.0.0.1:8020"},\
            "key":"\(Base64URL.encode(Data(repeating: 0x11, count: 32)))","label":"Faber","their_did":"4uTqFwgLpGUBvsSaGWfg3e"}
            """
        let (connection, key) = try AriesConnection.read(record: Data(record.utf8))
        #expect(connection.kind == .didExchange && connection.label == "Faber" && connection.theirDID == "4uTqFwgLpGUBvsSaGWfg3e")
        #expect(connection.theirService == Self.service && key.rawRepresentation == Self.key.rawRepresentation)
    }

    @Test("a Connections 1.0 connection is stored as version 1 with kind connections and reads back equal")
    func connectionsRoundTrip() throws {
        let connection = AriesConnection(
            id: "c-2", kind: .connections, label: "Old agent", invitationID: "inv-2", myVerkey: Self.verkey, theirDID: "4uTqFwgLpGUBvsSaGWfg3e",
            theirService: Self.service, ledger: nil)
        let record = connection.record(key: Self.key)
        let json = try JSONParser().parse(record)
        #expect(json["version"] == 1 && json["kind"] == "connections")
        let (read, key) = try AriesConnection.read(record: record)
        #expect(read == connection && key.rawRepresentation == Self.key.rawRepresentation)
    }

    @Test("an unknown kind is a corrupted record, not a crash")
    func unknownKind() {
        let record = String(decoding: AriesConnectionRecordTests.record(kind: "carrier-pigeon"), as: UTF8.self)
        #expect(throws: WalletError.self) { _ = try AriesConnection.read(record: Data(record.utf8)) }
    }

    static func record(kind: String) -> Data {
        var object = (try? JSONParser().parse(AriesConnection(
            id: "c-3", kind: .connections, label: nil, invitationID: "inv-3", myVerkey: verkey, theirDID: nil, theirService: service, ledger: nil
        ).record(key: key)).objectValue) ?? [:]
        object["kind"] = .string(kind)
        return JSONValue.object(object).serialized()
    }
}
