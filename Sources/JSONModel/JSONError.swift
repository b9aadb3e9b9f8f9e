/// Why JSON could not be parsed, serialized, bridged or navigated.
///
/// Parse errors carry the byte offset into the input where the problem was seen, so a
/// caller can report it or log it without echoing untrusted content.
public enum JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input ended inside a value.
    case unexpectedEnd(offset: Int)
    /// A byte that cannot start or continue the value being read.
    case unexpectedByte(UInt8, offset: Int)
    /// Bytes that are not well-formed UTF-8 (including overlong forms and encoded surrogates).
    case invalidUTF8(offset: Int)
    /// A backslash escape RFC 8259 does not define, or a malformed `\u` escape.
    case invalidEscape(offset: Int)
    /// A `\u` escape naming half of a surrogate pair without the other half; such a string
    /// has no Unicode (and no Swift `String`) form.
    case unpairedSurrogate(offset: Int)
    /// An unescaped control character (U+0000–U+001F) inside a string.
    case controlCharacterInString(offset: Int)
    /// A number that does not follow the RFC 8259 grammar (leading zeros, `+`, bare `.`, ...).
    case invalidNumber(offset: Int)
    /// Content after the single top-level value.
    case trailingContent(offset: Int)
    /// An object names the same member twice and ``JSONParser/Options/duplicateMembers`` is
    /// `.reject` (the default, since two readers may disagree about which one counts).
    case duplicateMember(String, offset: Int)
    /// Nesting deeper than ``JSONParser/Limits/maximumDepth``.
    case tooDeep(offset: Int, limit: Int)
    /// Input larger than ``JSONParser/Limits/maximumSize`` bytes.
    case tooLarge(limit: Int)
    /// A string longer than ``JSONParser/Limits/maximumStringLength`` bytes of UTF-8.
    case stringTooLong(offset: Int, limit: Int)
    /// An object or array with more than ``JSONParser/Limits/maximumMembers`` entries.
    case tooManyMembers(offset: Int, limit: Int)
    /// A number that has no finite IEEE 754 double value, which JCS (RFC 8785) cannot write.
    case numberNotRepresentable(String)
    /// A Swift value could not be turned into JSON, or JSON into a Swift value.
    case bridging(String)

    /// A message for a person reading a log, with the byte offset where there is one.
    public var description: String {
        switch self {
        case let .unexpectedEnd(offset): return "JSON: unexpected end of input at byte \(offset)"
        case let .unexpectedByte(byte, offset):
            return "JSON: unexpected byte 0x\(String(byte, radix: 16)) at byte \(offset)"
        case let .invalidUTF8(offset): return "JSON: invalid UTF-8 at byte \(offset)"
        case let .invalidEscape(offset): return "JSON: invalid escape at byte \(offset)"
        case let .unpairedSurrogate(offset): return "JSON: unpaired UTF-16 surrogate escape at byte \(offset)"
        case let .controlCharacterInString(offset): return "JSON: unescaped control character at byte \(offset)"
        case let .invalidNumber(offset): return "JSON: malformed number at byte \(offset)"
        case let .trailingContent(offset): return "JSON: content after the value at byte \(offset)"
        case let .duplicateMember(name, offset): return "JSON: duplicate member \"\(name)\" at byte \(offset)"
        case let .tooDeep(offset, limit): return "JSON: nesting deeper than \(limit) at byte \(offset)"
        case let .tooLarge(limit): return "JSON: input larger than \(limit) bytes"
        case let .stringTooLong(offset, limit): return "JSON: string longer than \(limit) bytes at byte \(offset)"
        case let .tooManyMembers(offset, limit): return "JSON: more than \(limit) members at byte \(offset)"
        case let .numberNotRepresentable(text): return "JSON: number \(text) has no finite double value"
        case let .bridging(reason): return "JSON: \(reason)"
        }
    }
}
