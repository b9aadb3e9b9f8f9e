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
    /// The Type Metadata in force for ``vct`` (display and claim metadata, `extends`
    /// applied), when the verifier has a ``TypeMetadataPolicy`` and the metadata was
    /// obtained. The credential passed its claim metadata rules.
    public internal(set) var typeMetadata: ResolvedTypeMetadata?
    /// Why there is no ``typeMetadata`` although the verifier asked for it
    /// (``SDJWTVCError/typeMetadataUnavailable(_:)`` under
    /// ``TypeMetadataPolicy/Requirement/whenAvailable``).
    public internal(set) var typeMetadataFailure: SDJWTVCError?
    /// The present claims that the claim metadata labels (or gives an `svg_id`), in
    /// metadata order, with their processed values: what a wallet lists on the card.
    public internal(set) var displayedClaims: [DisplayedClaim] = []

    /// The processed payload.
    public var claims: JSONObject { sdJWT.claims }
    /// Whether a Key Binding JWT was presented and verified.
    public var isKeyBound: Bool { sdJWT.keyBinding != nil }

    /// The type's display for the most appropriate of `locales` (most preferred first).
    public func display(preferring locales: [String]) -> TypeDisplay? {
        typeMetadata?.display(preferring: locales)
    }
}
