import JOSE

/// A client identifier without a prefix: a verifier the wallet knows in advance
/// (``WalletConfiguration/preRegisteredClients``), authenticated by the keys and response
/// destinations it was registered with.
///
/// A client registered with neither keys nor redirect URIs resolves but is not
/// authenticated: anyone can send its `client_id` with a response URI of their own.
public struct PreRegisteredClientPolicy: ClientAuthenticationPolicy {
    public var prefix: ClientIdentifier.Prefix { .preRegistered }

    public init() {}

    public func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) async throws(OpenID4VPError) -> VerifierInfo {
        guard let client = configuration.preRegisteredClients[request.clientID.identifier] else {
            throw failure(request, "'\(request.clientID.rawValue)' is not a client this wallet knows")
        }
        if !client.signingKeys.isEmpty {
            guard let requestObject else { throw failure(request, "this client's requests must be signed") }
            let keys: JWKSet
            do {
                keys = try JWKSet(keys: client.signingKeys)
            } catch {
                throw failure(request, "the registered keys are unusable: \(error)")
            }
            try verify(requestObject, request) { header throws(JOSEError) in try keys.verificationKey(for: header) }
        }
        if !client.redirectURIs.isEmpty {
            guard let destination = request.responseDestination, client.redirectURIs.contains(destination) else {
                throw failure(request, "the response destination is not one registered for this client")
            }
        }
        guard !client.signingKeys.isEmpty || !client.redirectURIs.isEmpty else {
            return info(request, displayName: client.displayName, logoURI: client.logoURI, valid: false, errors: [
                "this client is registered without signing keys or redirect URIs, so nothing authenticates the request",
            ])
        }
        return info(request, displayName: client.displayName, logoURI: client.logoURI, valid: true)
    }
}
