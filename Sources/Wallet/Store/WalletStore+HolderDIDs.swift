import CryptoKeys
import Foundation
import GRDB

extension WalletStore {
    /// The most holder DIDs a wallet keeps.
    public static let maximumHolderDIDs = 100

    /// Files `did` (with the verification method that signs for it) as the holder's own,
    /// made from holder key `keyID`, which must be in the wallet.
    public func addHolderDID(
        _ did: String, verificationMethod: String, curve: KeyCurve, keyID: String
    ) async throws(WalletError) -> HolderDID {
        try check(id: keyID, field: "key id")
        let id = UUID().uuidString
        let body = HolderDIDBody(did: did, verificationMethod: verificationMethod, curve: curve, keyID: keyID)
        let plain: Data
        do {
            plain = try JSONEncoder().encode(body)
        } catch {
            throw .invalidInput("the DID cannot be encoded: \(error)")
        }
        let sealed = try cipher.seal(plain, binding: Self.holderDIDBinding(id: id))
        let now = clock()
        try await write { db in
            guard try Row.fetchOne(db, sql: "SELECT id FROM holder_key WHERE id = ?", arguments: [keyID]) != nil else {
                throw WalletError.notFound(kind: "key", id: keyID)
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM holder_did") ?? 0
            guard count < Self.maximumHolderDIDs else {
                throw WalletError.inputTooLarge(field: "holder DIDs", limit: Self.maximumHolderDIDs)
            }
            try db.execute(
                sql: "INSERT INTO holder_did (id, key_id, body, created_at) VALUES (?, ?, ?, ?)",
                arguments: [id, keyID, sealed, now.timeIntervalSinceReferenceDate])
        }
        return HolderDID(id: id, did: did, verificationMethod: verificationMethod, keyID: keyID, curve: curve, createdAt: now)
    }

    /// The holder's DIDs, oldest first.
    public func holderDIDs() async throws(WalletError) -> [HolderDID] {
        try await records("SELECT * FROM holder_did ORDER BY created_at, id") { row throws(WalletError) in
            try decodeHolderDID(row)
        }
    }

    static func holderDIDBinding(id: String) -> RecordBinding {
        RecordBinding(table: "holder_did", column: "body", id: id)
    }

    private func decodeHolderDID(_ row: RowValues) throws(WalletError) -> HolderDID {
        let id = row.column("id", as: String.self) ?? "?"
        guard let keyID = row.column("key_id", as: String.self), let sealed = row.column("body", as: Data.self),
              let created = row.column("created_at", as: Double.self)
        else { throw .corruptedRecord(table: "holder_did", id: id) }
        let plain = try cipher.open(sealed, binding: Self.holderDIDBinding(id: id))
        guard let body = try? JSONDecoder().decode(HolderDIDBody.self, from: plain), body.keyID == keyID else {
            throw .corruptedRecord(table: "holder_did", id: id)
        }
        return HolderDID(
            id: id, did: body.did, verificationMethod: body.verificationMethod, keyID: keyID, curve: body.curve,
            createdAt: Date(timeIntervalSinceReferenceDate: created))
    }
}
