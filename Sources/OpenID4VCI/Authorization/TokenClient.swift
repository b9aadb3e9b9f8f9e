import Foundation
import HTTP

/// Obtains access tokens from an authorization server's token endpoint (RFC 6749 §3.2,
/// OpenID4VCI 1.0 §6), with DPoP (RFC 9449) when a proof provider is given.
///
/// With DPoP, every request carries a proof; a `use_dpop_nonce` answer is retried once with the
/// server's nonce, and the latest nonce per origin is kept in ``nonces`` for the next request.
/// Errors are typed: an OAuth error response becomes ``OpenID4VCIError/oauthError(endpoint:status:error:description:)``
/// with its `error` and `error_description`.
public struct TokenClient: Sendable {
    /// The transport.
    public let httpClient: any HTTPClient
    /// The DPoP proof maker, or `nil` for bearer tokens.
    public let dpop: (any DPoPProofProviding)?
    /// The DPoP nonces seen so far, shared with the other clients of the same issuance.
    public let nonces: DPoPNonceStore
    /// The largest token response accepted, in bytes.
    public let maximumResponseBytes: Int
    /// The time `expires_in` counts from.
    public let clock: @Sendable () -> Date

    /// A client; without `dpop` it asks for bearer tokens. Share `nonces` with the other
    /// clients of the same issuance.
    public init(
        httpClient: any HTTPClient, dpop: (any DPoPProofProviding)? = nil, nonces: DPoPNonceStore = DPoPNonceStore(),
        maximumResponseBytes: Int = 64 * 1024, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.httpClient = httpClient
        self.dpop = dpop
        self.nonces = nonces
        self.maximumResponseBytes = maximumResponseBytes
        self.clock = clock
    }

    /// Sends a token request for `grant` to `server`'s token endpoint.
    ///
    /// - Parameters:
    ///   - clientID: sent as `client_id` (public clients identify themselves this way).
    ///   - authorizationDetails: `openid_credential` entries to request or narrow (§6.1.1).
    ///   - scope: a scope to request, for scope-based issuance.
    ///   - resource: an RFC 8707 `resource`, the credential issuer when it uses separate
    ///     authorization servers.
    public func requestToken(
        _ grant: TokenGrant, server: AuthorizationServerMetadata, clientID: String?,
        authorizationDetails: [CredentialAuthorizationDetail] = [], scope: String? = nil, resource: URL? = nil
    ) async throws(OpenID4VCIError) -> TokenResponse {
        var form = grant.parameters
        if let clientID { form.append(("client_id", clientID)) }
        if !authorizationDetails.isEmpty {
            form.append(("authorization_details", CredentialAuthorizationDetail.parameter(authorizationDetails)))
        }
        if let scope { form.append(("scope", scope)) }
        if let resource { form.append(("resource", resource.absoluteString)) }
        return try await post(form, to: server.tokenEndpoint)
    }

    /// A token request to a known token endpoint (a resumed ``AuthorizationCodeFlow`` has no
    /// server metadata at hand).
    func requestToken(
        _ grant: TokenGrant, tokenEndpoint: URL, clientID: String?, authorizationDetails: [CredentialAuthorizationDetail]
    ) async throws(OpenID4VCIError) -> TokenResponse {
        var form = grant.parameters
        if let clientID { form.append(("client_id", clientID)) }
        if !authorizationDetails.isEmpty {
            form.append(("authorization_details", CredentialAuthorizationDetail.parameter(authorizationDetails)))
        }
        return try await post(form, to: tokenEndpoint)
    }

    private func post(_ form: [(String, String)], to url: URL) async throws(OpenID4VCIError) -> TokenResponse {
        let request = AuthorizationServerRequest(
            httpClient: httpClient, dpop: dpop, nonces: nonces, maximumResponseBytes: maximumResponseBytes)
        let response = try await request.post(form, to: url, endpoint: .token)
        guard response.status == 200 else { throw OAuthErrorResponse.failure(response, endpoint: .token) }
        guard response.mediaType == "application/json" else {
            throw .invalidResponse(endpoint: .token, reason: "Content-Type \(response.mediaType ?? "missing"), not application/json")
        }
        return try TokenResponse(body: response.body, endpoint: .token, receivedAt: clock(), usedDPoP: dpop != nil)
    }

    /// Redeems an offer's pre-authorized code (OpenID4VCI 1.0 §6.1).
    ///
    /// The transaction code is checked against the offer's `tx_code` before anything is sent:
    /// required when the offer has one (and must fit its input mode and length), refused when it
    /// has none. `client_id` is left out when the server accepts anonymous pre-authorized
    /// requests, so the wallet is not identified needlessly.
    public func redeem(
        _ grant: CredentialOfferGrants.PreAuthorizedCode, transactionCode: String?, server: AuthorizationServerMetadata,
        clientID: String?, authorizationDetails: [CredentialAuthorizationDetail] = []
    ) async throws(OpenID4VCIError) -> TokenResponse {
        switch (grant.transactionCode, transactionCode) {
        case (nil, nil): break
        case (nil, .some): throw .invalidTransactionCode("the offer does not ask for a transaction code")
        case (.some, nil): throw .invalidTransactionCode("the offer asks for a transaction code and none was given")
        case let (expected?, code?):
            guard expected.accepts(code) else {
                let shape = [expected.inputMode == .numeric ? "digits only" : nil, expected.length.map { "\($0) characters" }]
                    .compactMap { $0 }.joined(separator: ", ")
                throw .invalidTransactionCode("the code does not fit the offer's tx_code (\(shape.isEmpty ? "non-empty" : shape))")
            }
        }
        let sendClientID = server.preAuthorizedGrantAnonymousAccessSupported ? nil : clientID
        return try await requestToken(
            .preAuthorizedCode(code: grant.code, transactionCode: transactionCode), server: server, clientID: sendClientID,
            authorizationDetails: authorizationDetails)
    }
}
