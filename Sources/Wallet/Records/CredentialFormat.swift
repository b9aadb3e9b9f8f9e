/// The format of a stored credential: the identifier its ``CredentialFormatPlugIn`` answers to,
/// as OpenID4VCI names it where it has a name.
///
/// Stored in clear beside each credential so a wallet can list "all mdocs" without
/// decrypting every row; it tells a reader of the file only which families of credential the
/// wallet holds, never whose or which claims.
///
/// Open (a string value, not an enum) so a new format joins through its plug-in without a
/// change here or a `switch` anywhere in the wallet core.
public struct CredentialFormat: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The identifier as stored.
    public let rawValue: String

    /// The format named `rawValue`; any identifier is a value, a plug-in decides whether the
    /// wallet can use it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// SD-JWT VC (`dc+sd-jwt`).
    public static let sdJWTVC = CredentialFormat(rawValue: "dc+sd-jwt")
    /// ISO 18013-5 mdoc (`mso_mdoc`).
    public static let mdoc = CredentialFormat(rawValue: "mso_mdoc")
    /// W3C VC secured as a JWT (`jwt_vc_json`), kept verbatim.
    public static let jwtVCJSON = CredentialFormat(rawValue: "jwt_vc_json")
    /// A W3C verifiable credential secured with an embedded proof (`ldp_vc`): Data
    /// Integrity or a Linked Data proof suite.
    public static let ldpVC = CredentialFormat(rawValue: "ldp_vc")
    /// An AnonCreds (Camenisch–Lysyanskaya) credential, kept with the schema and credential
    /// definition it was issued under.
    public static let anonCreds = CredentialFormat(rawValue: "anoncreds")
    /// An Open DID verifiable credential.
    public static let openDID = CredentialFormat(rawValue: "opendid")

    /// The identifier.
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
