import COSE
import Foundation
import HTTP
import JOSE

/// Why a status list, a status reference or a status list token was refused, or why a
/// status could not be determined.
///
/// The cases separate what a caller reacts to differently: a malformed list or reference
/// (the issuer's fault; reject the credential), a token that fails verification (a forgery,
/// the wrong key, an expired or misdirected token), and a list that could not be fetched (a
/// network problem, perhaps worth a retry). ``StatusResult/unknown(_:)`` carries one of these
/// when a check gave no answer.
public enum StatusListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `bits` is not 1, 2, 4 or 8 (IETF), or `statusSize` is not one this library supports (W3C).
    case invalidBitWidth(String)
    /// The list text is not strict base64url (IETF `lst`) or base64url multibase (W3C `encodedList`).
    case invalidEncoding(String)
    /// The compressed list is not a complete, valid ZLIB (IETF) or GZIP (W3C) stream.
    case decompressionFailed(String)
    /// An input or the inflated list exceeds a ``StatusListLimits`` bound (zip bombs end here).
    case limitExceeded(String)
    /// The index lies outside the list: no statement about the token can be made.
    case indexOutOfRange(index: Int, count: Int)
    /// The status list structure is wrong: a member missing or of the wrong type.
    case invalidStatusList(String)
    /// A referenced token's `status` / `status_list` claim (or a W3C `credentialStatus`
    /// entry) is missing or malformed.
    case invalidReference(String)
    /// The token's `typ` is not `statuslist+jwt` / `application/statuslist+cwt`.
    case wrongType(String?)
    /// The token's registered or status list claims are missing or of the wrong type.
    case invalidClaims(String)
    /// The token is not a JWT or CWT at all, or is a form this library refuses (COSE_Mac0,
    /// a CWT tag, an unsupported algorithm).
    case malformedToken(String)
    /// The key resolver found no key for the token.
    case keyNotFound
    /// The key resolver failed.
    case keyResolutionFailed(String)
    /// The signature does not verify with the resolved key.
    case invalidSignature
    /// The token's `exp` has passed.
    case expired(expiresAt: Date, now: Date)
    /// The token's `nbf` or `iat` lies in the future.
    case notYetValid(String)
    /// The token is older than the policy's maximum age.
    case tooOld(issuedAt: Date, now: Date)
    /// The token's subject is not the URI the referenced token names.
    case subjectMismatch(expected: String, actual: String?)
    /// Another JOSE failure while verifying a JWT status list token.
    case jose(JOSEError)
    /// Another COSE failure while verifying a CWT status list token.
    case cose(COSEError)
    /// The HTTP exchange failed (connection, timeout, size, redirects).
    case fetchFailed(HTTPError)
    /// The status provider answered with a non-2xx status code.
    case httpStatus(Int)
    /// The response's media type is not a status list token type that was asked for.
    case unexpectedContentType(String?)
    /// The W3C entry's `statusPurpose` is not one the status list credential declares.
    case purposeMismatch(expected: String, available: [String])
    /// The W3C list has fewer entries than the minimum for group privacy (131 072 by default).
    case listTooShort(entries: Int, minimum: Int)
    /// The W3C status list credential is malformed, or is not the one the entry names.
    case invalidCredential(String)

    public var description: String {
        switch self {
        case .invalidBitWidth(let reason): return "status list: unsupported bit width: \(reason)"
        case .invalidEncoding(let reason): return "status list: invalid encoding: \(reason)"
        case .decompressionFailed(let reason): return "status list: decompression failed: \(reason)"
        case .limitExceeded(let reason): return "status list: limit exceeded: \(reason)"
        case .indexOutOfRange(let index, let count):
            return "status list: index \(index) is outside the list of \(count) entries"
        case .invalidStatusList(let reason): return "status list: invalid list: \(reason)"
        case .invalidReference(let reason): return "status list: invalid status reference: \(reason)"
        case .wrongType(let type): return "status list token: typ is \(type ?? "absent")"
        case .invalidClaims(let reason): return "status list token: invalid claims: \(reason)"
        case .malformedToken(let reason): return "status list token: malformed: \(reason)"
        case .keyNotFound: return "status list token: no key found"
        case .keyResolutionFailed(let reason): return "status list token: key resolution failed: \(reason)"
        case .invalidSignature: return "status list token: signature does not verify"
        case .expired(let expiresAt, let now): return "status list token: expired at \(expiresAt) (now \(now))"
        case .notYetValid(let reason): return "status list token: not yet valid: \(reason)"
        case .tooOld(let issuedAt, let now): return "status list token: issued at \(issuedAt), too long before \(now)"
        case .subjectMismatch(let expected, let actual):
            return "status list token: subject \(actual ?? "(none)") is not \(expected)"
        case .jose(let error): return "status list token: \(error)"
        case .cose(let error): return "status list token: COSE: \(error)"
        case .fetchFailed(let error): return "status list: fetch failed: \(error)"
        case .httpStatus(let status): return "status list: the provider answered HTTP \(status)"
        case .unexpectedContentType(let type): return "status list: unexpected content type \(type ?? "(none)")"
        case .purposeMismatch(let expected, let available):
            return "status list: purpose \(expected) is not among \(available.joined(separator: ", "))"
        case .listTooShort(let entries, let minimum):
            return "status list: \(entries) entries, fewer than the minimum \(minimum)"
        case .invalidCredential(let reason): return "status list credential: \(reason)"
        }
    }
}
