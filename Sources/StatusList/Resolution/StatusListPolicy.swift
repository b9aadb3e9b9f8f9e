import COSE
import CryptoKeys
import Foundation
import JOSE

/// What a status check accepts beyond a valid signature: the clock, how much skew and age,
/// which algorithms and formats, and the size limits.
///
/// The clock is injected so tests, and checks "as of" a past date, are deterministic.
public struct StatusListPolicy: Sendable {
    /// The current time.
    public var clock: @Sendable () -> Date
    /// Tolerated clock skew in seconds for `exp`, `nbf` and `iat`; default `ClockSkew.standard` (60 s).
    public var leeway: TimeInterval
    /// When set, `iat` may be at most this many seconds old (a freshness rule; the draft
    /// leaves it to the relying party).
    public var maximumAge: TimeInterval?
    /// Whether a token without `exp` is refused; default false (`exp` is only RECOMMENDED).
    public var requiresExpiration: Bool
    /// JWS algorithms accepted for JWT tokens; default the asymmetric ones.
    public var allowedJWSAlgorithms: Set<JWSAlgorithm>
    /// COSE algorithms accepted for CWT tokens; default ES256/384/512, ES256K and EdDSA.
    public var allowedCOSEAlgorithms: Set<COSEAlgorithm>
    /// The formats asked for, most preferred first (they become the `Accept` header).
    public var acceptedFormats: [StatusListTokenFormat]
    /// Size bounds.
    public var limits: StatusListLimits

    /// A policy with the given rules.
    public init(
        clock: @escaping @Sendable () -> Date = { Date() },
        leeway: TimeInterval = ClockSkew.standard.seconds,
        maximumAge: TimeInterval? = nil,
        requiresExpiration: Bool = false,
        allowedJWSAlgorithms: Set<JWSAlgorithm> = JWSAlgorithm.asymmetric,
        allowedCOSEAlgorithms: Set<COSEAlgorithm> = [.es256, .es384, .es512, .es256K, .edDSA],
        acceptedFormats: [StatusListTokenFormat] = [.jwt, .cwt],
        limits: StatusListLimits = .default
    ) {
        self.clock = clock
        self.leeway = leeway
        self.maximumAge = maximumAge
        self.requiresExpiration = requiresExpiration
        self.allowedJWSAlgorithms = allowedJWSAlgorithms
        self.allowedCOSEAlgorithms = allowedCOSEAlgorithms
        self.acceptedFormats = acceptedFormats
        self.limits = limits
    }

    /// Checks the time claims in the order JOSE's `JWTValidator` uses: `exp`, `nbf`, `iat`.
    func checkTimes(issuedAt: Date, expiresAt: Date?, notBefore: Date?) throws(StatusListError) {
        let now = clock()
        if let expiresAt, now.timeIntervalSince(expiresAt) >= leeway {
            throw .expired(expiresAt: expiresAt, now: now)
        }
        if expiresAt == nil, requiresExpiration { throw .invalidClaims("exp is missing") }
        if let notBefore, notBefore.timeIntervalSince(now) > leeway {
            throw .notYetValid("nbf \(notBefore) is after \(now)")
        }
        if issuedAt.timeIntervalSince(now) > leeway { throw .notYetValid("iat \(issuedAt) is after \(now)") }
        if let maximumAge, now.timeIntervalSince(issuedAt) > maximumAge + leeway {
            throw .tooOld(issuedAt: issuedAt, now: now)
        }
    }
}
