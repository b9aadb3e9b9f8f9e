import Foundation

/// RFC 3339 date-times as exchange messages write them (`2026-11-21T22:33:14Z`, with or
/// without fractional seconds, `Z` or an offset).
enum RFC3339 {
    static func date(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
