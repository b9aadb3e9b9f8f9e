import Foundation
import GRDB

extension WalletStore {
    /// The most exchange hosts a wallet remembers.
    public static let maximumTrustedExchangeHosts = 1000

    /// Remembers that the holder trusts `host` for scanned exchanges (lower-cased; adding it
    /// again keeps the first decision).
    public func trustExchangeHost(_ host: String) async throws(WalletError) {
        let name = try Self.exchangeHostName(host)
        let rowID = blindIndex("exchange-host:" + name)
        let sealed = try cipher.seal(Data(name.utf8), binding: Self.exchangeHostBinding(id: rowID))
        let now = clock()
        try await write { db in
            guard try Row.fetchOne(db, sql: "SELECT id FROM trusted_exchange_host WHERE id = ?", arguments: [rowID]) == nil else { return }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM trusted_exchange_host") ?? 0
            guard count < Self.maximumTrustedExchangeHosts else {
                throw WalletError.inputTooLarge(field: "trusted exchange hosts", limit: Self.maximumTrustedExchangeHosts)
            }
            try db.execute(
                sql: "INSERT INTO trusted_exchange_host (id, body, added_at) VALUES (?, ?, ?)",
                arguments: [rowID, sealed, now.timeIntervalSinceReferenceDate])
        }
    }

    /// Whether the holder trusts `host` for scanned exchanges: looked up by its keyed hash,
    /// and the sealed name checked against it.
    public func isTrustedExchangeHost(_ host: String) async throws(WalletError) -> Bool {
        let name = try Self.exchangeHostName(host)
        let rowID = blindIndex("exchange-host:" + name)
        let sealed = try await read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM trusted_exchange_host WHERE id = ?", arguments: [rowID])
        }
        guard let sealed else { return false }
        let plain = try cipher.open(sealed, binding: Self.exchangeHostBinding(id: rowID))
        guard String(decoding: plain, as: UTF8.self) == name else { throw .corruptedRecord(table: "trusted_exchange_host", id: rowID) }
        return true
    }

    /// The hosts trusted for scanned exchanges, in the order they were trusted.
    public func trustedExchangeHosts() async throws(WalletError) -> [String] {
        try await records("SELECT * FROM trusted_exchange_host ORDER BY added_at, id") { row throws(WalletError) in
            let id = row.column("id", as: String.self) ?? "?"
            guard let sealed = row.column("body", as: Data.self) else { throw .corruptedRecord(table: "trusted_exchange_host", id: id) }
            let name = String(decoding: try cipher.open(sealed, binding: Self.exchangeHostBinding(id: id)), as: UTF8.self)
            guard blindIndex("exchange-host:" + name) == id else { throw .corruptedRecord(table: "trusted_exchange_host", id: id) }
            return name
        }
    }

    /// Forgets `host`; returns whether it was trusted.
    @discardableResult
    public func forgetExchangeHost(_ host: String) async throws(WalletError) -> Bool {
        let rowID = blindIndex("exchange-host:" + (try Self.exchangeHostName(host)))
        return try await write { db in
            try db.execute(sql: "DELETE FROM trusted_exchange_host WHERE id = ?", arguments: [rowID])
            return db.changesCount > 0
        }
    }

    static func exchangeHostBinding(id: String) -> RecordBinding {
        RecordBinding(table: "trusted_exchange_host", column: "body", id: id)
    }

    /// The host as kept: lower-cased, 1 to 253 characters, no spaces or slashes.
    static func exchangeHostName(_ host: String) throws(WalletError) -> String {
        let name = host.lowercased()
        guard (1...253).contains(name.utf8.count), !name.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" }) else {
            throw .invalidInput("not a host name: \(host)")
        }
        return name
    }
}
