import Foundation
import GRDB

extension WalletStore {
    /// Every credential's listing (or that of one `format`), oldest first, without reading
    /// the payloads or the full metadata.
    ///
    /// Runs the fast path (WalletStore+Summaries+FastPath.swift); the plain path below is
    /// the reference it is tested against.
    public func credentialSummaries(format: CredentialFormat? = nil) async throws(WalletError) -> [CredentialSummary] {
        try await credentialSummariesFastPath(format: format)
    }

    /// ``credentialSummaries(format:)`` the plain way: every row copied out by column name,
    /// its full metadata opened through ``RecordCipher/open(_:binding:)`` and the listing
    /// made from it, as it is made when the metadata is written.
    func credentialSummariesPlainPath(format: CredentialFormat?) async throws(WalletError) -> [CredentialSummary] {
        let columns = "id, format, metadata, holder_key_id, created_at, updated_at"
        let rows = try await read { db in
            if let format {
                return try Row.fetchAll(
                    db, sql: "SELECT \(columns) FROM credential WHERE format = ? AND claim_id IS NULL ORDER BY created_at, id",
                    arguments: [format.rawValue]
                ).map(RowValues.init)
            }
            return try Row.fetchAll(db, sql: "SELECT \(columns) FROM credential WHERE claim_id IS NULL ORDER BY created_at, id").map(RowValues.init)
        }
        var result: [CredentialSummary] = []
        result.reserveCapacity(rows.count)
        for row in rows {
            let id = row.column("id", as: String.self) ?? "?"
            guard let format = row.column("format", as: String.self).flatMap(CredentialFormat.init(rawValue:)),
                  let sealed = row.column("metadata", as: Data.self),
                  let created = row.column("created_at", as: Double.self),
                  let updated = row.column("updated_at", as: Double.self)
            else { throw .corruptedRecord(table: "credential", id: id) }
            let plain = try cipher.open(sealed, binding: Self.metadataBinding(id: id))
            guard let metadata = CredentialMetadata.decodeStoredPlainPath(plain) else {
                throw .corruptedRecord(table: "credential", id: id)
            }
            result.append(CredentialSummary(
                id: id, format: format, listing: CredentialListing(metadata),
                holderKeyID: row.column("holder_key_id", as: String.self),
                storedAt: Date(timeIntervalSinceReferenceDate: created),
                updatedAt: Date(timeIntervalSinceReferenceDate: updated)
            ))
        }
        return result
    }
}
