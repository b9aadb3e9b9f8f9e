/// The framing around DEFLATE data (RFC 1951).
///
/// Fixed per use — never zlib's auto-detection — so data in the wrong container is refused
/// rather than silently accepted.
public enum DeflateContainer: Sendable, Hashable {
    /// No framing: JWE `zip: DEF` (RFC 7516 §4.1.3).
    case raw
    /// ZLIB (RFC 1950): the IETF Token Status List.
    case zlib
    /// GZIP (RFC 1952): the W3C Bitstring Status List.
    case gzip

    /// zlib's `windowBits` for this framing.
    var windowBits: Int32 {
        switch self {
        case .raw: -15
        case .zlib: 15
        case .gzip: 16 + 15
        }
    }

    /// The name used in messages.
    public var name: String {
        switch self {
        case .raw: "DEFLATE"
        case .zlib: "ZLIB"
        case .gzip: "GZIP"
        }
    }
}

/// How hard to compress.
public enum DeflateLevel: Sendable, Hashable {
    /// zlib's default level and memory use.
    case standard
    /// The best compression (the IETF status list draft recommends it).
    case best
}
