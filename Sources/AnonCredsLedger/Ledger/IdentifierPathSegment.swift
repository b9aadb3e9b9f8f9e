import Foundation

/// An identifier written as one path segment (a `~ledger` URL's, a file name): every byte but
/// RFC 3986's unreserved characters percent-encoded, upper-case hex, so `/`, `:`, `?`, `#`,
/// `%` in an identifier stay inside the segment. A valid identifier (a URI or a legacy Indy
/// id) always has a `:`, so the segment is never `.` or `..`.
enum IdentifierPathSegment {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ id: String) -> String {
        // Every string can be percent-encoded as UTF-8; the fallback is never taken.
        id.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
