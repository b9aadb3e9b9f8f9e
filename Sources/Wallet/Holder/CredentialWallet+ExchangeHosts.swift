import Foundation

extension CredentialWallet {
    /// Whether the holder has trusted `host` for scanned exchanges (the "Trust <host>?"
    /// question, answered once per wallet and host).
    public func isTrustedExchangeHost(_ host: String) async throws(WalletError) -> Bool {
        try await store.isTrustedExchangeHost(host)
    }

    /// Remembers the holder's yes to "Trust <host>?".
    public func trustExchangeHost(_ host: String) async throws(WalletError) {
        try await store.trustExchangeHost(host)
    }

    /// The hosts the holder trusts for scanned exchanges.
    public func trustedExchangeHosts() async throws(WalletError) -> [String] {
        try await store.trustedExchangeHosts()
    }

    /// Forgets the holder's trust in `host`; returns whether it was trusted.
    @discardableResult
    public func forgetExchangeHost(_ host: String) async throws(WalletError) -> Bool {
        try await store.forgetExchangeHost(host)
    }
}
