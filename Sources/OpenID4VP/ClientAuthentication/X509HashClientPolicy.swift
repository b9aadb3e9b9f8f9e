import JOSE
import X509Trust

/// `x509_hash:` — the request is signed with the key of a certificate that chains to a
/// trusted verifier root and whose DER hashes (SHA-256, base64url) to the identifier. The
/// hash names one certificate exactly, so no response-host rule is needed.
public struct X509HashClientPolicy: ClientAuthenticationPolicy {
    public var prefix: ClientIdentifier.Prefix { .x509Hash }

    public init() {}

    public func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) async throws(OpenID4VPError) -> VerifierInfo {
        try await X509ClientCertificate.authenticate(
            request, requestObject: requestObject, rule: X509HashMatch(expectedHash: request.clientID.identifier),
            configuration: configuration, policy: self
        ).verifierInfo(request, policy: self)
    }
}
