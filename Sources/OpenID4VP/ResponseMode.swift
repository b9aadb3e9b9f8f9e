/// How the wallet returns the authorization response (OpenID4VP 1.0 §8).
public enum ResponseMode: String, Sendable, Hashable, CaseIterable {
    /// Form POST of the response parameters to `response_uri`.
    case directPost = "direct_post"
    /// Form POST of `response=<JWE>`: the parameters encrypted to the verifier's key.
    case directPostJWT = "direct_post.jwt"
    /// A redirect to `redirect_uri` with the parameters in the fragment (the default).
    case fragment
    /// A redirect to `redirect_uri` with the parameters in the query.
    case query
    /// Returned to the browser through the W3C Digital Credentials API (Appendix A).
    case dcAPI = "dc_api"
    /// Returned through the Digital Credentials API, encrypted to the verifier.
    case dcAPIJWT = "dc_api.jwt"

    /// Whether the response goes to `response_uri` by POST rather than through a redirect.
    public var postsToResponseURI: Bool { self == .directPost || self == .directPostJWT }
    /// Whether the response is encrypted to the verifier.
    public var isEncrypted: Bool { self == .directPostJWT || self == .dcAPIJWT }
    /// Whether the response goes back through the Digital Credentials API.
    public var isDigitalCredentialsAPI: Bool { self == .dcAPI || self == .dcAPIJWT }
}
