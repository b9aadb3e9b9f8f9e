import Foundation
import HTTP

/// The latest DPoP nonce each server origin handed out (RFC 9449 §8, §9): the one nonce store
/// of the authorization server clients (token, PAR) and the resource server client
/// (credential, nonce, deferred and notification endpoints).
///
/// Servers send `DPoP-Nonce` on errors and on successful responses; the next proof to that
/// origin should carry the newest one. Nonces are kept per origin, so one server's nonce is
/// never sent to another; an empty or oversized value (over 1 KiB) is ignored.
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
        guard !nonce.isEmpty, nonce.utf8.count <= Self.maximumNonceBytes else { return }
        nonces[Self.origin(of: url)] = nonce
    }

    /// Remembers the `DPoP-Nonce` of a response from `url`, if it has one.
    func remember(from headers: HTTPHeaders, for url: URL) {
        if let value = headers["DPoP-Nonce"] { remember(value, for: url) }
    }

    /// The longest nonce kept; a server has no reason to send more.
    static let maximumNonceBytes = 1024

    /// `scheme://host:port`, lower-cased, with the scheme's default port filled in.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(host):\(port)"
    }
}
