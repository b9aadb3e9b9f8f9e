import Foundation
import HTTP

extension AuthorizationCodeFlow {
    /// The most query parameters a redirect may carry: a bound for untrusted input.
    static let maximumRedirectParameters = 32

    /// Checks the authorization response the browser was redirected with and returns its code.
    ///
    /// In order: the redirect must be to ``redirectURI``; `state` must equal ``state`` (else a
    /// forged or crossed response); `iss` (RFC 9207) must equal ``authorizationServer`` when
    /// present, and must be present when the server advertises it (mix-up defence); an `error`
    /// response becomes ``OpenID4VCIError/authorizationDenied(error:description:)``; otherwise
    /// `code` must be there.
    public func authorizationCode(from redirect: URL) throws(OpenID4VCIError) -> String {
        guard let components = URLComponents(url: redirect, resolvingAgainstBaseURL: false),
              let expected = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false)
        else { throw .invalidAuthorizationResponse("not a URL") }
        guard components.scheme?.lowercased() == expected.scheme?.lowercased(),
              components.host?.lowercased() == expected.host?.lowercased(), components.port == expected.port,
              components.path == expected.path
        else { throw .invalidAuthorizationResponse("\(redirect.absoluteString) is not the redirect URI \(redirectURI.absoluteString)") }
        let items = FormURLEncoding.decode(components.percentEncodedQuery ?? "").map { URLQueryItem(name: $0.0, value: $0.1) }
        guard items.count <= Self.maximumRedirectParameters else { throw .invalidAuthorizationResponse("too many parameters") }
        var parameters = [String: String]()
        for item in items {
            guard parameters[item.name] == nil else { throw .invalidAuthorizationResponse("\(item.name) appears twice") }
            parameters[item.name] = item.value ?? ""
        }
        guard let returnedState = parameters["state"], returnedState == state else { throw .authorizationStateMismatch }
        if let issuer = parameters["iss"] {
            guard issuer == authorizationServer.absoluteString else {
                throw .authorizationIssuerMismatch(expected: authorizationServer.absoluteString, actual: issuer)
            }
        } else if requiresIssuerParameter {
            throw .authorizationIssuerMismatch(expected: authorizationServer.absoluteString, actual: nil)
        }
        if let error = parameters["error"] {
            throw .authorizationDenied(error: error, description: parameters["error_description"])
        }
        guard let code = parameters["code"], !code.isEmpty else { throw .invalidAuthorizationResponse("no code") }
        return code
    }

    /// Checks the redirect (``authorizationCode(from:)``) and redeems the code at the token
    /// endpoint with the PKCE verifier, `redirect_uri` and `client_id`.
    ///
    /// Use the same DPoP key (``TokenClient/dpop``) as for the PAR request, since the server may
    /// have bound the code to it.
    public func complete(redirect: URL, tokenClient: TokenClient) async throws(OpenID4VCIError) -> TokenResponse {
        let code = try authorizationCode(from: redirect)
        return try await tokenClient.requestToken(
            .authorizationCode(code: code, redirectURI: redirectURI, codeVerifier: proofKey.verifier),
            tokenEndpoint: tokenEndpoint, clientID: clientID, authorizationDetails: authorizationDetails)
    }
}
