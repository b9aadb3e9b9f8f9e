import JSONModel

/// The DCQL queries the sandbox verifier offers by name, on its page and to
/// `vellum sandbox request`: each asks for something the sandbox issuer's credentials hold.
public enum SandboxPresentationQuery: String, Sendable, Hashable, CaseIterable {
    /// The PID holder's city and the mDL's `age_over_18`: what the demo shows.
    case cityAndAge = "city-and-age"
    /// Only the mDL's `age_over_18`.
    case ageOver18 = "age-over-18"
    /// The PID's given and family name.
    case name
    /// The mDL's driving privileges and document number.
    case drivingPrivileges = "driving-privileges"
    /// The W3C diploma's degree (`ldp_vc`), by its expanded type.
    case diploma
    /// The diploma's degree as a VC-JWT (`jwt_vc_json`), answered with a VP-JWT.
    case diplomaJWT = "diploma-jwt"
    /// The VCDM 1.1 diploma's degree (`ldp_vc`, Ed25519Signature2018), answered with a 1.1
    /// LD-proof presentation that DIDKit 0.3.3 can verify.
    case diplomaV1 = "diploma-v1"
    /// Only the employee's given name and job title (`ldp_vc`, ecdsa-sd-2023): answered with a
    /// derived proof that reveals those and the mandatory claims, nothing else.
    case employeeSD = "employee-sd"

    /// A line for a menu.
    public var title: String {
        switch self {
        case .cityAndAge: "PID city and mDL age over 18"
        case .ageOver18: "mDL age over 18"
        case .name: "PID given and family name"
        case .drivingPrivileges: "mDL driving privileges and document number"
        case .diploma: "W3C diploma (ldp_vc) degree"
        case .diplomaJWT: "W3C diploma (jwt_vc_json) degree"
        case .diplomaV1: "W3C diploma of VCDM 1.1 (ldp_vc) degree"
        case .employeeSD: "W3C employee (ecdsa-sd-2023) given name and job title only"
        }
    }

    /// The DCQL query.
    public var dcqlQuery: JSONValue {
        switch self {
        case .cityAndAge:
            ["credentials": [Self.pid([["address", "locality"]]), Self.mDL([["age_over_18"]])]]
        case .ageOver18:
            ["credentials": [Self.mDL([["age_over_18"]])]]
        case .name:
            ["credentials": [Self.pid([["given_name"], ["family_name"]])]]
        case .drivingPrivileges:
            ["credentials": [Self.mDL([["driving_privileges"], ["document_number"]])]]
        case .diploma:
            ["credentials": [Self.diploma(format: "ldp_vc", type: Self.diplomaTypeIRI)]]
        case .diplomaJWT:
            ["credentials": [Self.diploma(format: "jwt_vc_json", type: Self.diplomaV1TypeIRI)]]
        case .diplomaV1:
            ["credentials": [Self.diploma(format: "ldp_vc", type: Self.diplomaV1TypeIRI)]]
        case .employeeSD:
            ["credentials": [[
                "id": "employee", "format": "ldp_vc", "meta": ["type_values": [[.string(Self.employeeTypeIRI)]]],
                "claims": [["path": ["credentialSubject", "givenName"]], ["path": ["credentialSubject", "jobTitle"]]],
            ]]]
        }
    }

    /// The diploma's type as an IRI: `UniversityDegreeCredential` under the examples
    /// context's vocabulary, which is what DCQL's `type_values` name.
    public static let diplomaTypeIRI = "https://www.w3.org/ns/credentials/examples#UniversityDegreeCredential"

    /// The diploma's type under the VCDM 1.1 examples context, as the VC-JWT writes it.
    public static let diplomaV1TypeIRI = "https://example.org/examples#UniversityDegreeCredential"

    /// The employee credential's type as an IRI, under the 2.0 examples context's vocabulary.
    public static let employeeTypeIRI = "https://www.w3.org/ns/credentials/examples#EmployeeCredential"

    private static func diploma(format: String, type: String) -> JSONValue {
        ["id": "diploma", "format": .string(format), "meta": ["type_values": [[.string(type)]]],
         "claims": [["path": ["credentialSubject", "degree", "name"]]]]
    }

    private static func pid(_ paths: [[String]]) -> JSONValue {
        ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": [.string(SandboxCredentialKind.pidVCT)]],
         "claims": .array(paths.map { ["path": .array($0.map(JSONValue.string))] })]
    }

    private static func mDL(_ elements: [[String]]) -> JSONValue {
        ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": .string(SandboxCredentialKind.mDLDocType)],
         "claims": .array(elements.map { ["path": .array([.string(SandboxCredentialKind.mDLNameSpace)] + $0.map(JSONValue.string))] })]
    }
}
