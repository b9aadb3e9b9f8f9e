/// The format of a stored credential, as OpenID4VCI names it.
///
/// Stored in clear beside each credential so a wallet can list "all mdocs" without
/// decrypting every row; it tells a reader of the file only which families of credential the
/// wallet holds, never whose or which claims.
public enum CredentialFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// SD-JWT VC (`dc+sd-jwt`).
    case sdJWTVC = "dc+sd-jwt"
    /// ISO 18013-5 mdoc (`mso_mdoc`).
    case mdoc = "mso_mdoc"
    /// W3C VC secured as a JWT (`jwt_vc_json`), kept verbatim.
    case jwtVCJSON = "jwt_vc_json"
    /// An Open DID verifiable credential.
    case openDID = "opendid"
}
