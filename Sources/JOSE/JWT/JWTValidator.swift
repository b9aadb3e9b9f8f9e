import CryptoKeys
import Foundation
import JSONModel

/// The one check a JWT's claims failed, with the values a caller needs to explain it.
public enum JWTValidationFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A claim the validator requires is absent.
    case missingClaim(String)
    /// `exp` is at or before now (minus leeway).
    case expired(expiresAt: Date, now: Date)
    /// `nbf` is after now (plus leeway).
    case notYetValid(notBefore: Date, now: Date)
    /// `iat` is after now (plus leeway): the issuer's clock or the token is wrong.
    case issuedInFuture(issuedAt: Date, now: Date)
    /// `iat` is older than the validator's maximum age.
    case tooOld(issuedAt: Date, now: Date)
    /// `iss` is not the expected issuer.
    case issuerMismatch(expected: String, actual: String?)
    /// `aud` does not contain the expected audience.
    case audienceMismatch(expected: String, actual: [String]?)
    /// `nonce` is not the expected nonce.
    case nonceMismatch
    /// `sub` is not the expected subject.
    case subjectMismatch(expected: String, actual: String?)

    public var description: String {
        switch self {
        case .missingClaim(let name): return "claim \(name) is required but absent"
        case .expired(let expiresAt, let now): return "expired at \(expiresAt) (now \(now))"
        case .notYetValid(let notBefore, let now): return "not valid before \(notBefore) (now \(now))"
        case .issuedInFuture(let issuedAt, let now): return "issued in the future at \(issuedAt) (now \(now))"
        case .tooOld(let issuedAt, let now): return "issued at \(issuedAt), too long before \(now)"
        case .issuerMismatch(let expected, let actual): return "issuer \(actual ?? "(none)") is not \(expected)"
        case .audienceMismatch(let expected, let actual):
            return "audience \(actual?.joined(separator: ",") ?? "(none)") does not include \(expected)"
        case .nonceMismatch: return "nonce does not match"
        case .subjectMismatch(let expected, let actual): return "subject \(actual ?? "(none)") is not \(expected)"
        }
    }
}

/// Checks a JWT's claims against the time and what the caller expects (RFC 7519 §4.1,
/// RFC 8725 §3.8–3.10).
///
/// The clock is injected so tests, and verification "as of" a past date, are deterministic.
/// Every time comparison allows ``leeway`` for clock skew between issuer and verifier.
/// Checks run in a fixed order (required claims, `exp`, `nbf`, `iat`, `iss`, `sub`, `aud`,
/// `nonce`) and the first failure is thrown.
public struct JWTValidator: Sendable {
    /// The current time.
    public var clock: @Sendable () -> Date
    /// Tolerated clock skew in seconds; default `ClockSkew.standard` (60 s).
    public var leeway: TimeInterval
    /// `iss` must equal this when set.
    public var expectedIssuer: String?
    /// `sub` must equal this when set.
    public var expectedSubject: String?
    /// `aud` must contain this when set (and `aud` is then required).
    public var expectedAudience: String?
    /// `nonce` must equal this when set (and `nonce` is then required).
    public var expectedNonce: String?
    /// When set, `iat` is required and may be at most this many seconds old.
    public var maximumAge: TimeInterval?
    /// Claims that must be present, for example `["exp"]`.
    public var requiredClaims: Set<String>

    /// A validator; only the time claims present are checked unless more is asked for.
    public init(
        clock: @escaping @Sendable () -> Date = { Date() }, leeway: TimeInterval = ClockSkew.standard.seconds,
        expectedIssuer: String? = nil, expectedSubject: String? = nil,
        expectedAudience: String? = nil, expectedNonce: String? = nil,
        maximumAge: TimeInterval? = nil, requiredClaims: Set<String> = []
    ) {
        self.clock = clock
        self.leeway = leeway
        self.expectedIssuer = expectedIssuer
        self.expectedSubject = expectedSubject
        self.expectedAudience = expectedAudience
        self.expectedNonce = expectedNonce
        self.maximumAge = maximumAge
        self.requiredClaims = requiredClaims
    }

    /// Throws ``JOSEError/claimValidation(_:)`` with the first failed check.
    public func validate(_ claims: JWTClaims) throws(JOSEError) {
        let present = requiredClaims.isEmpty ? [] : Set(claims.jsonObject.keys)
        try validate(claims) { present.contains($0) }
    }

    /// Validates the registered claims read from `object` (``JWTClaims/init(registeredClaimsOf:)``),
    /// looking the required claims up in `object` itself: for a large claims set (an
    /// SD-JWT's processed payload) whose other claims need not be copied to be validated.
    package func validate(_ claims: JWTClaims, requiredClaimsIn object: JSONObject) throws(JOSEError) {
        try validate(claims) { object[$0] != nil }
    }

    private func validate(_ claims: JWTClaims, isPresent: (String) -> Bool) throws(JOSEError) {
        do throws(JWTValidationFailure) {
            try check(claims, isPresent: isPresent)
        } catch {
            throw .claimValidation(error)
        }
    }

    private func check(_ claims: JWTClaims, isPresent: (String) -> Bool) throws(JWTValidationFailure) {
        for name in requiredClaims.sorted() where !isPresent(name) {
            throw .missingClaim(name)
        }
        let now = clock()
        if let expiresAt = claims.expiresAt, now.timeIntervalSince(expiresAt) >= leeway {
            throw .expired(expiresAt: expiresAt, now: now)
        }
        if let notBefore = claims.notBefore, notBefore.timeIntervalSince(now) > leeway {
            throw .notYetValid(notBefore: notBefore, now: now)
        }
        if let issuedAt = claims.issuedAt, issuedAt.timeIntervalSince(now) > leeway {
            throw .issuedInFuture(issuedAt: issuedAt, now: now)
        }
        if let maximumAge {
            guard let issuedAt = claims.issuedAt else { throw .missingClaim("iat") }
            if now.timeIntervalSince(issuedAt) > maximumAge + leeway {
                throw .tooOld(issuedAt: issuedAt, now: now)
            }
        }
        if let expectedIssuer, claims.issuer != expectedIssuer {
            throw .issuerMismatch(expected: expectedIssuer, actual: claims.issuer)
        }
        if let expectedSubject, claims.subject != expectedSubject {
            throw .subjectMismatch(expected: expectedSubject, actual: claims.subject)
        }
        if let expectedAudience, claims.audience?.contains(expectedAudience) != true {
            throw .audienceMismatch(expected: expectedAudience, actual: claims.audience)
        }
        if let expectedNonce {
            guard let nonce = claims.nonce else { throw .missingClaim("nonce") }
            guard nonce.utf8.elementsEqual(expectedNonce.utf8) else { throw .nonceMismatch }
        }
    }
}
