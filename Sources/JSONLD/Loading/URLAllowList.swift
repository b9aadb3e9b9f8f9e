/// The URLs a ``RemoteDocumentLoader`` may read: exact URLs, and prefixes that end at a path
/// boundary (`https://example.com/contexts/` allows what is under that folder, not
/// `https://example.com/contexts-evil/`).
///
/// Only `https` URLs are allowed, and `http` ones only for loopback hosts (tests, a local
/// issuer); everything else is refused before any request is made.
public struct URLAllowList: Sendable, Equatable {
    /// URLs allowed exactly.
    public var urls: Set<String>
    /// Prefixes under which every URL is allowed; each must end with `/`.
    public var prefixes: [String]

    /// An allow-list; a prefix that does not end with `/` is taken as its folder (`/` is
    /// appended), so a prefix never matches a sibling name.
    public init(urls: Set<String> = [], prefixes: [String] = []) {
        self.urls = urls
        self.prefixes = prefixes.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// Whether `url` may be fetched.
    public func allows(_ url: String) -> Bool {
        guard Self.hasAllowedScheme(url), !Self.hasUserInfo(url), !Self.hasDotSegment(url) else { return false }
        return urls.contains(url) || prefixes.contains { url.hasPrefix($0) && !url.dropFirst($0.count).hasPrefix("/") }
    }

    private static func hasAllowedScheme(_ url: String) -> Bool {
        if url.hasPrefix("https://") { return true }
        for host in ["http://127.0.0.1:", "http://127.0.0.1/", "http://localhost:", "http://localhost/", "http://[::1]:", "http://[::1]/"]
        where url.hasPrefix(host) {
            return true
        }
        return false
    }

    /// A `.` or `..` segment (plain or percent-encoded), which would climb out of a prefix.
    private static func hasDotSegment(_ url: String) -> Bool {
        let path = url.lowercased().replacingOccurrences(of: "%2e", with: ".")
        return path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == "." || $0 == ".." }
    }

    /// `user@host` in the authority, which would make a prefix check read the wrong host.
    private static func hasUserInfo(_ url: String) -> Bool {
        guard let start = url.range(of: "://")?.upperBound else { return true }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return authority.contains("@")
    }
}
