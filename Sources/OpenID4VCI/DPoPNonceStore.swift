import Foundation

/// The latest DPoP nonce each server origin handed out (RFC 9449 §8, §9).
///
/// Servers send `DPoP-Nonce` on errors and on successful responses; the next proof to that
/// origin should carry the newest one, so the token, PAR and credential clients share one store
/// per issuance.
public actor DPoPNonceStore {
    private var nonces: [String: String] = [:]

    /// An empty store, one per issuance (or per wallet, to reuse nonces across issuances).
    public init() {}

    /// The nonce to put in the next proof for `url`'s origin, if any.
    public func nonce(for url: URL) -> String? {
        nonces[Self.origin(of: url)]
    }

    /// Remembers `nonce` as the latest for `url`'s origin.
    public func remember(_ nonce: String, for url: URL) {
        nonces[Self.origin(of: url)] = nonce
    }

    /// `scheme://host:port`, lower-cased, with the scheme's default port filled in.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(host):\(port)"
    }
}
