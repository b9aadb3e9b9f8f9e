import Foundation
import GRDB

extension WalletStore {
    /// The link secret named `name` (its decimal form), or `nil` when there is none.
    func linkSecret(named name: String) async throws(WalletError) -> String? {
        try check(id: name, field: "link secret name")
        let rows = try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM link_secret WHERE id = ?", arguments: [name]).map(RowValues.init)
        }
        return try rows.first.map { row throws(WalletError) in try decodeLinkSecret(row) }
    }

    /// Files `decimal` as the link secret `name`; an existing one is kept and returned
    /// instead, so two callers racing on first use agree on one secret.
    func addLinkSecret(_ decimal: String, named name: String) async throws(WalletError) -> String {
        try check(id: name, field: "link secret name")
        let sealed = try cipher.seal(Data(decimal.utf8), binding: Self.linkSecretBinding(id: name))
        let now = clock().timeIntervalSinceReferenceDate
        try await write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO link_secret (id, body, created_at) VALUES (?, ?, ?)", arguments: [name, sealed, now])
        }
        guard let stored = try await linkSecret(named: name) else { throw .storage("the link secret was not stored") }
        return stored
    }

    static func linkSecretBinding(id: String) -> RecordBinding {
        RecordBinding(table: "link_secret", column: "body", id: id)
    }

    private func decodeLinkSecret(_ row: RowValues) throws(WalletError) -> String {
        let id = row.column("id", as: String.self) ?? "?"
        guard let sealed = row.column("body", as: Data.self) else { throw .corruptedRecord(table: "link_secret", id: id) }
        let plain = try cipher.open(sealed, binding: Self.linkSecretBinding(id: id))
        guard let text = String(data: plain, encoding: .utf8), !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else {
            throw .corruptedRecord(table: "link_secret", id: id)
        }
        return text
    }
}
