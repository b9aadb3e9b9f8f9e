import AnonCredsLedger
import Foundation
import GRDB
import JSONModel

extension WalletStore {
    /// The most AnonCreds schemas and credential definitions a wallet keeps.
    public static let maximumAnonCredsPublicEntities = 1000

    /// The JSON of the cached object of `kind` named `id`, or `nil` when none is cached: found
    /// by its keyed hash, and the sealed kind and identifier checked against it.
    func anonCredsPublicEntity(_ kind: PublicEntityKind, id: String) async throws(WalletError) -> Data? {
        try Self.checkPublicEntityID(id, kind: kind)
        let rowID = publicEntityRowID(kind, id: id)
        let sealed = try await read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM anoncreds_public_entity WHERE id = ?", arguments: [rowID])
        }
        guard let sealed else { return nil }
        let plain = try cipher.open(sealed, binding: Self.publicEntityBinding(id: rowID))
        guard let body = try? JSONValue(parsing: plain).objectValue, body["kind"]?.stringValue == kind.rawValue,
              body["id"]?.stringValue == id, let object = body["object"], object.objectValue != nil
        else { throw .corruptedRecord(table: "anoncreds_public_entity", id: rowID) }
        return object.serialized()
    }

    /// Caches `json`, the object of `kind` named `id` (the caller has checked it against `id`).
    /// Published objects do not change, so one already cached is kept.
    func addAnonCredsPublicEntity(_ kind: PublicEntityKind, id: String, json: Data) async throws(WalletError) {
        try Self.checkPublicEntityID(id, kind: kind)
        let object: JSONValue
        do {
            object = try JSONValue(parsing: json)
        } catch {
            throw .invalidInput("the \(kind) \(id) is not JSON: \(error)")
        }
        let rowID = publicEntityRowID(kind, id: id)
        let body: JSONValue = ["kind": .string(kind.rawValue), "id": .string(id), "object": object]
        let sealed = try cipher.seal(body.serialized(), binding: Self.publicEntityBinding(id: rowID))
        let now = clock().timeIntervalSinceReferenceDate
        try await write { db in
            guard try Row.fetchOne(db, sql: "SELECT id FROM anoncreds_public_entity WHERE id = ?", arguments: [rowID]) == nil else { return }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM anoncreds_public_entity") ?? 0
            guard count < Self.maximumAnonCredsPublicEntities else {
                throw WalletError.inputTooLarge(field: "AnonCreds public objects", limit: Self.maximumAnonCredsPublicEntities)
            }
            try db.execute(
                sql: "INSERT INTO anoncreds_public_entity (id, body, fetched_at) VALUES (?, ?, ?)", arguments: [rowID, sealed, now])
        }
    }

    /// The row id of the object of `kind` named `id` (a keyed hash; the prefix keeps it apart
    /// from the other tables' keyed hashes).
    private func publicEntityRowID(_ kind: PublicEntityKind, id: String) -> String {
        blindIndex("anoncreds-\(kind.rawValue):" + id)
    }

    /// Identifiers are hashed into the row id, so they may be longer than a record id: up to the
    /// registries' own limit.
    private static func checkPublicEntityID(_ id: String, kind: PublicEntityKind) throws(WalletError) {
        let limit = AnonCredsRegistryLimits.default.maximumIdentifierBytes
        guard !id.isEmpty else { throw .invalidInput("the \(kind) identifier is empty") }
        guard id.utf8.count <= limit else { throw .inputTooLarge(field: "\(kind) identifier", limit: limit) }
    }

    static func publicEntityBinding(id: String) -> RecordBinding {
        RecordBinding(table: "anoncreds_public_entity", column: "body", id: id)
    }
}
