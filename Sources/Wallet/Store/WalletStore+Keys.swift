import CryptoKeys
import Foundation
import GRDB

extension WalletStore {
    /// Records a holder key for a ``SecureArea``; the whole record is encrypted. A key made
    /// during a claim (a credential retrieval) belongs to it: deleted when the claim is rolled
    /// back, or when it commits with no credential bound to the key.
    public func saveKey(_ key: StoredKey) async throws(WalletError) {
        try check(id: key.id, field: "key id")
        try check(id: key.secureArea, field: "secure area name")
        guard key.material.count <= 64 * 1024, key.publicKeyDER.count <= 64 * 1024 else {
            throw .inputTooLarge(field: "key material", limit: 64 * 1024)
        }
        let body = StoredKeyBody(curve: key.curve, publicKeyDER: key.publicKeyDER, material: key.material)
        let plain: Data
        do {
            plain = try JSONEncoder().encode(body)
        } catch {
            throw .invalidInput("key cannot be encoded: \(error)")
        }
        let sealed = try cipher.seal(plain, binding: Self.keyBinding(id: key.id, secureArea: key.secureArea))
        let claim = claimForNewRows
        try await write { db in
            if try Row.fetchOne(db, sql: "SELECT id FROM holder_key WHERE id = ?", arguments: [key.id]) != nil {
                throw WalletError.duplicate(kind: "key", id: key.id)
            }
            try db.execute(
                sql: "INSERT INTO holder_key (id, secure_area, body, created_at, claim_id) VALUES (?, ?, ?, ?, ?)",
                arguments: [key.id, key.secureArea, sealed, key.createdAt.timeIntervalSinceReferenceDate, claim]
            )
        }
    }

    /// The key with `id`; throws ``WalletError/notFound(kind:id:)`` when there is none.
    /// The key `id` when it belongs to the secure area named `secureArea`; a key of
    /// another area is reported as not found, so no area can use or delete another's keys.
    func key(id: String, ownedBy secureArea: String) async throws(WalletError) -> StoredKey {
        let stored = try await key(id: id)
        guard stored.secureArea == secureArea else { throw .notFound(kind: "key", id: id) }
        return stored
    }

    public func key(id: String) async throws(WalletError) -> StoredKey {
        try check(id: id, field: "key id")
        let row = try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM holder_key WHERE id = ?", arguments: [id]).map(RowValues.init)
        }
        guard let row else { throw .notFound(kind: "key", id: id) }
        return try decodeKey(row)
    }

    /// The ids of the keys one secure area owns, oldest first.
    public func keyIDs(secureArea: String) async throws(WalletError) -> [String] {
        try await read { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM holder_key WHERE secure_area = ? ORDER BY created_at, id",
                arguments: [secureArea]
            )
        }
    }

    /// Deletes a key; throws ``WalletError/keyInUse(keyID:)`` while a stored credential is
    /// bound to it or a holder DID is made from it (delete the credential first) and ``WalletError/notFound(kind:id:)`` when
    /// there is no such key.
    public func deleteKey(id: String) async throws(WalletError) {
        try check(id: id, field: "key id")
        try await write { db in
            if try Row.fetchOne(db, sql: "SELECT id FROM credential WHERE holder_key_id = ? LIMIT 1", arguments: [id]) != nil
                || Row.fetchOne(db, sql: "SELECT id FROM holder_did WHERE key_id = ? LIMIT 1", arguments: [id]) != nil {
                throw WalletError.keyInUse(keyID: id)
            }
            try db.execute(sql: "DELETE FROM holder_key WHERE id = ?", arguments: [id])
            if db.changesCount == 0 { throw WalletError.notFound(kind: "key", id: id) }
        }
    }

    /// The key's owner is bound too, so a row cannot be moved to another secure area.
    static func keyBinding(id: String, secureArea: String) -> RecordBinding {
        RecordBinding(table: "holder_key", column: "body:\(secureArea)", id: id)
    }

    private func decodeKey(_ row: RowValues) throws(WalletError) -> StoredKey {
        let id = row.column("id", as: String.self) ?? "?"
        guard let area = row.column("secure_area", as: String.self),
              let sealed = row.column("body", as: Data.self),
              let created = row.column("created_at", as: Double.self)
        else { throw .corruptedRecord(table: "holder_key", id: id) }
        let plain = try cipher.open(sealed, binding: Self.keyBinding(id: id, secureArea: area))
        guard let body = try? JSONDecoder().decode(StoredKeyBody.self, from: plain) else {
            throw .corruptedRecord(table: "holder_key", id: id)
        }
        return StoredKey(
            id: id, secureArea: area, curve: body.curve, publicKeyDER: body.publicKeyDER, material: body.material,
            createdAt: Date(timeIntervalSinceReferenceDate: created)
        )
    }
}
