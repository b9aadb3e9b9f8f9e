import Foundation

/// The credentials the sandbox issues: an ISO mDL, an SD-JWT VC PID and a W3C diploma (with
/// a Data Integrity proof, or as a VC-JWT).
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

    /// The key in `credential_configurations_supported` (and in offers).
    public var configurationID: String {
        switch self {
        case .mDL: Self.mDLDocType
        case .pid: "urn:eudi:pid:1"
        case .diploma: "UniversityDegree_ldp_vc"
        case .diplomaJWT: "UniversityDegree_jwt_vc_json"
        }
    }

    /// The OpenID4VCI format identifier.
    public var format: String {
        switch self {
        case .mDL: "mso_mdoc"
        case .pid: "dc+sd-jwt"
        case .diploma: "ldp_vc"
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
