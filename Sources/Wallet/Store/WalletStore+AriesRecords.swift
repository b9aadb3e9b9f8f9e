import Foundation
import GRDB

/// What an Aries record is: a connection, a credential exchange or a proof exchange.
enum AriesRecordKind: String, Sendable {
    case connection, credential, proof
}

extension WalletStore {
    /// The largest sealed Aries record, in bytes: a serialized exchange holds up to two
    /// messages and a credential (about 60 kB for a large definition's offer and credential).
    static let maximumAriesRecordBytes = 4 << 20

    /// The sealed body of the Aries record `id` of `kind`, opened; `nil` when there is none.
    func ariesRecord(_ kind: AriesRecordKind, id: String) async throws(WalletError) -> Data? {
        try check(id: id, field: "\(kind.rawValue) id")
        let sealed = try await read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM aries_record WHERE id = ? AND kind = ?", arguments: [id, kind.rawValue])
        }
        return try sealed.map { sealed throws(WalletError) in try cipher.open(sealed, binding: Self.ariesBinding(id: id)) }
    }

    /// Every record of `kind`, oldest first, opened: `(id, body)`.
    func ariesRecords(_ kind: AriesRecordKind) async throws(WalletError) -> [(id: String, body: Data)] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, body FROM aries_record WHERE kind = ? ORDER BY created_at, id", arguments: [kind.rawValue])
                .map(RowValues.init)
        }
        var records: [(id: String, body: Data)] = []
        for row in rows {
            guard let id = row.column("id", as: String.self), let sealed = row.column("body", as: Data.self) else {
                throw .corruptedRecord(table: "aries_record", id: row.column("id", as: String.self) ?? "?")
            }
            records.append((id, try cipher.open(sealed, binding: Self.ariesBinding(id: id))))
        }
        return records
    }

    /// Writes the record `id` of `kind` (a new one, or a new body for an existing one of the
    /// same kind), sealed under its id.
    func putAriesRecord(_ kind: AriesRecordKind, id: String, body: Data) async throws(WalletError) {
        try check(id: id, field: "\(kind.rawValue) id")
        guard body.count <= Self.maximumAriesRecordBytes else {
            throw .inputTooLarge(field: "\(kind.rawValue) record", limit: Self.maximumAriesRecordBytes)
        }
        let sealed = try cipher.seal(body, binding: Self.ariesBinding(id: id))
        let now = clock().timeIntervalSinceReferenceDate
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO aries_record (id, kind, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at
                    WHERE aries_record.kind = excluded.kind
                    """,
                arguments: [id, kind.rawValue, sealed, now, now])
            guard db.changesCount == 1 else { throw WalletError.duplicate(kind: "Aries record", id: id) }
        }
    }

    /// Deletes the record `id` of `kind`; `false` when there was none.
    @discardableResult
    func deleteAriesRecord(_ kind: AriesRecordKind, id: String) async throws(WalletError) -> Bool {
        try check(id: id, field: "\(kind.rawValue) id")
        return try await write { db in
            try db.execute(sql: "DELETE FROM aries_record WHERE id = ? AND kind = ?", arguments: [id, kind.rawValue])
            return db.changesCount == 1
        }
    }

    static func ariesBinding(id: String) -> RecordBinding {
        RecordBinding(table: "aries_record", column: "body", id: id)
    }
}
