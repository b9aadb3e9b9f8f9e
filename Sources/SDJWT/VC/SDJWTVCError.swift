import JSONModel
import StatusList

/// Why an SD-JWT VC was refused (draft-ietf-oauth-sd-jwt-vc).
///
/// The SD-JWT failures of RFC 9901 are kept whole in ``sdJWT(_:)``; the other cases are
/// the VC profile's own rules, so a wallet can tell "not an SD-JWT VC" from "revoked".
public enum SDJWTVCError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The SD-JWT itself failed (serialization, signature, Disclosures, time claims, key
    /// binding, or no trusted issuer key).
    case sdJWT(SDJWTError)
    /// The header `typ` is not `dc+sd-jwt` (or the legacy `vc+sd-jwt` when accepted).
    case wrongType(String?)
    /// `vct` is absent or not a string.
    case missingVCT
    /// A claim that must be plain (`iss`, `nbf`, `exp`, `cnf`, `vct`, `vct#integrity`,
    /// `status`) was sent as a Disclosure or has the wrong type.
    case invalidClaim(String)
    /// The status list says the credential is not valid, under the verifier's
    /// ``SDJWTVCVerifier/StatusPolicy``.
    case statusRejected(StatusResult)
    /// A Type Metadata document was obtained but is unusable: it failed its `integrity`,
    /// named another `vct`, is too large or malformed, or its `extends` chain loops or is
    /// too deep. The draft makes the credential fail with it.
    case typeMetadata(String)
    /// Type Metadata could not be retrieved (no source for the `vct`, transport failure,
    /// an error status). Thrown only when the verifier's ``TypeMetadataPolicy`` requires
    /// metadata; otherwise the credential is accepted without it.
    case typeMetadataUnavailable(String)
    /// The credential breaks a rule of its type's claim metadata (`sd`, `mandatory`, or a
    /// `path` that does not fit the credential's structure).
    case claimMetadata(ClaimMetadataViolation)

    public var description: String {
        switch self {
        case .sdJWT(let error): return "SD-JWT VC: \(error)"
        case .wrongType(let type): return "SD-JWT VC: typ is \(type ?? "absent"), expected dc+sd-jwt"
        case .missingVCT: return "SD-JWT VC: vct is absent or not a string"
        case .invalidClaim(let reason): return "SD-JWT VC: \(reason)"
        case .statusRejected(let result): return "SD-JWT VC: status is \(result)"
        case .typeMetadata(let reason): return "SD-JWT VC: type metadata: \(reason)"
        case .typeMetadataUnavailable(let reason): return "SD-JWT VC: type metadata unavailable: \(reason)"
        case .claimMetadata(let violation): return "SD-JWT VC: claim metadata: \(violation)"
        }
    }
}

/// How a credential breaks its type's claim metadata (draft-ietf-oauth-sd-jwt-vc, "Claim
/// Metadata"). Each case names the claim, so a wallet can tell the user or the issuer which
/// claim is wrong.
public enum ClaimMetadataViolation: Error, Equatable, Sendable, CustomStringConvertible {
    /// `sd: always`: the claim at this (concrete) path is in the Issuer-signed payload
    /// itself instead of being a Disclosure.
    case mustBeSelectivelyDisclosable(ClaimPath)
    /// `sd: never`: the claim at this (concrete) path, or one of its sub-claims, is a
    /// Disclosure.
    case mustNotBeSelectivelyDisclosable(ClaimPath)
    /// `mandatory: true`: the claim at this metadata path is provably not in the issued
    /// credential (no undisclosed digest could hide it).
    case mandatoryClaimMissing(ClaimPath)
    /// The metadata path meets a value of the wrong type in the credential.
    case pathMismatch(ClaimPath, ClaimPathError)

    public var description: String {
        switch self {
        case .mustBeSelectivelyDisclosable(let path): return "\(path) must be selectively disclosable (sd: always)"
        case .mustNotBeSelectivelyDisclosable(let path): return "\(path) must not be selectively disclosable (sd: never)"
        case .mandatoryClaimMissing(let path): return "the mandatory claim \(path) is missing"
        case .pathMismatch(let path, let error): return "\(path) does not fit the credential: \(error)"
        }
    }
}
