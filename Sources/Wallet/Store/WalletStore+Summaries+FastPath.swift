import Foundation
import GRDB

/// Fast path of ``WalletStore/credentialSummaries(format:)``: what `vellum list` waits for,
/// with a wallet of a hundred thousand one-time-use credentials in mind (issue #23).
///
/// The plain path (``WalletStore/credentialSummariesPlainPath(format:)``) has SQLite sort
/// the whole rows, sealed blobs included, by `created_at, id` (a temporary B-tree of tens of
/// megabytes for 100,000 credentials), copies every row into a dictionary of named values
/// and every blob into its own `Data`, and opens each record through
/// ``RecordCipher/open(_:binding:)``, which makes a key object and the associated data
/// afresh per record. Here one prepared statement is stepped in table order with a cursor,
/// columns are read by position, the sealed blob is read in place and opened by a
/// ``RecordColumnOpener`` (key object and table/column part of the associated data made
/// once), and the summaries are put in `created_at, id` order afterwards — the order SQLite
/// gives (REAL compared as numbers, TEXT ids by their bytes) — by sorting small keys, which
/// costs next to nothing when the table is already in creation order, as it nearly always is.
///
/// Every record is still authenticated under its own table, column and row binding. A row
/// this path cannot read as a well-formed credential (a value of the wrong type, a record
/// that fails authentication, metadata not in the stored form) sends the whole call to the
/// plain path, so what is wrong is reported exactly as before, for the same row. The
/// differential tests compare both paths.
extension WalletStore {
    func credentialSummariesFastPath(format: CredentialFormat?) async throws(WalletError) -> [StoredCredentialSummary] {
        let cipher = self.cipher
        let fetched = try await read { db -> [StoredCredentialSummary]? in
            let statement: Statement
            let columns = "id, format, metadata, holder_key_id, created_at, updated_at"
            if let format {
                statement = try db.cachedStatement(
                    sql: "SELECT \(columns) FROM credential WHERE format = ? AND claim_id IS NULL")
                statement.arguments = [format.rawValue]
            } else {
                statement = try db.cachedStatement(sql: "SELECT \(columns) FROM credential WHERE claim_id IS NULL")
                statement.arguments = []
            }
            var opener = RecordColumnOpener(cipher: cipher, table: "credential", column: "metadata")
            var summaries: [StoredCredentialSummary] = []
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                // `RowValues.column` is `T.fromDatabaseValue` of the value: the same reads.
                guard let id = String.fromDatabaseValue(row[0] as DatabaseValue),
                      let format = String.fromDatabaseValue(row[1] as DatabaseValue).flatMap(CredentialFormat.init(rawValue:)),
                      let created = Double.fromDatabaseValue(row[4] as DatabaseValue),
                      let updated = Double.fromDatabaseValue(row[5] as DatabaseValue),
                      // The blob is borrowed from SQLite for the length of the closure; what
                      // `open` returns is a fresh buffer.
                      let plain = try row.withUnsafeData(atIndex: 2, { sealed in
                          sealed.flatMap { sealed in try? opener.open(sealed, id: id) }
                      }),
                      let metadata = CredentialMetadata.decodeStored(plain)
                else { return nil }
                summaries.append(StoredCredentialSummary(
                    id: id, format: format, metadata: metadata,
                    holderKeyID: String.fromDatabaseValue(row[3] as DatabaseValue),
                    createdAt: Date(timeIntervalSinceReferenceDate: created),
                    updatedAt: Date(timeIntervalSinceReferenceDate: updated)
                ))
            }
            return summaries
        }
        guard let fetched else { return try await credentialSummariesPlainPath(format: format) }
        return Self.inCreationOrder(fetched)
    }

    /// `summaries` in `ORDER BY created_at, id` order: creation time, then the id's UTF-8
    /// bytes (SQLite's BINARY collation). Ids are distinct (the primary key), so the order
    /// is total and equals the plain path's.
    ///
    /// Sorts small keys: the time, the id's first eight bytes as a big-endian number (which
    /// orders as the bytes do, a short id padded with zeros) and the position; only ids that
    /// share those eight bytes are compared in full. A batch stores its credentials at one
    /// instant under random UUIDs, so ties are common and must be cheap.
    static func inCreationOrder(_ summaries: [StoredCredentialSummary]) -> [StoredCredentialSummary] {
        struct Key {
            var created: Double
            var idPrefix: UInt64
            var position: Int
        }
        var keys: [Key] = []
        keys.reserveCapacity(summaries.count)
        for (position, summary) in summaries.enumerated() {
            var prefix: UInt64 = 0
            var length = 0
            for byte in summary.id.utf8.prefix(8) {
                prefix = prefix << 8 | UInt64(byte)
                length += 1
            }
            prefix <<= UInt64(8 * (8 - length))
            keys.append(Key(created: summary.createdAt.timeIntervalSinceReferenceDate, idPrefix: prefix, position: position))
        }
        func precedes(_ first: Key, _ second: Key) -> Bool {
            if first.created != second.created { return first.created < second.created }
            if first.idPrefix != second.idPrefix { return first.idPrefix < second.idPrefix }
            return summaries[first.position].id.utf8.lexicographicallyPrecedes(summaries[second.position].id.utf8)
        }
        if zip(keys, keys.dropFirst()).allSatisfy({ precedes($0, $1) }) { return summaries }
        keys.sort(by: precedes)
        return keys.map { summaries[$0.position] }
    }
}
