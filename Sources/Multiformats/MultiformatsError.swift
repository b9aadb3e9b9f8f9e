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
    /// A multicodec code this library has no entry for.
    case unknownMulticodec(UInt64)

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
        }
    }
}
