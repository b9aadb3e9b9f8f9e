import CryptoKeys
import JSONModel

/// Why a JWS, JWE or JWT was refused or could not be produced.
///
/// The cases separate a malformed object (reject it, blame the sender), a policy refusal
/// (the object is well formed but this caller does not accept it: algorithm, `crit`, key
/// kind) and a failed cryptographic check (a forgery, corruption or the wrong key), because
/// callers log, retry and report those differently.
public enum JOSEError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The serialization is not a JWS/JWE: wrong number of parts, empty required part,
    /// not a JSON object where one is required.
    case malformed(String)
    /// A part is not strict unpadded base64url.
    case invalidBase64URL(part: String)
    /// A header or payload is not strict JSON (this includes duplicate member names).
    case invalidJSON(part: String, JSONError)
    /// A header member has the wrong type or an impossible value.
    case invalidHeader(String)
    /// The input exceeds a ``JOSELimits`` bound.
    case limitExceeded(String)
    /// `alg` is `none`; unsecured JWS are never accepted.
    case unsecuredAlgorithm
    /// An `alg` or `enc` value this module does not implement.
    case unsupportedAlgorithm(String)
    /// An algorithm this module implements but the caller's policy does not allow.
    case algorithmNotAllowed(String)
    /// `crit` names an extension the caller did not declare as understood, or is
    /// malformed (empty, lists a standard member, names a member that is absent, is not in
    /// the protected header).
    case unsupportedCritical(String)
    /// The key cannot be used with the header's algorithm (wrong type or curve: ES256 with
    /// a P-384 key, HS256 with a public key, an Ed25519 key for ES256).
    case keyMismatch(algorithm: String, key: String)
    /// No key could be found for the header (the resolver returned none).
    case keyNotFound
    /// No signature verified with the key.
    case invalidSignature
    /// JWE decryption failed: tag mismatch, wrong key, altered ciphertext or header.
    case decryptionFailed
    /// A JWE `epk` is not a valid point on the recipient's curve.
    case invalidEphemeralKey(String)
    /// DEFLATE data is corrupt or inflates beyond ``JOSELimits/maximumDecompressedSize``.
    case decompressionFailed(String)
    /// A lower-level cryptographic operation failed for a reason other than authentication.
    case crypto(CryptoKeysError)
    /// The ``Signer`` threw while signing.
    case signerFailed(String)
    /// A JWT claim has the wrong type (`exp` not a number, `aud` not a string or array).
    case invalidClaim(String)
    /// A JWT's claims are well formed but fail a ``JWTValidator`` check.
    case claimValidation(JWTValidationFailure)

    public var description: String {
        switch self {
        case .malformed(let reason): return "JOSE: malformed: \(reason)"
        case .invalidBase64URL(let part): return "JOSE: \(part) is not strict base64url"
        case .invalidJSON(let part, let error): return "JOSE: \(part) is not strict JSON (\(error))"
        case .invalidHeader(let reason): return "JOSE: invalid header: \(reason)"
        case .limitExceeded(let reason): return "JOSE: limit exceeded: \(reason)"
        case .unsecuredAlgorithm: return "JOSE: alg \"none\" is never accepted"
        case .unsupportedAlgorithm(let name): return "JOSE: unsupported algorithm \(name)"
        case .algorithmNotAllowed(let name): return "JOSE: algorithm \(name) is not allowed by policy"
        case .unsupportedCritical(let reason): return "JOSE: crit: \(reason)"
        case .keyMismatch(let algorithm, let key): return "JOSE: a \(key) key cannot be used with \(algorithm)"
        case .keyNotFound: return "JOSE: no key found for the header"
        case .invalidSignature: return "JOSE: signature does not verify"
        case .decryptionFailed: return "JOSE: decryption failed"
        case .invalidEphemeralKey(let reason): return "JOSE: invalid epk: \(reason)"
        case .decompressionFailed(let reason): return "JOSE: decompression failed: \(reason)"
        case .crypto(let error): return "JOSE: \(error)"
        case .signerFailed(let reason): return "JOSE: signer failed: \(reason)"
        case .invalidClaim(let reason): return "JWT: invalid claim: \(reason)"
        case .claimValidation(let failure): return "JWT: \(failure)"
        }
    }
}
