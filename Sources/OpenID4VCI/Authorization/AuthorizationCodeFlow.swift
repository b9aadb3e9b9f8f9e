import Foundation
import HTTP
import Multiformats

/// How the authorization request names the credentials it wants (OpenID4VCI 1.0 §5.1).
public enum AuthorizationRequestStyle: String, Sendable, Hashable, Codable {
    /// `authorization_details` of type `openid_credential`, unless the server lists
    /// `authorization_details_types_supported` without it and every configuration has a scope.
    case automatic
    /// `authorization_details` of type `openid_credential` (§5.1.1).
    case authorizationDetails
    /// The configurations' `scope` values (§5.1.2).
    case scope
}

/// An authorization code flow in progress (OpenID4VCI 1.0 §5–6): everything needed to finish
/// it once the browser comes back, as a `Codable` value so an app can persist it while the
/// user is away and resume after a restart.
///
/// ``start(credentialConfigurationIDs:issuer:server:clientID:redirectURI:issuerState:style:tokenClient:profile:)``
/// builds the request (PKCE S256, `state`, `issuer_state`, `authorization_details` or
/// `scope`) and pushes it when the server has a PAR endpoint (required when the server says
/// so). Open ``authorizationURL``; then pass the redirect to
/// ``complete(redirect:tokenClient:)``, which checks `state` and RFC 9207 `iss` before
/// redeeming the code with the PKCE verifier.
public struct AuthorizationCodeFlow: Sendable, Hashable, Codable {
    /// The credential issuer the token is for.
    public let credentialIssuer: URL
    /// The authorization server's `issuer`, which a redirect's `iss` must equal.
    public let authorizationServer: URL
    /// Where the code is redeemed.
    public let tokenEndpoint: URL
    /// The URL to open in the browser.
    public let authorizationURL: URL
    /// The wallet's `client_id`.
    public let clientID: String
    /// The `redirect_uri` the server will send the browser back to.
    public let redirectURI: URL
    /// The `state` sent, echoed by the server.
    public let state: String
    /// The PKCE verifier (secret until the token request).
    public let proofKey: ProofKeyForCodeExchange
    /// Whether the redirect must carry `iss` (the server advertises RFC 9207 support).
    public let requiresIssuerParameter: Bool
    /// The `authorization_details` requested, if any.
    public let authorizationDetails: [CredentialAuthorizationDetail]
    /// The `scope` requested, if any.
    public let scope: String?
    /// Whether the request went through PAR.
    public let pushed: Bool

