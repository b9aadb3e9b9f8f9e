import Foundation

/// When a credential is valid, as its issuer signed it.
///
/// mdoc: the MSO `validityInfo` (`signed`, `validFrom`, `validUntil`, `expectedUpdate`);
/// SD-JWT VC and JWT VC: `iat`, `nbf`, `exp`.
public struct CredentialValidity: Sendable, Hashable, Codable {
    /// When the credential was signed (`iat`, `signed`).
    public var issuedAt: Date?
    /// The start of validity (`nbf`, `validFrom`).
    public var validFrom: Date?
    /// The end of validity (`exp`, `validUntil`).
    public var validUntil: Date?
    /// When the issuer expects to refresh the credential (`expectedUpdate`).
    public var expectedUpdate: Date?

    /// A validity; every bound is optional.
    public init(issuedAt: Date? = nil, validFrom: Date? = nil, validUntil: Date? = nil, expectedUpdate: Date? = nil) {
        self.issuedAt = issuedAt
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.expectedUpdate = expectedUpdate
    }

    /// Whether `time` is after the end of validity.
    public func isExpired(at time: Date) -> Bool { validUntil.map { time > $0 } ?? false }

    /// Whether `time` is before the start of validity.
    public func isNotYetValid(at time: Date) -> Bool { validFrom.map { time < $0 } ?? false }
}
