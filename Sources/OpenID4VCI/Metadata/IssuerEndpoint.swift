/// The endpoints the wallet calls during an issuance, the credential issuer's and its
/// authorization server's, named in errors so a caller knows which step failed
/// (OpenID4VCI 1.0 §4–§11, RFC 8414, RFC 9126, RFC 6749).
///
/// Errors name the step rather than the URL: the step is what a caller can act on (retry the
/// offer, re-authorize, poll later), and the URL came from the offer or metadata the caller
/// already holds.
public enum IssuerEndpoint: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// `credential_offer_uri`: the offer passed by reference (§4.1.3).
    case credentialOffer = "credential offer"
    /// `/.well-known/openid-credential-issuer`: the Credential Issuer Metadata (§12.2).
    case issuerMetadata = "credential issuer metadata"
    /// `/.well-known/oauth-authorization-server` or `openid-configuration`: an authorization
    /// server's metadata (RFC 8414).
    case authorizationServerMetadata = "authorization server metadata"
    /// `pushed_authorization_request_endpoint`: takes the authorization request's parameters
    /// before the browser is involved (RFC 9126).
    case pushedAuthorization = "pushed authorization request"
    /// `token_endpoint`: exchanges a grant for an access token (§6).
    case token
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
