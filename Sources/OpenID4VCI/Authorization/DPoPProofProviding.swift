import Foundation

/// Makes DPoP proof JWTs (RFC 9449) for one holder-chosen DPoP key.
///
/// The token client and the credential client both send DPoP proofs with the same key: the
/// token endpoint binds the access token to the key's thumbprint and the resource server checks
/// that every later proof is signed by it. Both clients take this protocol so an app can keep
/// the DPoP key in a secure area.
public protocol DPoPProofProviding: Sendable {
    /// A proof JWT for one request: `htm` = `method`, `htu` = `url` without query and fragment,
    /// a fresh `jti` and `iat`, `ath` = base64url(SHA-256(`accessToken`)) when a token is
    /// presented, and `nonce` when the server supplied one.
    func proof(method: String, url: URL, accessToken: String?, nonce: String?) async throws(OpenID4VCIError) -> String

    /// The JWS `alg` of the proofs, so a profile that allows only some algorithms (HAIP: ES256)
    /// can refuse a key before a proof is sent; `nil` when the provider does not say.
    var signingAlgorithm: String? { get }
}

extension DPoPProofProviding {
    /// Unknown by default: a profile that restricts algorithms then refuses the provider.
    public var signingAlgorithm: String? { nil }
}
