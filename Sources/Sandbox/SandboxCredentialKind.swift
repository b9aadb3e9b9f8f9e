import Foundation

/// The credentials the sandbox issues: an ISO mDL, an SD-JWT VC PID, a W3C diploma (with
/// a Data Integrity proof, a Linked Data signature of VCDM 1.1, or as a VC-JWT) and a W3C
/// employee credential whose claims can be disclosed one by one (ecdsa-sd-2023).
public enum SandboxCredentialKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// An ISO/IEC 18013-5 mobile driving licence, format `mso_mdoc`.
    case mDL
    /// A person identification data credential, format `dc+sd-jwt`.
    case pid
    /// A university diploma, a W3C credential with a Data Integrity proof, format `ldp_vc`,
    /// issued to the did:key of the holder key the wallet proves.
    case diploma
    /// The same diploma as a VC-JWT of VCDM 1.1, format `jwt_vc_json`, issued to the did:key
    /// of the holder key the wallet proves.
    case diplomaJWT = "diploma-jwt"
    /// The same diploma under VCDM 1.1 with an Ed25519Signature2018 proof, format `ldp_vc`:
    /// the edition Credible-era verifiers such as DIDKit 0.3.3 read (they predate the 2.0
    /// context).
    case diplomaV1 = "diploma-v1"
    /// An employee credential of VCDM 2.0 with an ecdsa-sd-2023 base proof by a P-256 did:key,
    /// format `ldp_vc`: the holder presents only the claims a verifier asks for (and the
    /// mandatory ones: issuer, validity, subject id).
    case employeeSD = "employee-sd"

    /// The key in `credential_configurations_supported` (and in offers).
    public var configurationID: String {
        switch self {
        case .mDL: Self.mDLDocType
        case .pid: "urn:eudi:pid:1"
        case .diploma: "UniversityDegree_ldp_vc"
        case .diplomaJWT: "UniversityDegree_jwt_vc_json"
        case .diplomaV1: "UniversityDegree_ldp_vc_1_1"
        case .employeeSD: "EmployeeCredential_ldp_vc_ecdsa_sd"
        }
    }

    /// The OpenID4VCI format identifier.
    public var format: String {
        switch self {
        case .mDL: "mso_mdoc"
        case .pid: "dc+sd-jwt"
        case .diploma, .diplomaV1, .employeeSD: "ldp_vc"
        case .diplomaJWT: "jwt_vc_json"
        }
    }

    /// The `scope` value that requests this credential in an authorization request.
    public var scope: String {
        switch self {
        case .mDL: "org.iso.18013.5.1.mDL"
        case .pid: "urn:eudi:pid:1"
        case .diploma: "diploma"
        case .diplomaJWT: "diploma_jwt"
        case .diplomaV1: "diploma_v1"
        case .employeeSD: "employee_sd"
        }
    }

    /// The mDL document type.
    public static let mDLDocType = "org.iso.18013.5.1.mDL"
    /// The mDL name space.
    public static let mDLNameSpace = "org.iso.18013.5.1"
    /// The PID's `vct`.
    public static let pidVCT = "urn:eudi:pid:1"
    /// The `vct` and `docType` the sandbox issues under ``SandboxFault/issuesOtherType``:
    /// credentials nobody offered.
    static let otherVCT = "urn:example:loyalty-card:1"
    static let otherDocType = "org.iso.23220.photoid.1"

    /// The kind with this configuration id.
    public init?(configurationID: String) {
        guard let kind = Self.allCases.first(where: { $0.configurationID == configurationID }) else { return nil }
        self = kind
    }

    /// The kind requested by this scope value.
    init?(scope: String) {
        guard let kind = Self.allCases.first(where: { $0.scope == scope }) else { return nil }
        self = kind
    }
}
