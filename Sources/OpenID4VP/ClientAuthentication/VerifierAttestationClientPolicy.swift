import JOSE

/// `verifier_attestation:` — the request object's `jwt` header carries a Verifier
/// Attestation JWT from one of ``WalletConfiguration/trustedAttestationIssuers``, whose `sub`
/// is the identifier and whose `cnf` key signed the request; when the attestation lists
/// `redirect_uris`, the response destination must be one of them.
public struct VerifierAttestationClientPolicy: ClientAuthenticationPolicy {
    public var prefix: ClientIdentifier.Prefix { .verifierAttestation }

    public init() {}

    public func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) async throws(OpenID4VPError) -> VerifierInfo {
        let requestObject = try requireSigned(requestObject, request)
        guard let signature = requestObject.signatures.first(where: { $0.header["jwt"]?.stringValue != nil }),
              let attestationToken = signature.header["jwt"]?.stringValue
        else { throw failure(request, "the request object carries no Verifier Attestation JWT in its jwt header") }
        let attestation = try VerifierAttestationJWT(
            attestationToken, trustedIssuers: configuration.trustedAttestationIssuers,
            at: configuration.clock(), skew: configuration.clockSkew, prefix: request.clientID.prefix.rawValue)
        guard attestation.subject == request.clientID.identifier else {
            throw failure(request, "the attestation's sub '\(attestation.subject)' is not the client identifier")
        }
        try verify(requestObject, request) { header throws(JOSEError) in
            header["jwt"]?.stringValue == attestationToken ? JWSVerificationKey(attestation.confirmationKey) : nil
        }
        if let allowed = attestation.redirectURIs {
            guard let destination = request.responseDestination?.absoluteString, allowed.contains(destination) else {
                throw failure(request, "the response destination is not among the attestation's redirect_uris")
            }
        }
        return info(request, displayName: request.clientMetadata?.clientName, valid: true, trustRoot: attestation.issuer)
    }
}
