import Foundation
import GRDB
import JSONModel

/// The `v3-typed-metadata` migration (issue #23): the wallet's own facts about a credential
/// move from `"vellum.*"` extension strings to typed members of ``CredentialMetadata``, and
/// every credential gets its ``CredentialListing`` sealed in a new `listing` column, with a
/// covering index that a list reads in creation order without touching the rows (`claim_id`
/// is in it too, only so SQLite sees the index covers the query's `claim_id IS NULL`).
///
/// The metadata is sealed, so the migration needs the data key: it runs inside
/// ``WalletStore/open(at:passphrase:limits:clock:)`` after the passphrase has unwrapped
/// the key (as every migration does), in the same transaction as the schema change, so a
/// file is either wholly migrated or not at all. `updated_at` is left as it was: nothing a
/// reader sees has changed. A row whose metadata does not open or decode is left as it was,
/// without a listing: reading it reports it as corrupted, as before.
struct TypedMetadataMigration {
    let cipher: RecordCipher

    /// The extension names under which the wallet kept its own facts before this migration,
    /// and how it wrote them (dates as seconds since 1970).
    enum LegacyKey {
        static let issuedAt = "vellum.issuedAt"
        static let expectedUpdate = "vellum.expectedUpdate"
        static let issuerCommonName = "vellum.issuerCommonName"
        static let issuerDisplay = "vellum.issuerDisplay"
        static let lastStatus = "vellum.lastStatus"
        static let lastVerified = "vellum.lastVerified"
        static let lastCheckedAt = "vellum.lastCheckedAt"
        static let all = [issuedAt, expectedUpdate, issuerCommonName, issuerDisplay, lastStatus, lastVerified, lastCheckedAt]

        static func date(_ value: JSONValue?) -> Date? {
            guard let seconds = value?.doubleValue, seconds.isFinite else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
    }

    func run(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE credential ADD COLUMN listing BLOB;
            CREATE INDEX credential_listing
                ON credential(created_at, id, format, holder_key_id, updated_at, listing, claim_id) WHERE claim_id IS NULL;
            """)
        let rows = try Row.fetchAll(db, sql: "SELECT id, metadata FROM credential")
        for row in rows {
            guard let id = String.fromDatabaseValue(row[0] as DatabaseValue),
                  let sealed = Data.fromDatabaseValue(row[1] as DatabaseValue),
                  let plain = try? cipher.open(sealed, binding: WalletStore.metadataBinding(id: id)),
                  let stored = CredentialMetadata.decodeStored(plain)
            else { continue }
            let metadata = Self.typed(stored)
            try db.execute(
                sql: "UPDATE credential SET metadata = ?, listing = ? WHERE id = ?",
                arguments: [
                    try cipher.seal(try JSONEncoder().encode(metadata), binding: WalletStore.metadataBinding(id: id)),
                    try cipher.seal(CredentialListing(metadata).stored, binding: WalletStore.listingBinding(id: id)),
                    id,
                ])
        }
    }

    /// `metadata` with the wallet's facts taken out of its extensions into typed members,
    /// read as the code before this migration read them (a value of another type was read
    /// as absent then, and is dropped now).
    static func typed(_ metadata: CredentialMetadata) -> CredentialMetadata {
        var typed = metadata
        let extensions = metadata.extensions
        typed.issuedAt = LegacyKey.date(extensions[LegacyKey.issuedAt])
        typed.expectedUpdate = LegacyKey.date(extensions[LegacyKey.expectedUpdate])
        typed.issuerCommonName = extensions[LegacyKey.issuerCommonName]?.stringValue
        typed.issuerDisplay = extensions[LegacyKey.issuerDisplay].flatMap {
            try? JSONDecoder().decode(ReceivedCredential.IssuerDisplay.self, from: $0.serialized(.compact))
        }
        typed.lastStatus = extensions[LegacyKey.lastStatus]?.stringValue
        typed.lastVerified = extensions[LegacyKey.lastVerified]?.boolValue
        typed.lastCheckedAt = LegacyKey.date(extensions[LegacyKey.lastCheckedAt])
        for name in LegacyKey.all { typed.extensions[name] = nil }
        return typed
    }
}
