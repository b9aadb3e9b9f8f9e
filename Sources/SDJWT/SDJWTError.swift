import JOSE
import JSONModel

/// Why an SD-JWT was refused or could not be made.
///
/// The cases follow the steps of RFC 9901 §7 so that a caller can tell a malformed
/// serialization (blame the sender) from a failed signature (a forgery or the wrong key),
/// a disclosure attack (a tampered, replayed or smuggled disclosure), a validity failure
/// (expired) and a key-binding failure (a replayed or forwarded presentation).
public enum SDJWTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The serialization is not an SD-JWT: no `~`, an empty part, a JSON serialization
    /// without its members, or a KB-JWT where none may be.
    case malformed(String)
    /// The input exceeds an ``SDJWTLimits`` bound.
    case limitExceeded(String)
    /// The Issuer-signed JWT failed: not a JWS, `alg: none`, an algorithm the policy
    /// refuses, a key that does not fit, or a signature that does not verify.
    case issuerJWT(JOSEError)
    /// The ``SDJWTIssuerKeyResolver`` found no key it trusts for this issuer.
    case issuerKeyNotFound(String)
    /// `_sd_alg` names a hash this verifier does not accept (or is not a string).
    case unsupportedHashAlgorithm(String)
    /// A Disclosure is not base64url, not JSON, or not `[salt, name, value]` /
    /// `[salt, value]` with a string salt and name.
    case malformedDisclosure(String)
    /// The same Disclosure was sent twice.
    case repeatedDisclosure(digest: String)
    /// A digest occurs more than once in the payload or the Disclosures (RFC 9901 §7.1
    /// step 4).
    case duplicateDigest(String)
    /// A Disclosure that no digest in the payload or another Disclosure references
    /// (RFC 9901 §7.1 step 5): a smuggled claim.
    case unreferencedDisclosure(digest: String)
    /// A digest in an `_sd` array matched an array-element Disclosure, or a `{"...": …}`
    /// element matched an object-property Disclosure.
    case disclosureKindMismatch(digest: String)
    /// A Disclosure names the claim `_sd` or `...`.
    case reservedClaimName(String)
    /// A Disclosure names a claim that already exists at its level.
    case claimNameCollision(String)
    /// The payload misuses the SD-JWT members: `_sd` not an array of strings, `...` outside
    /// an array-element digest, `_sd_alg` below the top level, or a payload that is not an
    /// object.
    case invalidPayload(String)
    /// A registered claim of the processed payload has the wrong type (`exp` not a number).
    case invalidClaim(String)
    /// The processed payload fails a time or issuer check (`exp`, `nbf`, `iat`, `iss`).
    case claimValidation(JWTValidationFailure)
    /// The Key Binding JWT is missing, unexpected or invalid.
    case keyBinding(KeyBindingFailure)
    /// A claim path selects nothing, or selects through a claim that cannot be presented.
    case claimSelection(String)
    /// The issuance input is unusable: a reserved claim name, a path that selects nothing,
    /// a claim made disclosable twice.
    case invalidIssuanceInput(String)
    /// The `Signer` threw while signing.
    case signingFailed(String)

    public var description: String {
        switch self {
        case .malformed(let reason): return "SD-JWT: malformed: \(reason)"
        case .limitExceeded(let reason): return "SD-JWT: limit exceeded: \(reason)"
        case .issuerJWT(let error): return "SD-JWT: Issuer-signed JWT: \(error)"
        case .issuerKeyNotFound(let reason): return "SD-JWT: no issuer key: \(reason)"
        case .unsupportedHashAlgorithm(let name): return "SD-JWT: _sd_alg \(name) is not accepted"
        case .malformedDisclosure(let reason): return "SD-JWT: malformed disclosure: \(reason)"
        case .repeatedDisclosure(let digest): return "SD-JWT: disclosure \(digest) is sent twice"
        case .duplicateDigest(let digest): return "SD-JWT: digest \(digest) occurs more than once"
        case .unreferencedDisclosure(let digest): return "SD-JWT: no digest references disclosure \(digest)"
        case .disclosureKindMismatch(let digest):
            return "SD-JWT: disclosure \(digest) is of the wrong kind for where its digest is"
        case .reservedClaimName(let name): return "SD-JWT: a disclosure names the reserved claim \(name)"
        case .claimNameCollision(let name): return "SD-JWT: disclosed claim \(name) already exists"
        case .invalidPayload(let reason): return "SD-JWT: invalid payload: \(reason)"
        case .invalidClaim(let reason): return "SD-JWT: invalid claim: \(reason)"
        case .claimValidation(let failure): return "SD-JWT: \(failure)"
        case .keyBinding(let failure): return "SD-JWT: key binding: \(failure)"
        case .claimSelection(let reason): return "SD-JWT: claim selection: \(reason)"
        case .invalidIssuanceInput(let reason): return "SD-JWT: issuance: \(reason)"
        case .signingFailed(let reason): return "SD-JWT: signing failed: \(reason)"
        }
    }
}

/// Why a Key Binding JWT was refused (RFC 9901 §7.3 step 5).
public enum KeyBindingFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Key binding is required and the presentation carries no KB-JWT.
    case missing
    /// A KB-JWT was sent where none may be (an Issuer's SD-JWT received by a Holder).
    case unexpected
    /// The SD-JWT has no `cnf` holder key to check a KB-JWT against.
    case noConfirmationKey
    /// `cnf` is present but uses a method other than `jwk`, or the JWK is unusable.
    case unsupportedConfirmationKey(String)
    /// The KB-JWT's signature does not verify with the `cnf` key: the wrong holder key.
    case invalidSignature
    /// The KB-JWT is not a valid JWS or JWT: `alg: none`, wrong `typ`, algorithm refused.
    case jwt(JOSEError)
    /// A claim the KB-JWT must carry (`iat`, `aud`, `nonce`, `sd_hash`) is absent or has the
    /// wrong type.
    case missingClaim(String)
    /// `sd_hash` is not the digest of the SD-JWT it came with.
    case sdHashMismatch
    /// `nonce` is not the verifier's nonce.
    case nonceMismatch
    /// `aud` is not the verifier.
    case audienceMismatch(expected: String, actual: String)
    /// `iat` is older than the verifier accepts.
    case tooOld(issuedAtSeconds: Int64, nowSeconds: Int64)
    /// `iat` is further in the future than the verifier's clock skew allows.
    case issuedInFuture(issuedAtSeconds: Int64, nowSeconds: Int64)
    /// `transaction_data_hashes` does not cover exactly the expected transaction data.
    case transactionDataMismatch(String)

    public var description: String {
        switch self {
        case .missing: return "required but absent"
        case .unexpected: return "a KB-JWT is present where none may be"
        case .noConfirmationKey: return "the SD-JWT has no cnf key"
        case .unsupportedConfirmationKey(let reason): return "unsupported cnf: \(reason)"
        case .invalidSignature: return "signature does not verify with the cnf key"
        case .jwt(let error): return "\(error)"
        case .missingClaim(let name): return "claim \(name) is absent or has the wrong type"
        case .sdHashMismatch: return "sd_hash does not match the presented SD-JWT"
        case .nonceMismatch: return "nonce does not match"
        case .audienceMismatch(let expected, let actual): return "aud is \(actual), expected \(expected)"
        case .tooOld(let issuedAt, let now): return "iat \(issuedAt) is too old (now \(now))"
        case .issuedInFuture(let issuedAt, let now): return "iat \(issuedAt) is in the future (now \(now))"
        case .transactionDataMismatch(let reason): return "transaction data: \(reason)"
        }
    }
}
