import Foundation
import GRDB

/// Fast path of ``WalletStore/credentialSummaries(format:)``: what `vellum list` waits for,
/// with a wallet of a hundred thousand one-time-use credentials in mind (issue #23).
///
/// The plain path (``WalletStore/credentialSummariesPlainPath(format:)``) reads whole rows
/// in `created_at, id` order, copies each into a dictionary of named values, opens each
/// credential's full metadata (display JSON, issuer display information, extensions) and
/// parses it as JSON to make the listing. Here one prepared statement steps through the
/// `credential_listing` index, which holds the clear columns and the sealed listing in that
/// very order (so neither SQLite nor this code sorts, and no page of the table, with its
/// payloads, is read); columns are read by position, the sealed listing is opened where
/// SQLite holds it by a ``RecordColumnOpener`` (one AES-GCM context with its key schedule
/// for every row, the table/column part of the associated data made once) into a reused
/// buffer, and decoded from there, from its fixed binary layout.
///
/// Every listing is still authenticated under its own table, column and row binding: one
/// that fails is reported as the row's ``WalletError/corruptedRecord(table:id:)``. A row
/// without a listing (its metadata could not be read when `v3-typed-metadata` ran) or with
/// a clear column of the wrong type sends the whole call to the plain path, which reports
/// what is wrong with that row as before. The differential tests compare both paths.
extension WalletStore {
    func credentialSummariesFastPath(format: CredentialFormat?) async throws(WalletError) -> [CredentialSummary] {
        let cipher = self.cipher
        let fetched = try await read { db -> [CredentialSummary]? in
            let statement = try db.cachedStatement(sql: format == nil ? Self.listingQuery : Self.listingQueryByFormat)
            statement.arguments = format.map { [$0.rawValue] } ?? []
            var opener = RecordColumnOpener(cipher: cipher, table: "credential", column: "listing")
            var summaries: [CredentialSummary] = []
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                // `RowValues.column` is `T.fromDatabaseValue` of the value: the same reads.
                guard let id = String.fromDatabaseValue(row[0] as DatabaseValue),
                      let format = String.fromDatabaseValue(row[1] as DatabaseValue).flatMap(CredentialFormat.init(rawValue:)),
                      let created = Double.fromDatabaseValue(row[4] as DatabaseValue),
                      let updated = Double.fromDatabaseValue(row[5] as DatabaseValue)
                else { return nil }
                // The blob is borrowed from SQLite for the length of the closure.
                let listing = try row.withUnsafeData(atIndex: 2) { sealed -> CredentialListing?? in
                    guard let sealed else { return nil }
                    return .some(try sealed.withUnsafeBytes { bytes in
                        try opener.open(bytes, id: id) { CredentialListing(stored: $0) }
                    })
                }
                guard let listing else { return nil }
                guard let listing else { throw WalletError.corruptedRecord(table: "credential", id: id) }
                summaries.append(CredentialSummary(
                    id: id, format: format, listing: listing,
                    holderKeyID: String.fromDatabaseValue(row[3] as DatabaseValue),
                    storedAt: Date(timeIntervalSinceReferenceDate: created),
                    updatedAt: Date(timeIntervalSinceReferenceDate: updated)
                ))
            }
            return summaries
        }
        guard let fetched else { return try await credentialSummariesPlainPath(format: format) }
        return fetched
    }

    /// The listing query: answered from the `credential_listing` index alone (its columns
    /// and its `claim_id IS NULL` condition are the query's), in the index's order. The
    /// index is named, or SQLite would take `credential_format` for a format and sort.
    static let listingQuery = """
        SELECT id, format, listing, holder_key_id, created_at, updated_at FROM credential INDEXED BY credential_listing
        WHERE claim_id IS NULL ORDER BY created_at, id
        """
    /// ``listingQuery`` for one format (filtered in the index too).
    static let listingQueryByFormat = """
        SELECT id, format, listing, holder_key_id, created_at, updated_at FROM credential INDEXED BY credential_listing
        WHERE claim_id IS NULL AND format = ? ORDER BY created_at, id
        """
}
