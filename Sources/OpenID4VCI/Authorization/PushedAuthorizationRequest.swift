import Foundation
import HTTP
import JSONModel

/// The answer of a pushed authorization request endpoint (RFC 9126 §2.2).
public struct PushedAuthorizationResponse: Sendable, Hashable {
    /// `request_uri`: the reference the authorization URL carries instead of the parameters.
    public var requestURI: String
    /// `expires_in`: seconds the reference stays valid.
    public var expiresIn: Int
}

extension TokenClient {
    /// Pushes authorization request parameters to `server`'s PAR endpoint (RFC 9126), with a
    /// DPoP proof when the client has a DPoP key (RFC 9449 §10.1) and the same bounded nonce
    /// retry as the token endpoint. The PAR and token endpoints belong to the same
    /// authorization server, so they share this client and its nonces.
    public func pushAuthorizationRequest(
        _ parameters: [(String, String)], server: AuthorizationServerMetadata
    ) async throws(OpenID4VCIError) -> PushedAuthorizationResponse {
        guard let url = server.pushedAuthorizationRequestEndpoint else {
            throw .unsupportedGrant("\(server.issuer.absoluteString) has no pushed_authorization_request_endpoint")
        }
        let endpoint = IssuerEndpoint.pushedAuthorization
        let request = AuthorizationServerRequest(
            httpClient: httpClient, dpop: dpop, nonces: nonces, maximumResponseBytes: maximumResponseBytes)
        let response = try await request.post(parameters, to: url, endpoint: endpoint)
        guard response.status == 201 || response.status == 200 else { throw OAuthErrorResponse.failure(response, endpoint: endpoint) }
        let object = try CredentialIssuerMetadataResolver.parseObject(response.body, endpoint: endpoint, limit: maximumResponseBytes)
        let members = JSONMembers(object) { path, reason in .invalidResponse(endpoint: endpoint, reason: "\(path): \(reason)") }
        let requestURI = try members.requiredString("request_uri")
        guard let expiresIn = try members.integer("expires_in", in: 1...86_400) else { throw members.fail("expires_in", "missing") }
        return PushedAuthorizationResponse(requestURI: requestURI, expiresIn: expiresIn)
    }
}
