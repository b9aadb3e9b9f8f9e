import JOSE

/// `redirect_uri:` — the client identifier is the redirect or response URI itself. There is
/// no key to verify anything with, so a signed request is refused, and an unsigned one is
/// accepted only when it names itself as its response destination, with the identity marked
/// not authenticated.
public struct RedirectURIClientPolicy: ClientAuthenticationPolicy {
    public var prefix: ClientIdentifier.Prefix { .redirectURI }

    public init() {}

    public func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) async throws(OpenID4VPError) -> VerifierInfo {
        guard requestObject == nil else {
            throw failure(request, "a redirect_uri: request cannot be signed; there is no key to verify it with")
        }
        guard let destination = request.responseDestination, destination.absoluteString == request.clientID.identifier else {
            throw failure(request, "the client identifier must equal the \(request.responseMode.postsToResponseURI ? "response_uri" : "redirect_uri")")
        }
        return info(request, displayName: request.clientMetadata?.clientName, valid: false,
                    errors: ["the request is unsigned, so the verifier's identity is not authenticated"])
    }
}
