import Foundation
import GRDB
import Testing
@testable import Wallet

/// "Trust <host>?" answered once per wallet and host: remembered, sealed under a keyed hash,
/// forgotten on request, and a row moved to another host's id is refused.
@Suite("CredentialWallet: trusted exchange hosts")
struct TrustedExchangeHostTests {
    @Test("trusted once, in any case; listed; forgotten")
    func rememberAndForget() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, _ in
            #expect(try await !wallet.isTrustedExchangeHost("issuer.example"))
            try await wallet.trustExchangeHost("Issuer.Example")
            try await wallet.trustExchangeHost("issuer.example")
            try await wallet.trustExchangeHost("127.0.0.1")
            #expect(try await wallet.isTrustedExchangeHost("ISSUER.example"))
            #expect(try await wallet.trustedExchangeHosts() == ["issuer.example", "127.0.0.1"])
            #expect(try await wallet.forgetExchangeHost("issuer.example"))
            #expect(try await !wallet.forgetExchangeHost("issuer.example"))
            #expect(try await !wallet.isTrustedExchangeHost("issuer.example"))
            await #expect(throws: WalletError.self) { try await wallet.trustExchangeHost("evil.example/path") }
            await #expect(throws: WalletError.self) { try await wallet.trustExchangeHost("") }
        }
    }

    @Test("the file does not name the hosts; a body moved to another host's row does not open")
    func sealedAtRest() async throws {
        try await TemporaryWallet.withCredentialWallet { wallet, files in
            try await wallet.trustExchangeHost("verifier.example")
            try await wallet.trustExchangeHost("evil.example")
            #expect(!(try files.allFileBytes()).contains(Data("verifier.example".utf8)))
            let database = try files.rawDatabase()
            try await database.write { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, body FROM trusted_exchange_host ORDER BY added_at, id")
                let evilBody: Data = rows[1]["body"]
                let verifierID: String = rows[0]["id"]
                try db.execute(sql: "UPDATE trusted_exchange_host SET body = ? WHERE id = ?", arguments: [evilBody, verifierID])
            }
            await #expect {
                _ = try await wallet.isTrustedExchangeHost("verifier.example")
            } throws: { error in
                if case .corruptedRecord(let table, _)? = error as? WalletError { return table == "trusted_exchange_host" }
                return false
            }
        }
    }
}
