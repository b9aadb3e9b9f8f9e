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
    /// Type metadata could not be fetched, failed its `integrity`, named another `vct`, or
    /// its `extends` chain loops or is too deep.
    case typeMetadata(String)

    public var description: String {
        switch self {
        case .sdJWT(let error): return "SD-JWT VC: \(error)"
        case .wrongType(let type): return "SD-JWT VC: typ is \(type ?? "absent"), expected dc+sd-jwt"
        case .missingVCT: return "SD-JWT VC: vct is absent or not a string"
        case .invalidClaim(let reason): return "SD-JWT VC: \(reason)"
        case .statusRejected(let result): return "SD-JWT VC: status is \(result)"
        case .typeMetadata(let reason): return "SD-JWT VC: type metadata: \(reason)"
        }
    }
}