    /// Builds (and pushes, when the server supports PAR) the authorization request.
    ///
    /// - Parameters:
    ///   - credentialConfigurationIDs: what to ask for; each must be in the issuer metadata.
    ///   - issuerState: the offer's `issuer_state`, passed back to tie the flow to the offer.
    ///   - tokenClient: used for the PAR request (its DPoP key binds the request).
    ///   - profile: checked against the server and the token client's DPoP key before the
    ///     request is pushed (HAIP: PAR and DPoP required, credentials named by `scope`).
    public static func start(
        credentialConfigurationIDs: [String], issuer: CredentialIssuerMetadata, server: AuthorizationServerMetadata,
        clientID: String, redirectURI: URL, issuerState: String? = nil, style: AuthorizationRequestStyle = .automatic,
        tokenClient: TokenClient, profile: IssuanceProfile = .standard
    ) async throws(OpenID4VCIError) -> AuthorizationCodeFlow {
        try profile.check(server, grant: .authorizationCode)
        try profile.check(dpop: tokenClient.dpop)
        try profile.check(credentialConfigurationIDs.compactMap { issuer.configuration(id: $0) })
        guard let authorizationEndpoint = server.authorizationEndpoint else {
            throw .unsupportedGrant("\(server.issuer.absoluteString) has no authorization_endpoint")
        }
        guard server.codeChallengeMethods.isEmpty || server.codeChallengeMethods.contains(ProofKeyForCodeExchange.method) else {
            throw .unsupportedGrant("\(server.issuer.absoluteString) does not support PKCE S256")
        }
        if server.requirePushedAuthorizationRequests, server.pushedAuthorizationRequestEndpoint == nil {
            throw .invalidAuthorizationServerMetadata(
                issuer: server.issuer.absoluteString, reason: "PAR is required but there is no pushed_authorization_request_endpoint")
        }
        guard !credentialConfigurationIDs.isEmpty else { throw .unsupportedGrant("no credential configuration requested") }
        var configurations = [CredentialConfiguration]()
        for id in credentialConfigurationIDs {
            guard let configuration = issuer.configuration(id: id) else { throw .unknownCredentialConfiguration(id) }
            configurations.append(configuration)
        }
        var style = style
        if profile.requiresScope {
            guard style != .authorizationDetails else {
                throw profile.violation(.scope, "credentials must be requested by scope, not authorization_details")
            }
            try profile.checkScopes(configurations)
            style = .scope
        }
        let proofKey = ProofKeyForCodeExchange()
        let state = Self.randomToken()
        let separateServers = !issuer.authorizationServers.isEmpty
        var details = [CredentialAuthorizationDetail]()
        var scope: String?
        switch try Self.resolve(style, configurations: configurations, server: server) {
        case .scope:
            scope = configurations.compactMap(\.scope).joined(separator: " ")
        default:
            details = configurations.map {
                CredentialAuthorizationDetail(
                    credentialConfigurationID: $0.id, locations: separateServers ? [issuer.credentialIssuer.absoluteString] : nil)
            }
        }
        var parameters: [(String, String)] = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI.absoluteString),
            ("state", state), ("code_challenge", proofKey.challenge),
            ("code_challenge_method", ProofKeyForCodeExchange.method),
        ]
        if !details.isEmpty { parameters.append(("authorization_details", CredentialAuthorizationDetail.parameter(details))) }
        if let scope {
            parameters.append(("scope", scope))
            if separateServers { parameters.append(("resource", issuer.credentialIssuer.absoluteString)) }
        }
        if let issuerState { parameters.append(("issuer_state", issuerState)) }
        let pushed = server.pushedAuthorizationRequestEndpoint != nil
        let query: [(String, String)]
        if pushed {
            let response = try await tokenClient.pushAuthorizationRequest(parameters, server: server)
            query = [("client_id", clientID), ("request_uri", response.requestURI)]
        } else {
            query = parameters
        }
        guard var components = URLComponents(url: authorizationEndpoint, resolvingAgainstBaseURL: false) else {
            throw .invalidAuthorizationServerMetadata(issuer: server.issuer.absoluteString, reason: "authorization_endpoint is not a URL")
        }
        // Every reserved character percent-encoded (URLComponents would leave "+" and "/" in
        // values), spaces as %20, which form and plain URL decoders both read as a space.
        let encoded = FormURLEncoding.encode(query).replacingOccurrences(of: "+", with: "%20")
        components.percentEncodedQuery = [components.percentEncodedQuery, encoded]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "&")
        guard let url = components.url else {
            throw .invalidAuthorizationServerMetadata(issuer: server.issuer.absoluteString, reason: "cannot build the authorization URL")
        }
        return AuthorizationCodeFlow(
            credentialIssuer: issuer.credentialIssuer, authorizationServer: server.issuer, tokenEndpoint: server.tokenEndpoint,
            authorizationURL: url, clientID: clientID, redirectURI: redirectURI, state: state, proofKey: proofKey,
            requiresIssuerParameter: server.authorizationResponseIssParameterSupported, authorizationDetails: details,
            scope: scope, pushed: pushed)
    }

    private static func resolve(
        _ style: AuthorizationRequestStyle, configurations: [CredentialConfiguration], server: AuthorizationServerMetadata
    ) throws(OpenID4VCIError) -> AuthorizationRequestStyle {
        let allScoped = configurations.allSatisfy { $0.scope != nil }
        switch style {
        case .scope:
            guard allScoped else { throw .unsupportedGrant("a requested configuration has no scope") }
            return .scope
        case .authorizationDetails:
            return .authorizationDetails
        case .automatic:
            if let types = server.authorizationDetailsTypes, !types.contains(CredentialAuthorizationDetail.type), allScoped {
                return .scope
            }
            return .authorizationDetails
        }
    }

    /// 256 random bits, base64url: for `state`.
    static func randomToken() -> String {
        var random = SystemRandomNumberGenerator()
        return Base64URL.encode(Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &random) }))
    }
}
