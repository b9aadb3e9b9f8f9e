import Foundation

/// How far apart the clock of whoever signed a statement and the clock of whoever checks it
/// may be: the one tolerance every time check of the SDK starts from (JWT `iat`/`nbf`/`exp`,
/// SD-JWT and Key Binding JWTs, mdoc `validityInfo`, status list tokens, OpenID4VP request
/// objects, Open DID proofs, the wallet's own date checks).
///
/// One value, named once, so the checks agree: a wallet whose date check were stricter than
/// the validator it runs after would refuse a credential the validator had just accepted,
/// and a looser one would keep one the validator refused. It lives here because `CryptoKeys`
/// is the lowest module every verifier of signed statements already imports; a caller that
/// wants another tolerance passes its own to the check it configures.
public struct ClockSkew: Sendable, Hashable, Comparable {
    /// The tolerance, in seconds.
    public let seconds: TimeInterval

    public init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    /// The default: one minute. Issuers commonly stamp `iat`, `signed` and `validFrom` with
    /// the second of issuance, so a device whose clock runs a little behind the issuer's would
    /// otherwise refuse what was just issued to it; a minute covers ordinary NTP-synchronised
    /// drift without stretching an expiry in any way that matters.
    public static let standard = ClockSkew(seconds: 60)

    public static func < (lhs: ClockSkew, rhs: ClockSkew) -> Bool { lhs.seconds < rhs.seconds }
}
