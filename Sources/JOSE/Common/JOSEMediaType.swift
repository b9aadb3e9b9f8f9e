/// The comparison RFC 7515 §4.1.9 prescribes for `typ` and `cty` values: media types are
/// case-insensitive, and a value without a `/` stands for `application/` and that value, so
/// `dc+sd-jwt`, `application/dc+sd-jwt` and `DC+SD-JWT` are one type.
public enum JOSEMediaType {
    /// Whether `value` (a header's `typ` or `cty`, possibly absent) names the media type
    /// `expected`.
    public static func matches(_ value: String?, _ expected: String) -> Bool {
        guard let value else { return false }
        return normalized(value) == normalized(expected)
    }

    /// The type lower-cased, without an `application/` prefix.
    static func normalized(_ type: String) -> String {
        let lower = type.lowercased()
        return lower.hasPrefix("application/") ? String(lower.dropFirst("application/".count)) : lower
    }
}
