/// How `Codable` keys become CBOR map keys.
public enum CBORKeyEncoding: Sendable, Hashable {
    /// Always the key's `stringValue` as a text string (the default).
    case text
    /// The key's `intValue` as an integer when it has one (COSE and CWT labels), otherwise text.
    case integerWhenAvailable
}

/// How `Date` values are written and read by ``CBOREncoder`` and ``CBORDecoder``.
public enum CBORDateStrategy: Sendable, Hashable {
    /// Tag 0 with an RFC 3339 string (the `tdate` of ISO 18013-5).
    case rfc3339
    /// Tag 1 with seconds since 1970 (integer when whole).
    case epochSeconds
    /// Whatever `Date`'s own `Codable` conformance does.
    case deferredToDate
}
