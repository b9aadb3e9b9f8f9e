/// The credential issuer's endpoints the wallet calls after the token endpoint, named in
/// errors so a caller knows which step failed (OpenID4VCI 1.0 §7–§11).
public enum IssuerEndpoint: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// `nonce_endpoint`: hands out `c_nonce` values for key proofs (§7).
    case nonce
    /// `credential_endpoint`: issues credentials (§8).
    case credential
    /// `deferred_credential_endpoint`: finishes a deferred issuance (§9).
    case deferredCredential = "deferred credential"
    /// `notification_endpoint`: hears what the wallet did with the credentials (§11).
    case notification

    public var description: String { rawValue }
}
