import Foundation
import JSONModel
import StatusList

/// An SD-JWT VC that passed ``SDJWTVCVerifier``: the verified SD-JWT and the VC claims
/// read from it.
public struct VerifiedSDJWTVC: Sendable {
    /// The verified SD-JWT (processed claims, Disclosures, key binding).
    public let sdJWT: VerifiedSDJWT
    /// `vct`: the credential type.
    public let vct: String
    /// `iss`, when present (the draft makes it optional; the key resolver decides what it
    /// proves).
    public let issuer: String?
    /// `vct#integrity`, when present, for a type metadata fetch to check.
    public let vctIntegrity: String?
    /// The status list result, or `nil` when the credential has no `status` claim or the
    /// verifier has no status resolver.
    public let status: StatusResult?

    /// The processed payload.
    public var claims: JSONObject { sdJWT.claims }
    /// Whether a Key Binding JWT was presented and verified.
    public var isKeyBound: Bool { sdJWT.keyBinding != nil }
}
