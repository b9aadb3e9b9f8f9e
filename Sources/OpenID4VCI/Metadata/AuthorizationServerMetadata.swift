import Foundation
import JSONModel

/// An OAuth authorization server's metadata (RFC 8414) with the members OpenID4VCI uses:
/// endpoints, PAR, PKCE, DPoP, RFC 9207 `iss`, and anonymous pre-authorized access.
public struct AuthorizationServerMetadata: Sendable, Hashable {
    /// `issuer`: the server's identifier; equal to the identifier it was fetched for.
    public var issuer: URL
    /// `authorization_endpoint`: needed for the authorization code flow only.
    public var authorizationEndpoint: URL?
    /// `token_endpoint`.
    public var tokenEndpoint: URL
    /// `pushed_authorization_request_endpoint` (RFC 9126).
    public var pushedAuthorizationRequestEndpoint: URL?
    /// `require_pushed_authorization_requests`: authorization requests must go through PAR.
    public var requirePushedAuthorizationRequests: Bool
    /// `dpop_signing_alg_values_supported` (RFC 9449); empty when DPoP is not advertised.
    public var dpopSigningAlgorithms: [String]
    /// `code_challenge_methods_supported` (RFC 7636); empty when not advertised.
    public var codeChallengeMethods: [String]
    /// `grant_types_supported`; `nil` when not advertised (RFC 8414 default: code and implicit).
    public var grantTypes: [String]?
    /// `authorization_details_types_supported` (RFC 9396); `nil` when not advertised.
    public var authorizationDetailsTypes: [String]?
    /// `pre-authorized_grant_anonymous_access_supported` (OpenID4VCI §12.3): a pre-authorized
    /// code may be redeemed without `client_id`.
    public var preAuthorizedGrantAnonymousAccessSupported: Bool
    /// `authorization_response_iss_parameter_supported` (RFC 9207): authorization responses
    /// carry `iss`, and the wallet must then insist on it.
    public var authorizationResponseIssParameterSupported: Bool
    /// The metadata as received.
    public var json: JSONObject

    /// Reads and checks a metadata document; URLs must satisfy `transport`.
    public init(json value: JSONValue, transport: TransportSecurityPolicy = .default) throws(OpenID4VCIError) {
        let issuerHint = value["issuer"]?.stringValue ?? "(unknown)"
        let members = try JSONMembers(value, path: "") { path, reason in
            .invalidAuthorizationServerMetadata(issuer: issuerHint, reason: "\(path): \(reason)")
        }
        json = members.object
        issuer = try members.requiredURL("issuer", transport: transport)
        guard URLComponents(url: issuer, resolvingAgainstBaseURL: false)?.query == nil, issuer.fragment == nil else {
            throw members.fail("issuer", "has a query or fragment")
        }
        authorizationEndpoint = try members.url("authorization_endpoint", transport: transport)
        tokenEndpoint = try members.requiredURL("token_endpoint", transport: transport)
        pushedAuthorizationRequestEndpoint = try members.url("pushed_authorization_request_endpoint", transport: transport)
        requirePushedAuthorizationRequests = try members.bool("require_pushed_authorization_requests") ?? false
        dpopSigningAlgorithms = try members.strings("dpop_signing_alg_values_supported", limit: 32) ?? []
        codeChallengeMethods = try members.strings("code_challenge_methods_supported", limit: 16) ?? []
        grantTypes = try members.strings("grant_types_supported", limit: 32)
        authorizationDetailsTypes = try members.strings("authorization_details_types_supported", limit: 32)
        preAuthorizedGrantAnonymousAccessSupported = try members.bool("pre-authorized_grant_anonymous_access_supported") ?? false
        authorizationResponseIssParameterSupported = try members.bool("authorization_response_iss_parameter_supported") ?? false
    }

    /// Whether the server says it supports `grantType` (when it lists its grant types at all).
    public func supports(grantType: String) -> Bool {
        guard let grantTypes else { return grantType == "authorization_code" || grantType == "implicit" || grantType == CredentialOfferGrants.preAuthorizedCodeGrantType }
        return grantTypes.contains(grantType)
    }
}
