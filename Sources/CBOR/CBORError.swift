/// Why CBOR could not be decoded, validated or (de)serialized.
///
/// Decoding errors carry the byte offset of the offending item so a caller can log where a
/// hostile or broken input went wrong. ``isWellFormednessError`` separates "these bytes are
/// not CBOR at all" (RFC 8949 §5.3.1 / Appendix F) from "valid CBOR we refuse".
public enum CBORError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input ended inside an item (a head, a string, or a container).
    case unexpectedEnd(offset: Int)
    /// Additional information 28, 29 or 30, which RFC 8949 reserves.
    case reservedAdditionalInfo(offset: Int)
    /// Indefinite length on a major type that does not allow it (0, 1, 6, or 7 outside a container).
    case invalidIndefiniteLength(offset: Int)
    /// A "break" (0xff) where no indefinite-length item is open.
    case unexpectedBreak(offset: Int)
    /// A chunk of an indefinite-length string that is not a definite string of the same major type.
    case invalidChunk(offset: Int)
    /// A two-byte simple value below 32 (RFC 8949 §3.3).
    case invalidSimpleValue(offset: Int)
    /// Bytes remain after the item and a sequence was not asked for.
    case trailingBytes(offset: Int)
    /// A text string that is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// A map with two equal keys.
    case duplicateMapKey(offset: Int)
    /// Containers nested deeper than ``CBORDecodingOptions/maxDepth``.
    case depthLimitExceeded(offset: Int)
    /// A string or container longer than the configured limit.
    case lengthLimitExceeded(offset: Int)
    /// More data items than ``CBORDecodingOptions/maxItems``.
    case itemLimitExceeded(offset: Int)
    /// The whole input is larger than ``CBORDecodingOptions/maxInputSize``.
    case inputTooLarge(size: Int)
    /// Valid CBOR that is not in core deterministic encoding (RFC 8949 §4.2.1).
    case notDeterministic(offset: Int, reason: String)
    /// A tag whose content has the wrong type for a tag this library interprets.
    case invalidTagContent(tag: UInt64, offset: Int)
    /// Codable: the CBOR value does not have the type the `Decodable` asked for.
    case typeMismatch(expected: String, found: String, path: String)
    /// Codable: a required key is absent.
    case keyNotFound(key: String, path: String)
    /// Codable: a value is present but not acceptable (out of range, malformed date, …).
    case dataCorrupted(reason: String, path: String)
    /// Codable: a value cannot be encoded (for example an `Encodable` that encoded nothing).
    case invalidValue(reason: String, path: String)

    /// Whether the input was not well-formed CBOR, as opposed to valid CBOR that was refused.
    public var isWellFormednessError: Bool {
        switch self {
        case .unexpectedEnd, .reservedAdditionalInfo, .invalidIndefiniteLength, .unexpectedBreak,
             .invalidChunk, .invalidSimpleValue, .trailingBytes:
            return true
        default:
            return false
        }
    }

    /// A human-readable explanation.
    public var description: String {
        switch self {
        case .unexpectedEnd(let o): return "CBOR input ends inside an item at offset \(o)"
        case .reservedAdditionalInfo(let o): return "reserved additional information (28-30) at offset \(o)"
        case .invalidIndefiniteLength(let o): return "indefinite length not allowed here, at offset \(o)"
        case .unexpectedBreak(let o): return "unexpected break byte at offset \(o)"
        case .invalidChunk(let o): return "invalid chunk in an indefinite-length string at offset \(o)"
        case .invalidSimpleValue(let o): return "two-byte simple value below 32 at offset \(o)"
        case .trailingBytes(let o): return "trailing bytes after the CBOR item at offset \(o)"
        case .invalidUTF8(let o): return "text string with invalid UTF-8 at offset \(o)"
        case .duplicateMapKey(let o): return "duplicate map key at offset \(o)"
        case .depthLimitExceeded(let o): return "nesting deeper than allowed at offset \(o)"
        case .lengthLimitExceeded(let o): return "length larger than allowed at offset \(o)"
        case .itemLimitExceeded(let o): return "more data items than allowed at offset \(o)"
        case .inputTooLarge(let size): return "CBOR input of \(size) bytes is larger than allowed"
        case .notDeterministic(let o, let reason): return "not deterministically encoded at offset \(o): \(reason)"
        case .invalidTagContent(let tag, let o): return "tag \(tag) has content of the wrong type at offset \(o)"
        case .typeMismatch(let expected, let found, let path): return "expected \(expected) but found \(found) at \(path)"
        case .keyNotFound(let key, let path): return "key \"\(key)\" not found at \(path)"
        case .dataCorrupted(let reason, let path): return "\(reason) at \(path)"
        case .invalidValue(let reason, let path): return "cannot encode: \(reason) at \(path)"
        }
    }
}
