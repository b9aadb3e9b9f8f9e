import DID
import JOSE

/// `decentralized_identifier:` — the request is signed with a key of the DID document the
/// identifier resolves to (``WalletConfiguration/didResolver``), named by a `kid` that is a
/// DID URL of that same DID.
public struct DecentralizedIdentifierClientPolicy: ClientAuthenticationPolicy {
    public var prefix: ClientIdentifier.Prefix { .decentralizedIdentifier }

    public init() {}

    public func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) async throws(OpenID4VPError) -> VerifierInfo {
        let requestObject = try requireSigned(requestObject, request)
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
}
