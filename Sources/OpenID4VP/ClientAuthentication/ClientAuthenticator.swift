import JOSE

/// Establishes who sent an authorization request: it hands the request to the
/// ``ClientAuthenticationPolicy`` the wallet holds for its client identifier prefix
/// (``WalletConfiguration/clientAuthentication``), which checks the request object's
/// signature with the key that prefix vouches for (OpenID4VP 1.0 §5.9.3).
///
/// Two answers come before any policy: an unsigned request over the Digital Credentials API is
/// identified by the calling origin the platform reports, and the `origin:` and
/// `openid_federation:` prefixes are refused whatever the wallet holds (the first is reserved
/// for the platform, the second needs trust-chain evaluation this wallet does not do). A
/// prefix the wallet holds no policy for is refused with
/// ``OpenID4VPError/unsupportedClientIdentifierPrefix(_:)``.
public struct ClientAuthenticator: Sendable {
    /// The wallet's trust and capabilities, its client authentication policies among them.
    public let configuration: WalletConfiguration

    public init(configuration: WalletConfiguration) {
        self.configuration = configuration
    }

    /// The `typ` a request object must carry.
    public static let requestObjectType = "oauth-authz-req+jwt"

    /// Authenticates the verifier of `request`, which arrived as `requestObject` when signed.
    public func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?
    ) async throws(OpenID4VPError) -> VerifierInfo {
        let client = request.clientID
        if case let .digitalCredentialsAPI(origin, isSigned) = request.channel, !isSigned {
            // The platform vouches for the calling origin; an unsigned request has nothing else.
            return VerifierInfo(
                clientID: request.audience, prefix: .origin, displayName: request.clientMetadata?.clientName ?? origin,
                logoURI: request.clientMetadata?.logoURI, clientIDValid: true, clientIDValidationErrors: [],
                trustRoot: "the web origin \(origin), as the platform reported it", certificateChain: [],
                attestations: request.verifierInfo)
        }
        switch client.prefix {
        case .origin: throw .unsupportedClientIdentifierPrefix("origin")
        case .openIDFederation:
            throw .clientAuthenticationFailed(
                prefix: client.prefix.rawValue,
                reason: "OpenID Federation trust chains are not evaluated by this wallet, so the verifier cannot be trusted")
        default: break
        }
        guard let policy = configuration.clientAuthentication.policy(for: client.prefix) else {
            throw .unsupportedClientIdentifierPrefix(client.prefix.rawValue)
        }
        return try await policy.authenticate(request, requestObject: requestObject, configuration: configuration)
    }
}
