/// Why a multiformats value could not be decoded.
public enum MultiformatsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A character outside the encoding's alphabet.
    case invalidCharacter(encoding: String, character: Character)
    /// A length no valid encoding can have.
    case invalidLength(encoding: String)
    /// Valid characters, but not the one canonical encoding of the bytes.
    case nonCanonical(encoding: String)
    /// A multibase prefix this library does not know.
    case unknownMultibasePrefix(Character)
    /// An empty string where a multibase value was expected.
    case emptyMultibase
    /// A varint that runs past the end of the input, exceeds 9 bytes or is not minimal.
    case invalidVarint
    /// A valid multibase string, but in another encoding than the format requires.
    case unexpectedMultibaseEncoding(expected: MultibaseEncoding, found: MultibaseEncoding)
    /// A multicodec code this library has no entry for.
    case unknownMulticodec(UInt64)
    /// Text longer than a quadratic-time decoder accepts (untrusted-input limit).
    case inputTooLarge(encoding: String, limit: Int)

    /// A message for a person reading a log: what was wrong and in which encoding.
    public var description: String {
        switch self {
        case let .invalidCharacter(encoding, character):
            return "\(encoding): invalid character \(String(reflecting: character))"
        case let .invalidLength(encoding): return "\(encoding): invalid length"
        case let .nonCanonical(encoding): return "\(encoding): not the canonical encoding"
        case let .unknownMultibasePrefix(prefix): return "multibase: unknown prefix \(String(reflecting: prefix))"
        case .emptyMultibase: return "multibase: empty string"
        case .invalidVarint: return "varint: truncated, too long or not minimal"
        case let .unknownMulticodec(code): return "multicodec: unknown code 0x\(String(code, radix: 16))"
        case let .unexpectedMultibaseEncoding(expected, found):
            return "multibase: expected \(expected.rawValue), found \(found.rawValue)"
        case let .inputTooLarge(encoding, limit): return "\(encoding): input longer than \(limit) characters"
        }
    }
}
