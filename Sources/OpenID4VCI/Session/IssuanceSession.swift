import Foundation
import HTTP

/// The wallet's way from a credential offer to an access token: offer → issuer metadata →
/// authorization server metadata → token, by pre-authorized code or authorization code.
///
/// It composes ``CredentialIssuerMetadataResolver``, ``AuthorizationServerMetadataResolver``,
/// ``TokenClient`` and ``AuthorizationCodeFlow``; the result, ``AuthorizedIssuance``, carries
/// everything the credential endpoint side needs (metadata, token, DPoP key and nonces). The
/// session holds no state of its own, so one value can serve many issuances.
public struct IssuanceSession: Sendable {
    /// The transport for every request.
    public let httpClient: any HTTPClient
    /// The DPoP proof maker for this wallet, or `nil` for bearer tokens.
    public let dpop: (any DPoPProofProviding)?
    /// The wallet's OAuth `client_id`, if it has one.
    public let clientID: String?
    /// Which URLs may be contacted.
    public let transport: TransportSecurityPolicy
    /// How signed issuer metadata is handled.
    public let signedMetadata: SignedMetadataPolicy
    /// The rules beyond OpenID4VCI 1.0 (``IssuanceProfile/haip`` for HAIP), checked at
    /// discovery and again before every step that sends a secret.
    public let profile: IssuanceProfile

    /// A session; without `dpop` tokens are bearer tokens, without `clientID` only the
    /// pre-authorized code flow is possible. Under a profile that requires DPoP (HAIP), a
    /// session without `dpop` can discover but not authorize.
    public init(
        httpClient: any HTTPClient, dpop: (any DPoPProofProviding)? = nil, clientID: String? = nil,
        transport: TransportSecurityPolicy = .default, signedMetadata: SignedMetadataPolicy = .ignore,
        profile: IssuanceProfile = .standard
    ) {
        self.httpClient = httpClient
        self.dpop = dpop
        self.clientID = clientID
        self.transport = transport
        self.signedMetadata = signedMetadata
        self.profile = profile
    }

    /// The grant an issuance uses.
    public enum Grant: String, Sendable, Hashable, Codable {
        /// The offer's pre-authorized code, with a transaction code when asked for.
        case preAuthorizedCode
        /// The authorization code flow in a browser.
        case authorizationCode
    }

    /// Fetches and checks what an offer points to: the issuer metadata (bound to the offer's
    /// `credential_issuer`), the offered configurations, and the authorization server for the
    /// grant — the pre-authorized code when offered, else the authorization code. The
    /// ``profile`` is applied to the authorization server and the offered configurations, so a
    /// HAIP wallet learns here, before any secret is sent, that an issuer cannot serve it.
    public func discover(_ offer: CredentialOffer, preferring preferred: Grant? = nil) async throws(OpenID4VCIError) -> IssuanceDiscovery {
        try profile.check(signedMetadata)
        let issuer = try await CredentialIssuerMetadataResolver(
            httpClient: httpClient, transport: transport, signedMetadata: signedMetadata
        ).metadata(for: offer.credentialIssuer)
        let configurations = try issuer.configurations(for: offer)
        try profile.check(configurations)
        let grant: Grant
        switch preferred {
        case .preAuthorizedCode?:
            guard offer.grants?.preAuthorizedCode != nil else { throw .unsupportedGrant("the offer has no pre-authorized code") }
            grant = .preAuthorizedCode
        case .authorizationCode?:
            grant = .authorizationCode
        case nil:
            grant = offer.grants?.preAuthorizedCode != nil ? .preAuthorizedCode : .authorizationCode
        }
        let hint: URL?
        let grantType: String
        switch grant {
        case .preAuthorizedCode:
            hint = offer.grants?.preAuthorizedCode?.authorizationServer
            grantType = CredentialOfferGrants.preAuthorizedCodeGrantType
        case .authorizationCode:
            hint = offer.grants?.authorizationCode?.authorizationServer
            grantType = "authorization_code"
        }
        let server = try await AuthorizationServerMetadataResolver(httpClient: httpClient, transport: transport)
            .metadata(for: issuer, hint: hint, grantType: grantType)
        try profile.check(server, grant: grant)
        if grant == .authorizationCode { try profile.checkScopes(configurations) }
        return IssuanceDiscovery(offer: offer, issuerMetadata: issuer, authorizationServerMetadata: server, grant: grant)
    }

