import Foundation

/// Where a server publishes metadata under `/.well-known/` (RFC 8615), for an identifier that
/// may have a path.
enum WellKnownLocation {
    /// RFC 8414 §3.1 and OpenID4VCI §12.2.2: `suffix` goes between the host and the path, so
    /// `https://h/tenant` becomes `https://h/.well-known/<suffix>/tenant`; a terminating `/`
    /// of the path is removed first (`https://h/tenant/` gives the same URL).
    static func inserting(_ suffix: String, into identifier: URL) -> URL? {
        guard var components = URLComponents(url: identifier, resolvingAgainstBaseURL: false) else { return nil }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = "/.well-known/\(suffix)" + path
        components.query = nil
        components.fragment = nil
        return components.url
    }

    /// OpenID Connect Discovery §4: `/.well-known/openid-configuration` appended to the path.
    static func appending(_ suffix: String, to identifier: URL) -> URL? {
        guard var components = URLComponents(url: identifier, resolvingAgainstBaseURL: false) else { return nil }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + "/.well-known/\(suffix)"
        components.query = nil
        components.fragment = nil
        return components.url
    }
}
