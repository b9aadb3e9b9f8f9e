import CBOR
import CryptoKeys

/// Why a COSE structure could not be read, built or verified.
///
/// The cases separate "the bytes are not a well-formed COSE object" (reject and report the
/// sender), "the object is well formed but uses something this library refuses or does not
/// implement" (a policy or capability gap), and "the cryptographic check failed" (a forgery
/// or corruption). Callers treat those three differently, so they are distinct cases.
public enum COSEError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is not well-formed CBOR, or exceeds the decoding limits.
    case malformedCBOR(CBORError)
    /// The CBOR is well formed but is not the COSE structure expected (not an array, wrong
    /// element count, an element of the wrong type).
    case invalidStructure(String)
    /// The message carries a CBOR tag other than the one its type requires.
    case unexpectedTag(found: UInt64, expected: UInt64)
    /// A tag was required but the message is untagged, or a tag was present where the
    /// caller asked for the untagged form.
    case tagPolicyViolated(String)
    /// A header parameter is present with a value of the wrong type or shape.
    case invalidHeader(label: COSEHeaderLabel, reason: String)
    /// The same label occurs in both the protected and the unprotected bucket (RFC 9052 §3).
    case duplicateHeaderLabel(COSEHeaderLabel)
    /// A label listed in `crit` is not understood by this library or the caller.
    case unknownCriticalHeader(COSEHeaderLabel)
    /// The message names no algorithm.
    case missingAlgorithm
    /// The algorithm is not one this library implements for this operation.
    case unsupportedAlgorithm(String)
    /// The algorithm cannot be used with the key (for example ES256 with an Ed25519 key),
    /// or the message's algorithm differs from the one the key or signer is restricted to.
    case algorithmMismatch(algorithm: String, key: String)
    /// The signature does not verify.
    case invalidSignature
    /// The MAC tag does not verify.
    case invalidMAC
    /// The payload is detached (`nil` in the message) and none was supplied, or a payload
    /// was supplied for a message that carries its own.
    case payloadMismatch(String)
    /// A COSE_Key is malformed, inconsistent or unsupported.
    case invalidKey(String)
    /// The signer failed to produce a signature.
    case signingFailed(String)
    /// An error from the key layer that does not fit a more specific case.
    case crypto(CryptoKeysError)

    /// A human-readable explanation, for logs; match on the case to act on the error.
    public var description: String {
        switch self {
        case .malformedCBOR(let error): return "malformed CBOR: \(error)"
        case .invalidStructure(let reason): return "invalid COSE structure: \(reason)"
        case .unexpectedTag(let found, let expected): return "unexpected CBOR tag \(found) (expected \(expected))"
        case .tagPolicyViolated(let reason): return "tag policy violated: \(reason)"
        case .invalidHeader(let label, let reason): return "invalid header \(label): \(reason)"
        case .duplicateHeaderLabel(let label): return "header \(label) appears in both protected and unprotected buckets"
        case .unknownCriticalHeader(let label): return "critical header \(label) is not understood"
        case .missingAlgorithm: return "no algorithm in the headers"
        case .unsupportedAlgorithm(let name): return "unsupported algorithm \(name)"
        case .algorithmMismatch(let algorithm, let key): return "algorithm \(algorithm) cannot be used with key \(key)"
        case .invalidSignature: return "signature does not verify"
        case .invalidMAC: return "MAC does not verify"
        case .payloadMismatch(let reason): return "payload: \(reason)"
        case .invalidKey(let reason): return "invalid COSE_Key: \(reason)"
        case .signingFailed(let reason): return "signing failed: \(reason)"
        case .crypto(let error): return "crypto error: \(error)"
        }
    }
}
