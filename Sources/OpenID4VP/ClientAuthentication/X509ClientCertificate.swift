import CryptoKeys
import Foundation
import JOSE
import X509
import X509Trust

/// The evidence both certificate prefixes rest on: the request object's `x5c` chain,
/// validated to ``WalletConfiguration/verifierTrustAnchors`` under the prefix's own
/// `X509Trust` rule, and the request signature checked with the leaf key only once the chain
/// is trusted.
struct X509ClientCertificate {
    /// The chain as the request carried it, leaf first.
    let chain: [Data]
    /// The validated chain.
    let trusted: TrustedChain

    /// Validates the `x5c` chain of `requestObject` under `rule`, then verifies the request
    /// with its leaf key; `policy` names the prefix in failures.
    static func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, rule: any TrustPolicy,
        configuration: WalletConfiguration, policy: some ClientAuthenticationPolicy
    ) async throws(OpenID4VPError) -> X509ClientCertificate {
        let requestObject = try policy.requireSigned(requestObject, request)
        guard let signature = requestObject.signatures.first(where: { $0.header.certificateChain != nil }),
              let chain = signature.header.certificateChain
        else { throw policy.failure(request, "the request object has no x5c certificate chain") }
        let validator = ChainValidator(anchors: configuration.verifierTrustAnchors, policies: [rule])
        let trusted: TrustedChain
        do {
            trusted = try await validator.validate(derChain: chain, at: configuration.clock()).get()
        } catch {
            throw policy.failure(request, "the certificate chain is not trusted: \(error)")
        }
        let leafKey: PublicKey
        do {
            leafKey = try trusted.leafKey.publicKey
        } catch {
            throw policy.failure(request, "the certificate's key is unusable: \(error)")
        }
        try policy.verify(requestObject, request) { header throws(JOSEError) in
            header.certificateChain == chain ? JWSVerificationKey(leafKey) : nil
        }
        return X509ClientCertificate(chain: chain, trusted: trusted)
    }

    /// The verifier as the certificate names it (its common name, else the client metadata's).
    func verifierInfo(_ request: AuthorizationRequest, policy: some ClientAuthenticationPolicy) -> VerifierInfo {
        policy.info(
            request, displayName: Self.commonName(of: trusted.leaf) ?? request.clientMetadata?.clientName, valid: true,
            trustRoot: trusted.anchor.subject.description, chain: chain)
    }

    static func commonName(of certificate: Certificate) -> String? {
        for relativeName in certificate.subject {
            for attribute in relativeName where attribute.type == .RDNAttributeType.commonName {
                return String(describing: attribute.value)
            }
        }
        return nil
    }
}