    /// Redeems the offer's pre-authorized code, with the transaction code when the offer asks
    /// for one (checked against `tx_code` before sending).
    public func authorize(
        _ discovery: IssuanceDiscovery, transactionCode: String? = nil
    ) async throws(OpenID4VCIError) -> AuthorizedIssuance {
        guard let grant = discovery.offer.grants?.preAuthorizedCode else {
            throw .unsupportedGrant("the offer has no pre-authorized code")
        }
        try profile.check(discovery.authorizationServerMetadata, grant: .preAuthorizedCode)
        try profile.check(dpop: dpop)
        let client = tokenClient()
        let token = try await client.redeem(
            grant, transactionCode: transactionCode, server: discovery.authorizationServerMetadata, clientID: clientID)
        try profile.check(token.accessToken)
        return AuthorizedIssuance(discovery: discovery, token: token, dpop: dpop, nonces: client.nonces)
    }

    /// Starts the authorization code flow for the offered configurations, passing the offer's
    /// `issuer_state`. Needs a ``clientID``.
    public func beginAuthorization(
        _ discovery: IssuanceDiscovery, redirectURI: URL, style: AuthorizationRequestStyle = .automatic
    ) async throws(OpenID4VCIError) -> AuthorizationCodeFlow {
        guard let clientID else { throw .unsupportedGrant("the authorization code flow needs a client_id") }
        return try await AuthorizationCodeFlow.start(
            credentialConfigurationIDs: discovery.offer.credentialConfigurationIDs, issuer: discovery.issuerMetadata,
            server: discovery.authorizationServerMetadata, clientID: clientID, redirectURI: redirectURI,
            issuerState: discovery.offer.grants?.authorizationCode?.issuerState, style: style, tokenClient: tokenClient(),
            profile: profile)
    }

    /// Finishes an authorization code flow with the redirect the browser came back with.
    public func completeAuthorization(
        _ flow: AuthorizationCodeFlow, redirect: URL, discovery: IssuanceDiscovery
    ) async throws(OpenID4VCIError) -> AuthorizedIssuance {
        let client = tokenClient()
        try profile.check(dpop: dpop)
        let token = try await flow.complete(redirect: redirect, tokenClient: client)
        try profile.check(token.accessToken)
        return AuthorizedIssuance(discovery: discovery, token: token, dpop: dpop, nonces: client.nonces)
    }

    /// A token client sharing this session's transport and DPoP key, with fresh nonces.
    public func tokenClient(nonces: DPoPNonceStore = DPoPNonceStore()) -> TokenClient {
        TokenClient(httpClient: httpClient, dpop: dpop, nonces: nonces)
    }
}

/// What an offer points to, checked: the issuer's metadata, the authorization server for the
/// chosen grant, and the offer itself.
public struct IssuanceDiscovery: Sendable, Hashable {
    /// The offer.
    public let offer: CredentialOffer
    /// The issuer's metadata, bound to the offer's `credential_issuer`.
    public let issuerMetadata: CredentialIssuerMetadata
    /// The authorization server metadata for ``grant``.
    public let authorizationServerMetadata: AuthorizationServerMetadata
    /// The grant the issuance will use.
    public let grant: IssuanceSession.Grant

    /// The offered configurations, in the offer's order (all present: discovery checked).
    public var offeredConfigurations: [CredentialConfiguration] {
        offer.credentialConfigurationIDs.compactMap { issuerMetadata.configuration(id: $0) }
    }
}

/// An issuance with an access token: the hand-over to the credential endpoint side.
public struct AuthorizedIssuance: Sendable {
    /// The offer, metadata and authorization server this token came from.
    public let discovery: IssuanceDiscovery
    /// The token response (access token, credential identifiers, refresh token, legacy `c_nonce`).
    public let token: TokenResponse
    /// The DPoP key the token is bound to, to sign proofs for the credential endpoint.
    public let dpop: (any DPoPProofProviding)?
    /// The DPoP nonces seen so far.
    public let nonces: DPoPNonceStore

    /// The issuer metadata.
    public var issuerMetadata: CredentialIssuerMetadata { discovery.issuerMetadata }
    /// The authorization server metadata.
    public var authorizationServerMetadata: AuthorizationServerMetadata { discovery.authorizationServerMetadata }
    /// The access token.
    public var accessToken: AccessToken { token.accessToken }
}
