import Foundation
import GRDB

extension WalletStore {
    /// Stores one credential and returns it as stored.
    ///
    /// Throws ``WalletError/duplicate(kind:id:)`` for an id already in use,
    /// ``WalletError/notFound(kind:id:)`` when `holderKeyID` names no key in the wallet, and
    /// ``WalletError/inputTooLarge(field:limit:)`` past the ``WalletLimits``.
    public func addCredential(_ credential: StoredCredential.Draft) async throws(WalletError) -> StoredCredential {
        let stored = try await addCredentials([credential])
        guard let first = stored.first else { throw .storage("no credential was stored") }
        return first
    }

    /// Stores several credentials in one transaction: all of them, or none when any fails
    /// (a batch issuance is kept or rejected whole).
    ///
    /// `activity`, when given, is logged in the same transaction, so a crash never leaves
    /// credentials without their issuance entry or an entry without its credentials.
    ///
    /// Written for a claim (a credential retrieval in progress), the credentials and the
    /// entry are that claim's: not listed until it commits, deleted if it is rolled back.
    public func addCredentials(
        _ credentials: [StoredCredential.Draft], recording activity: ActivityEvent? = nil
    ) async throws(WalletError) -> [StoredCredential] {
        guard credentials.count <= limits.maximumBatchCount else {
            throw .inputTooLarge(field: "credentials", limit: limits.maximumBatchCount)
        }
        let now = clock()
        var rows: [(StoredCredential, payload: Data, metadata: Data, listing: Data)] = []
        for credential in credentials {
            let id = credential.id ?? UUID().uuidString
            try check(id: id, field: "credential id")
            if let keyID = credential.holderKeyID { try check(id: keyID, field: "holder key id") }
            guard credential.payload.count <= limits.maximumPayloadBytes else {
                throw .inputTooLarge(field: "payload", limit: limits.maximumPayloadBytes)
            }
            let metadata = try encodeMetadata(credential.metadata)
            let stored = StoredCredential(
                id: id, format: credential.format, payload: credential.payload, metadata: credential.metadata,
                holderKeyID: credential.holderKeyID, createdAt: now, updatedAt: now
            )
            rows.append((
                stored,
                try cipher.seal(credential.payload, binding: Self.payloadBinding(id: id, format: credential.format)),
                try cipher.seal(metadata, binding: Self.metadataBinding(id: id)),
                try cipher.seal(CredentialListing(credential.metadata).stored, binding: Self.listingBinding(id: id))
            ))
        }
        let prepared = rows
        var sealedActivity: Data?
        if let activity { sealedActivity = try sealActivity(activity) }
        let sealedEvent = sealedActivity
        let claim = claimForNewRows
        try await write { db in
            for (stored, payload, metadata, listing) in prepared {
                if try Row.fetchOne(db, sql: "SELECT id FROM credential WHERE id = ?", arguments: [stored.id]) != nil {
                    throw WalletError.duplicate(kind: "credential", id: stored.id)
                }
                if let keyID = stored.holderKeyID,
                   try Row.fetchOne(db, sql: "SELECT id FROM holder_key WHERE id = ?", arguments: [keyID]) == nil {
                    throw WalletError.notFound(kind: "key", id: keyID)
                }
                try db.execute(
                    sql: """
                        INSERT INTO credential (id, format, payload, metadata, listing, holder_key_id, created_at, updated_at, claim_id)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        stored.id, stored.format.rawValue, payload, metadata, listing, stored.holderKeyID,
                        now.timeIntervalSinceReferenceDate, now.timeIntervalSinceReferenceDate, claim,
                    ]
                )
            }
            if let activity, let sealedEvent {
                try Self.insertActivity(activity, sealedDetails: sealedEvent, claim: claim, in: db)
            }
        }
        return rows.map(\.0)
    }

    /// The credential with `id`; throws ``WalletError/notFound(kind:id:)`` when there is none
    /// (or it belongs to a claim not yet committed) and ``WalletError/corruptedRecord(table:id:)``
    /// when its row fails authentication.
    public func credential(id: String) async throws(WalletError) -> StoredCredential {
        try check(id: id, field: "credential id")
        let row = try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM credential WHERE id = ? AND claim_id IS NULL", arguments: [id]).map(RowValues.init)
        }
        guard let row else { throw .notFound(kind: "credential", id: id) }
        return try decodeCredential(row)
    }

    /// All credentials, or those of one `format`, oldest first (those of a claim not yet
    /// committed are not listed: they may yet be rolled back).
    public func credentials(format: CredentialFormat? = nil) async throws(WalletError) -> [StoredCredential] {
        let rows = try await read { db in
            if let format {
                return try Row.fetchAll(
                    db, sql: "SELECT * FROM credential WHERE format = ? AND claim_id IS NULL ORDER BY created_at, id",
                    arguments: [format.rawValue]
                ).map(RowValues.init)
            }
            return try Row.fetchAll(db, sql: "SELECT * FROM credential WHERE claim_id IS NULL ORDER BY created_at, id").map(RowValues.init)
        }
        var result: [StoredCredential] = []
        for row in rows { result.append(try decodeCredential(row)) }
        return result
    }

    /// How many credentials the wallet holds (no decryption), those of pending claims aside.
    public func credentialCount() async throws(WalletError) -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM credential WHERE claim_id IS NULL") ?? 0 }
    }

    /// Replaces a credential's metadata (for example after refreshing display information),
    /// and its listing with it.
    public func updateMetadata(_ metadata: CredentialMetadata, forCredential id: String) async throws(WalletError) {
        try check(id: id, field: "credential id")
        let sealed = try cipher.seal(try encodeMetadata(metadata), binding: Self.metadataBinding(id: id))
        let listing = try cipher.seal(CredentialListing(metadata).stored, binding: Self.listingBinding(id: id))
        let now = clock().timeIntervalSinceReferenceDate
        try await write { db in
            try db.execute(
                sql: "UPDATE credential SET metadata = ?, listing = ?, updated_at = ? WHERE id = ?",
                arguments: [sealed, listing, now, id]
            )
            if db.changesCount == 0 { throw WalletError.notFound(kind: "credential", id: id) }
        }
    }

    /// Deletes a credential and records the deletion in the activity log, in one transaction.
    ///
    /// With `holderKeyID`, the credential's holder key of the secure area `secureArea` goes in the
    /// same transaction when nothing else uses it (no other credential, no holder DID): a
    /// process killed between two separate deletions would leave a key no credential needs.
    public func deleteCredential(
        id: String, releasingHolderKey holderKeyID: String? = nil, ownedBy secureArea: String? = nil
    ) async throws(WalletError) {
        try check(id: id, field: "credential id")
        if let holderKeyID { try check(id: holderKeyID, field: "key id") }
        let event = ActivityEvent(kind: .deletion, occurredAt: clock(), credentialIDs: [id])
        let sealed = try sealActivity(event)
        try await write { db in
            try db.execute(sql: "DELETE FROM credential WHERE id = ?", arguments: [id])
            if db.changesCount == 0 { throw WalletError.notFound(kind: "credential", id: id) }
            try Self.insertActivity(event, sealedDetails: sealed, in: db)
            if let holderKeyID, let secureArea {
                try db.execute(
                    sql: """
                        DELETE FROM holder_key WHERE id = ? AND secure_area = ?
                          AND NOT EXISTS (SELECT 1 FROM credential WHERE holder_key_id = holder_key.id)
                          AND NOT EXISTS (SELECT 1 FROM holder_did WHERE key_id = holder_key.id)
                        """,
                    arguments: [holderKeyID, secureArea])
            }
        }
    }

    /// The payload is bound to its format too, so flipping the clear `format` column is caught.
    static func payloadBinding(id: String, format: CredentialFormat) -> RecordBinding {
        RecordBinding(table: "credential", column: "payload:\(format.rawValue)", id: id)
    }

    static func metadataBinding(id: String) -> RecordBinding {
        RecordBinding(table: "credential", column: "metadata", id: id)
    }

    static func listingBinding(id: String) -> RecordBinding {
        RecordBinding(table: "credential", column: "listing", id: id)
    }

    func encodeMetadata(_ metadata: CredentialMetadata) throws(WalletError) -> Data {
        let data: Data
        do {
            data = try JSONEncoder().encode(metadata)
        } catch {
            throw .invalidInput("metadata cannot be encoded: \(error)")
        }
        guard data.count <= limits.maximumMetadataBytes else {
            throw .inputTooLarge(field: "metadata", limit: limits.maximumMetadataBytes)
        }
        return data
    }

    private func decodeCredential(_ row: RowValues) throws(WalletError) -> StoredCredential {
        let id = row.column("id", as: String.self) ?? "?"
        guard let format = row.column("format", as: String.self).flatMap(CredentialFormat.init(rawValue:)),
              let sealedPayload = row.column("payload", as: Data.self),
              let sealedMetadata = row.column("metadata", as: Data.self),
              let created = row.column("created_at", as: Double.self),
              let updated = row.column("updated_at", as: Double.self)
        else { throw .corruptedRecord(table: "credential", id: id) }
        let payload = try cipher.open(sealedPayload, binding: Self.payloadBinding(id: id, format: format))
        let metadataBytes = try cipher.open(
            sealedMetadata, binding: Self.metadataBinding(id: id)
        )
        guard let metadata = CredentialMetadata.decodeStored(metadataBytes) else {
            throw .corruptedRecord(table: "credential", id: id)
        }
        return StoredCredential(
            id: id, format: format, payload: payload, metadata: metadata,
            holderKeyID: row.column("holder_key_id", as: String.self),
            createdAt: Date(timeIntervalSinceReferenceDate: created), updatedAt: Date(timeIntervalSinceReferenceDate: updated)
        )
    }
}
