import Foundation

/// An access token from the token endpoint, as the credential, deferred-credential and
/// notification endpoints need it.
///
/// The token is opaque to the wallet. What matters is how to present it: a `DPoP` token must be
/// sent with `Authorization: DPoP <token>` and a fresh DPoP proof bound to it (RFC 9449 §7), a
/// `Bearer` token as `Authorization: Bearer <token>`.
public struct AccessToken: Sendable, Hashable, Codable {
    /// How the token is presented to a resource server.
    public enum TokenType: String, Sendable, Hashable, Codable {
        case bearer = "Bearer"
        case dpop = "DPoP"
    }

    /// The token itself.
    public var value: String
    /// `Bearer` or `DPoP`.
    public var tokenType: TokenType
    /// When the token stops working, if the server said (`expires_in` after the response time).
    public var expiresAt: Date?
    /// The `credential_identifiers` per credential configuration from `authorization_details`
    /// (OpenID4VCI §6.2), which the credential request must then use instead of the
    /// configuration id.
    public var credentialIdentifiers: [String: [String]]

    public init(
        value: String, tokenType: TokenType, expiresAt: Date? = nil, credentialIdentifiers: [String: [String]] = [:]
    ) {
        self.value = value
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.credentialIdentifiers = credentialIdentifiers
    }

    /// The `Authorization` header value: `Bearer <token>` or `DPoP <token>`.
    public var authorizationHeader: String { "\(tokenType.rawValue) \(value)" }
}
