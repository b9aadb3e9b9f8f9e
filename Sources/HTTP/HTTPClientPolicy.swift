import Foundation

/// The limits a client enforces on every request: how long, how big, how many redirects and
/// which schemes.
///
/// Every remote input Vellum fetches (DID documents, issuer metadata, request objects, status
/// lists) is attacker-influenced, so the defaults are tight and a caller loosens them on
/// purpose.
public struct HTTPClientPolicy: Sendable, Equatable {
    /// Whether redirects are followed.
    public enum RedirectPolicy: Sendable, Equatable {
        /// Follow up to ``HTTPClientPolicy/maximumRedirects``, never to a less secure scheme.
        case follow
        /// Follow only to the same origin (scheme, host and port) as the request's URL: for a
        /// URL whose trust comes from its host, such as an issuer's `mdoc_iacas_uri`, which
        /// must not be served from anywhere else by way of a 302.
        case sameOrigin
        /// Return the 3xx response itself.
        case never
    }

    /// Total time for one request (connect to last byte), unless the request overrides it.
    public var timeout: Duration
    /// The largest response body accepted, counted as bytes arrive.
    public var maximumResponseBytes: Int
    /// The most redirects followed for one request.
    public var maximumRedirects: Int
    /// Whether redirects are followed.
    public var redirects: RedirectPolicy
    /// Whether plain `http` is allowed to loopback hosts (127.0.0.0/8, `::1`, `localhost`).
    ///
    /// Default `true`: loopback traffic never leaves the machine, so it cannot be read or
    /// altered on the network, and local sandboxes and tests need it. Every other host needs
    /// `https`, and a redirect from `https` to `http` is refused even to loopback.
    public var allowInsecureLoopback: Bool
    /// Which addresses may be connected to, checked for the first URL and every redirect hop.
    public var addresses: HTTPAddressPolicy

    /// The time limit every Vellum client uses unless told otherwise: the SDK's wallet, the
    /// CLI (`VELLUM_HTTP_TIMEOUT` changes it) and the README all say 30 s.
    public static let defaultTimeout: Duration = .seconds(30)

    /// A policy; the defaults are 30 s, 5 MiB, 5 redirects followed, loopback http allowed,
    /// public and loopback addresses only.
    public init(
        timeout: Duration = HTTPClientPolicy.defaultTimeout,
        maximumResponseBytes: Int = 5 * 1024 * 1024,
        maximumRedirects: Int = 5,
        redirects: RedirectPolicy = .follow,
        allowInsecureLoopback: Bool = true,
        addresses: HTTPAddressPolicy = HTTPAddressPolicy()
    ) {
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.maximumRedirects = maximumRedirects
        self.redirects = redirects
        self.allowInsecureLoopback = allowInsecureLoopback
        self.addresses = addresses
    }

    /// Throws when `url` may not be requested under this policy.
    public func check(_ url: URL) throws(HTTPError) {
        guard let scheme = url.scheme?.lowercased() else { throw .invalidURL(url.absoluteString) }
        guard scheme == "https" || scheme == "http" else { throw .unsupportedScheme(url.absoluteString) }
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
        switch scheme {
        case "https":
            return
        case "http":
            guard allowInsecureLoopback, Self.isLoopback(host: host) else {
                throw .insecureScheme(url.absoluteString)
            }
        default:
            throw .unsupportedScheme(url.absoluteString)
        }
    }

    /// Throws when a redirect from `from` to `to` may not be followed: the target must pass
    /// ``check(_:)``, must not downgrade `https` to `http`, and under
    /// ``RedirectPolicy/sameOrigin`` must keep `from`'s origin.
    public func checkRedirect(from: URL, to: URL, rule: RedirectPolicy? = nil) throws(HTTPError) {
        if from.scheme?.lowercased() == "https", to.scheme?.lowercased() != "https" {
            throw .insecureRedirect(to.absoluteString)
        }
        do {
            try check(to)
        } catch {
            throw .insecureRedirect(to.absoluteString)
        }
        if (rule ?? redirects) == .sameOrigin, Self.origin(of: from) != Self.origin(of: to) {
            throw .crossOriginRedirect(to.absoluteString)
        }
    }

    /// The redirect target a 3xx response names, resolved against the URL that answered, or
    /// `nil` when it names none. The `Location` field is read as the server sent it, so a
    /// `file:` or `gopher:` target is seen for what it is (Foundation would have rewritten it
    /// into a path on the same origin before a delegate saw it).
    public static func redirectTarget(location: String?, from url: URL) -> URL? {
        guard let location = location?.trimmingCharacters(in: .whitespaces), !location.isEmpty,
            let target = URL(string: location, relativeTo: url)?.absoluteURL
        else { return nil }
        return target
    }

    /// Scheme, host and port (the scheme's default when absent), lower-cased.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// Whether `host` is a loopback host: `localhost`, `::1`, or an IPv4 address in
    /// 127.0.0.0/8 written as four decimal octets.
    public static func isLoopback(host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "::1" || bare == "localhost" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCII) && octet.allSatisfy(\.isNumber)
                && (Int(octet) ?? 256) <= 255
        }
    }

    var timeoutSeconds: Double { Self.seconds(timeout) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
