/// Why a DID could not be resolved to a usable document.
///
/// The cases follow the error codes of DID Resolution (`invalidDid`, `notFound`,
/// `methodNotSupported`, `invalidDidDocument`, …) and add the checks this library makes, so a
/// caller can tell "the DID is malformed" from "the server is down" from "the document is
/// forged" and react to each.
public enum DIDResolutionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The DID is not syntactically valid, or not valid for its method.
    case invalidDID(DIDError)
    /// No resolver is registered for this method.
    case methodNotSupported(String)
    /// The key type a did:key (or did:peer key) encodes is not one this library supports.
    case unsupportedKeyType(String)
    /// The key bytes are not a valid key (wrong length, point not on the curve).
    case invalidPublicKey(String)
    /// The method-specific data decoded, but the resulting document is invalid.
    case invalidDocument(DIDError)
    /// The DID does not exist (HTTP 404 for did:web, an unknown short-form did:peer:4).
    case notFound(String)
    /// The document is larger than the resolver accepts.
    case documentTooLarge(limit: Int)
    /// The document's `id` is not the DID that was resolved (a substituted document).
    case documentIDMismatch(expected: String, found: String)
    /// A self-certifying DID whose hash does not match its content (did:peer:4).
    case hashMismatch
    /// The document could not be fetched (network, TLS, HTTP status, insecure URL).
    case transport(String)

    public var description: String {
        switch self {
        case .invalidDID(let error): return "invalid DID: \(error)"
        case .methodNotSupported(let method): return "DID method \"\(method)\" is not supported"
        case .unsupportedKeyType(let type): return "unsupported key type: \(type)"
        case .invalidPublicKey(let reason): return "invalid public key: \(reason)"
        case .invalidDocument(let error): return "invalid DID document: \(error)"
        case .notFound(let did): return "DID not found: \(did)"
        case .documentTooLarge(let limit): return "DID document larger than \(limit) bytes"
        case .documentIDMismatch(let expected, let found):
            return "DID document id \"\(found)\" does not match the resolved DID \"\(expected)\""
        case .hashMismatch: return "DID hash does not match the encoded document"
        case .transport(let reason): return "could not fetch the DID document: \(reason)"
        }
    }
}
