import Foundation
import JSONModel

/// A successful token response (RFC 6749 §5.1, OpenID4VCI 1.0 §6.2), checked: what the
/// credential side needs to continue.
public struct TokenResponse: Sendable, Hashable {
    /// The access token, how to present it, and the credential identifiers it unlocks.
    public var accessToken: AccessToken
    /// `refresh_token`, when issued.
    public var refreshToken: String?
    /// `scope`, when the server narrowed or echoed it.
    public var scope: String?
    /// `c_nonce` from pre-1.0 servers (1.0 moved it to the nonce endpoint).
    public var cNonce: String?
    /// `c_nonce_expires_in` from pre-1.0 servers, in seconds.
    public var cNonceExpiresIn: Int?
    /// The `openid_credential` entries of `authorization_details`.
    public var authorizationDetails: [CredentialAuthorizationDetail]
    /// The response as received.
    public var json: JSONObject

    /// Reads a token response body. `usedDPoP` says whether the request carried a DPoP proof:
    /// then the token must come back as `token_type: DPoP` (RFC 9449 §5), and a DPoP token
    /// is refused when no proof was sent (it could not be presented).
    init(body: Data, endpoint: IssuerEndpoint, receivedAt: Date, usedDPoP: Bool) throws(OpenID4VCIError) {
        let object = try CredentialIssuerMetadataResolver.parseObject(body, endpoint: endpoint, limit: 64 * 1024)
        let members = JSONMembers(object) { path, reason in .invalidResponse(endpoint: endpoint, reason: "\(path): \(reason)") }
        json = object
        let token = try members.requiredString("access_token")
        let typeText = try members.requiredString("token_type")
        let tokenType: AccessToken.TokenType
        switch typeText.lowercased() {
        case "dpop": tokenType = .dpop
        case "bearer": tokenType = .bearer
        default: throw members.fail("token_type", "\(typeText) is neither Bearer nor DPoP")
        }
        if usedDPoP, tokenType != .dpop {
            throw members.fail("token_type", "a DPoP proof was sent but the token is \(typeText), not DPoP-bound")
        }
        if !usedDPoP, tokenType == .dpop {
            throw members.fail("token_type", "a DPoP token was issued without a DPoP proof")
        }
        let expiresIn = try members.integer("expires_in", in: 0...Int(Int32.max))
        authorizationDetails = try CredentialAuthorizationDetail.list(members)
        var identifiers = [String: [String]]()
        for detail in authorizationDetails {
            identifiers[detail.credentialConfigurationID, default: []].append(contentsOf: detail.credentialIdentifiers)
        }
        accessToken = AccessToken(
            value: token, tokenType: tokenType,
            expiresAt: expiresIn.map { receivedAt.addingTimeInterval(TimeInterval($0)) },
            credentialIdentifiers: identifiers)
        refreshToken = try members.string("refresh_token")
        scope = try members.string("scope")
        cNonce = try members.string("c_nonce")
        cNonceExpiresIn = try members.integer("c_nonce_expires_in", in: 0...Int(Int32.max))
    }
}
