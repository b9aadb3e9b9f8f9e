/// How ``CBOR`` values are serialized.
///
/// The default is preferred serialization (RFC 8949 §4.1): shortest arguments and the
/// shortest float width that keeps the value. Map entries keep their order unless
/// ``deterministic`` is set, which applies core deterministic encoding (§4.2.1) — what COSE
/// and mdoc signers are expected to produce.
public struct CBOREncodingOptions: Sendable, Hashable {
    /// Sort map entries by the bytewise lexicographic order of their encoded keys (§4.2.1).
    public var deterministic: Bool
    /// Narrow floats to the shortest exact width (preferred serialization). When `false`, a
    /// `.double` stays 8 bytes and a `.float` 4 bytes (a `.half` is always 2 bytes when exact).
    public var shortestFloats: Bool

    /// Preferred serialization; map order as given.
    public init(deterministic: Bool = false, shortestFloats: Bool = true) {
        self.deterministic = deterministic
        self.shortestFloats = shortestFloats
    }

    /// Core deterministic encoding (RFC 8949 §4.2.1).
    public static var deterministic: CBOREncodingOptions { CBOREncodingOptions(deterministic: true) }
}
