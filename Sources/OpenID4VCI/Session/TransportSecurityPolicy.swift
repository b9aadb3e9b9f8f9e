import Foundation

/// The transport rule for every URL an issuance step contacts: `https`, except plain `http` to
/// a loopback host (`127.0.0.0/8`, `::1`, `localhost`).
///
/// Issuer metadata, authorization servers and tokens are only as trustworthy as the channel
/// that delivered them, so a URL read from metadata or an offer is checked here before it is
/// used. Loopback traffic never leaves the machine, which is why local issuers, the sandbox and
/// tests may use plain `http` there and nowhere else. One type, so the offer, metadata, token
/// and credential steps all apply the same rule.
public struct TransportSecurityPolicy: Sendable, Hashable {
    /// Whether plain `http` is accepted for loopback hosts; default `true`.
    public var allowsLoopbackHTTP: Bool

    /// A policy; loopback `http` is allowed unless switched off.
    public init(allowsLoopbackHTTP: Bool = true) {
        self.allowsLoopbackHTTP = allowsLoopbackHTTP
    }

    /// `https` everywhere, plain `http` to loopback hosts.
    public static let `default` = TransportSecurityPolicy()

    /// `https` only, loopback included.
    public static let httpsOnly = TransportSecurityPolicy(allowsLoopbackHTTP: false)

    /// Whether `url` may be contacted: an absolute `https` URL with a host, or `http` to a
    /// loopback host when the policy allows it.
    public func permits(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return false }
        switch scheme {
        case "https": return true
        case "http": return allowsLoopbackHTTP && Self.isLoopback(host: host)
        default: return false
        }
    }

    /// Throws ``OpenID4VCIError/insecureEndpoint(name:url:)`` naming `name` (the metadata member
    /// or step) when `url` is not permitted.
    public func check(_ url: URL, name: String) throws(OpenID4VCIError) {
        guard permits(url) else { throw .insecureEndpoint(name: name, url: url.absoluteString) }
    }

    /// Whether `host` is a loopback host: `localhost`, `::1` (bracketed or not) or an IPv4
    /// address in `127.0.0.0/8` written as four decimal octets.
    public static func isLoopback(host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        var values = [Int]()
        for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(octet), value <= 255
            else { return false }
            values.append(value)
        }
        return values[0] == 127
    }
}
