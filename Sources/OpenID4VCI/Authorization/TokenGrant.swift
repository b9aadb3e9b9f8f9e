import Foundation

/// What the wallet exchanges at the token endpoint for an access token.
public enum TokenGrant: Sendable, Hashable {
    /// OpenID4VCI §6.1: `grant_type=urn:ietf:params:oauth:grant-type:pre-authorized_code`
    /// with the offer's code and, when the offer asked for one, the transaction code.
    case preAuthorizedCode(code: String, transactionCode: String?)
    /// RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.5): the code from the redirect, the redirect URI
    /// used in the authorization request, and the PKCE verifier.
    case authorizationCode(code: String, redirectURI: URL, codeVerifier: String)
    /// RFC 6749 §6: a refresh token from an earlier response.
    case refreshToken(String)

    /// The grant-specific form parameters, in order.
    var parameters: [(String, String)] {
        switch self {
        case let .preAuthorizedCode(code, transactionCode):
            var form = [("grant_type", CredentialOfferGrants.preAuthorizedCodeGrantType), ("pre-authorized_code", code)]
            if let transactionCode { form.append(("tx_code", transactionCode)) }
            return form
        case let .authorizationCode(code, redirectURI, codeVerifier):
            return [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI.absoluteString),
                ("code_verifier", codeVerifier),
            ]
        case let .refreshToken(token):
            return [("grant_type", "refresh_token"), ("refresh_token", token)]
        }
    }
}
