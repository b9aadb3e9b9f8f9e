import Foundation

/// The XML Schema `dateTime` values VC documents carry (`issuanceDate`, `validFrom`, proof
/// `created`, …): RFC 3339 date-times with optional fractions. VCDM 2.0 and Data Integrity
/// require `dateTimeStamp` (a time zone); VCDM 1.1 allows a missing one, read as UTC. The
/// scan-a-URL messages (`QRExchange`) read an offer's `expires` with it too.
public enum XSDDateTime {
    /// The instant `text` names, or `nil` when it is not a date-time (`requireTimeZone`:
    /// refuse one without `Z` or an offset).
    public static func parse(_ text: String, requireTimeZone: Bool) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        guard !requireTimeZone else { return nil }
        return parse(text + "Z", requireTimeZone: true)
    }
}
