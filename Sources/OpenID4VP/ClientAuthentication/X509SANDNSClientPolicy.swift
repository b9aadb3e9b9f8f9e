import JOSE
import X509Trust

/// `x509_san_dns:` — the request is signed with the key of a certificate that chains to a
/// trusted verifier root and carries the identifier as a DNS subject alternative name; unless
/// the client is one of ``WalletConfiguration/trustedClientIdentifiers``, responses must go
/// to that host (a name in a certificate vouches for that host, not for wherever the request
/// says to send the credentials). The Digital Credentials API returns responses through the
/// platform, so the host rule does not apply there.
public struct X509SANDNSClientPolicy: ClientAuthenticationPolicy {
    public var prefix: ClientIdentifier.Prefix { .x509SANDNS }

    public init() {}

    public func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) async throws(OpenID4VPError) -> VerifierInfo {
        let identifier = request.clientID.identifier
        let certificate = try await X509ClientCertificate.authenticate(
            request, requestObject: requestObject, rule: SANDNSNamePolicy(dnsName: identifier),
            configuration: configuration, policy: self)
        if !request.channel.isDigitalCredentialsAPI, !configuration.trustedClientIdentifiers.contains(request.clientID.rawValue) {
            guard let host = request.responseDestination?.host, host.lowercased() == identifier.lowercased() else {
                throw failure(request, "the response destination's host is not \(identifier)")
            }
        }
        return certificate.verifierInfo(request, policy: self)
    }
}
