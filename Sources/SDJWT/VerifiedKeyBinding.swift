import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// A Key Binding JWT that verified with the SD-JWT's `cnf` key and passed the
/// ``KeyBindingPolicy``.
public struct VerifiedKeyBinding: Sendable {
    /// The KB-JWT's header.
    public let header: JOSEHeader
    /// The KB-JWT's claims, for profile-specific checks.
    public let claims: JSONObject
    /// The holder key it verified with (`cnf.jwk`).
    public let holderKey: JWK
    /// `iat`.
    public let issuedAt: Date
    /// `aud`.
    public let audience: String
    /// `nonce`.
    public let nonce: String
}
