import CryptoKeys
import DID
import Foundation
import JOSE
import JSONModel
import X509
import X509Trust

/// Establishes who sent an authorization request, by the rules of its client identifier
/// prefix (OpenID4VP 1.0 §5.9.3), and verifies the request object's signature with the key
/// that prefix vouches for.
///
/// Each prefix is a small policy: what key may sign, what the identifier must match, and which
/// response destinations it may use. A request that fails a cryptographic check is refused
/// with ``OpenID4VPError/clientAuthenticationFailed(prefix:reason:)``; a request whose identity
/// simply cannot be authenticated (an unsigned `redirect_uri:` request) resolves with
/// ``VerifierInfo/clientIDValid`` `false` so the wallet can warn the user.
public struct ClientAuthenticator: Sendable {
    /// The wallet's trust and capabilities.
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
        guard configuration.acceptedPrefixes.contains(client.prefix) else {
            throw .unsupportedClientIdentifierPrefix(client.prefix.rawValue)
        }
        switch client.prefix {
        case .redirectURI: return try redirectURI(request, requestObject: requestObject)
        case .preRegistered: return try preRegistered(request, requestObject: requestObject)
        case .x509SANDNS, .x509Hash: return try await x509(request, requestObject: requestObject)
        case .decentralizedIdentifier: return try await decentralizedIdentifier(request, requestObject: requestObject)
        case .verifierAttestation: return try verifierAttestation(request, requestObject: requestObject)
        case .origin, .openIDFederation: throw .unsupportedClientIdentifierPrefix(client.prefix.rawValue)
        }
    }

    // MARK: - Prefixes

    private func redirectURI(_ request: AuthorizationRequest, requestObject: JWSObject?) throws(OpenID4VPError) -> VerifierInfo {
        guard requestObject == nil else {
            throw failure(request, "a redirect_uri: request cannot be signed; there is no key to verify it with")
        }
        guard let destination = request.responseDestination, destination.absoluteString == request.clientID.identifier else {
            throw failure(request, "the client identifier must equal the \(request.responseMode.postsToResponseURI ? "response_uri" : "redirect_uri")")
        }
        return info(request, displayName: request.clientMetadata?.clientName, valid: false,
                    errors: ["the request is unsigned, so the verifier's identity is not authenticated"])
    }

    private func preRegistered(_ request: AuthorizationRequest, requestObject: JWSObject?) throws(OpenID4VPError) -> VerifierInfo {
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
            // Nothing registered ties a request to this client: anyone can send its client_id
            // with a response URI of their own.
            return info(request, displayName: client.displayName, logoURI: client.logoURI, valid: false, errors: [
                "this client is registered without signing keys or redirect URIs, so nothing authenticates the request",
            ])
        }
        return info(request, displayName: client.displayName, logoURI: client.logoURI, valid: true)
    }

    private func x509(_ request: AuthorizationRequest, requestObject: JWSObject?) async throws(OpenID4VPError) -> VerifierInfo {
        guard let requestObject else { throw failure(request, "the request must be a signed request object") }
        guard let signature = requestObject.signatures.first(where: { $0.header.certificateChain != nil }),
              let chain = signature.header.certificateChain
        else { throw failure(request, "the request object has no x5c certificate chain") }
        let identifier = request.clientID.identifier
        let policy: any TrustPolicy = request.clientID.prefix == .x509SANDNS
            ? SANDNSNamePolicy(dnsName: identifier) : X509HashMatch(expectedHash: identifier)
        let validator = ChainValidator(anchors: configuration.verifierTrustAnchors, policies: [policy])
        let trusted: TrustedChain
        do {
            trusted = try await validator.validate(derChain: chain, at: configuration.clock()).get()
        } catch {
            throw failure(request, "the certificate chain is not trusted: \(error)")
        }
        let leafKey: PublicKey
        do {
            leafKey = try trusted.leafKey.publicKey
        } catch {
            throw failure(request, "the certificate's key is unusable: \(error)")
        }
        try verify(requestObject, request) { header throws(JOSEError) in
            header.certificateChain == chain ? JWSVerificationKey(leafKey) : nil
        }
        if request.clientID.prefix == .x509SANDNS, !request.channel.isDigitalCredentialsAPI,
           !configuration.trustedClientIdentifiers.contains(request.clientID.rawValue) {
            guard let host = request.responseDestination?.host,
                  host.lowercased() == identifier.lowercased()
            else { throw failure(request, "the response destination's host is not \(identifier)") }
        }
        return info(
            request, displayName: Self.commonName(of: trusted.leaf) ?? request.clientMetadata?.clientName, valid: true,
            trustRoot: trusted.anchor.subject.description, chain: chain)
    }

    private func decentralizedIdentifier(_ request: AuthorizationRequest, requestObject: JWSObject?) async throws(OpenID4VPError) -> VerifierInfo {
        guard let requestObject else { throw failure(request, "the request must be a signed request object") }
        let didText = request.clientID.identifier
        let did: DIDIdentifier
        do {
            did = try DIDIdentifier(didText)
        } catch {
            throw failure(request, "'\(didText)' is not a DID: \(error)")
        }
        let document: DIDDocument
        do {
            document = try await configuration.didResolver.resolve(did).document
        } catch {
            throw failure(request, "the DID could not be resolved: \(error)")
        }
        try verify(requestObject, request) { header throws(JOSEError) in
            guard let kid = header.keyID, let url = try? DIDURL(kid, relativeTo: did), url.did == did,
                  let method = try? document.verificationMethod(for: kid)
            else { return nil }
            return JWSVerificationKey(method.publicKey, keyID: kid)
        }
        return info(request, displayName: request.clientMetadata?.clientName, valid: true)
    }

    private func verifierAttestation(_ request: AuthorizationRequest, requestObject: JWSObject?) throws(OpenID4VPError) -> VerifierInfo {
        guard let requestObject else { throw failure(request, "the request must be a signed request object") }
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

    // MARK: - Shared steps

    private func verify(
        _ requestObject: JWSObject, _ request: AuthorizationRequest,
        keyFor: (JOSEHeader) throws(JOSEError) -> JWSVerificationKey?
    ) throws(OpenID4VPError) {
        do {
            _ = try requestObject.verify(policy: JWSPolicy(requiredType: Self.requestObjectType), keyFor: keyFor)
        } catch {
            throw failure(request, "the request object's signature does not verify: \(error)")
        }
    }

    private func failure(_ request: AuthorizationRequest, _ reason: String) -> OpenID4VPError {
        .clientAuthenticationFailed(prefix: request.clientID.prefix.rawValue, reason: reason)
    }

    private func info(
        _ request: AuthorizationRequest, displayName: String?, logoURI: String? = nil, valid: Bool, errors: [String] = [],
        trustRoot: String? = nil, chain: [Data] = []
    ) -> VerifierInfo {
        VerifierInfo(
            clientID: request.clientID.rawValue, prefix: request.clientID.prefix, displayName: displayName,
            logoURI: logoURI ?? request.clientMetadata?.logoURI, clientIDValid: valid, clientIDValidationErrors: errors,
            trustRoot: trustRoot, certificateChain: chain, attestations: request.verifierInfo)
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
