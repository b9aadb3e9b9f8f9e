/// Why a DID, a DID URL or a DID document was rejected.
///
/// Syntax errors carry the offending position so that a caller can point at it; document
/// errors say which member was wrong, so that a wallet can tell a user what the publisher of
/// the document got wrong rather than just "invalid".
public enum DIDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The string does not start with `did:`.
    case missingScheme
    /// The method name is empty or has a character outside `a-z0-9`.
    case invalidMethodName(String)
    /// The method-specific identifier is empty or ends with `:`.
    case invalidMethodSpecificID(String)
    /// A character the DID Core ABNF does not allow at this position (UTF-8 offset).
    case invalidCharacter(Character, position: Int)
    /// A `%` not followed by two hex digits (UTF-8 offset of the `%`).
    case invalidPercentEncoding(position: Int)
    /// The input is longer than this library accepts.
    case tooLong(limit: Int)
    /// A relative DID URL was given where an absolute one is needed, with no base to resolve it.
    case relativeReferenceWithoutBase(String)
    /// A DID document member has the wrong shape or value.
    case invalidDocument(reason: String)
    /// No verification method with this id (in this relationship, when one was asked for).
    case verificationMethodNotFound(String)
    /// The verification method's key material could not be turned into a public key.
    case invalidKeyMaterial(reason: String)
    /// The verification method type or key encoding is not one this library reads.
    case unsupportedVerificationMethod(type: String)
    /// The key is well formed but of a type this library recognises without being able to
    /// verify with it (BLS12-381); the message says which.
    case unsupportedKeyType(String)

    public var description: String {
        switch self {
        case .missingScheme: return "DID: must start with \"did:\""
        case let .invalidMethodName(name): return "DID: invalid method name \"\(name)\" (allowed: a-z, 0-9)"
        case let .invalidMethodSpecificID(id): return "DID: invalid method-specific identifier \"\(id)\""
        case let .invalidCharacter(character, position):
            return "DID: character \(String(reflecting: character)) not allowed at offset \(position)"
        case let .invalidPercentEncoding(position): return "DID: malformed percent-encoding at offset \(position)"
        case let .tooLong(limit): return "DID: longer than \(limit) bytes"
        case let .relativeReferenceWithoutBase(reference): return "DID URL: relative reference \"\(reference)\" needs a base DID"
        case let .invalidDocument(reason): return "DID document: \(reason)"
        case let .verificationMethodNotFound(id): return "DID document: no verification method \"\(id)\""
        case let .invalidKeyMaterial(reason): return "DID document: unusable key material: \(reason)"
        case let .unsupportedVerificationMethod(type): return "DID document: unsupported verification method \"\(type)\""
        case let .unsupportedKeyType(message): return "DID document: unsupported key type: \(message)"
        }
    }
}
