import Foundation
import JOSE

/// The rule for one client identifier prefix (OpenID4VP 1.0 §5.9.3): what key may sign a
/// request naming a client of that prefix, what the identifier must match, and which response
/// destinations it may use.
///
/// Evidence, then policy: the request and its (unverified) request object are the evidence; a
/// policy decides whether they authenticate the verifier, and the wallet decides which
/// policies it holds (``ClientAuthenticationPolicies``). A prefix with no policy in the
/// wallet's set is refused, so adding a rule is adding a type, never a flag.
///
/// A policy throws ``OpenID4VPError/clientAuthenticationFailed(prefix:reason:)`` when a
/// cryptographic or matching check fails; it returns a ``VerifierInfo`` with
/// ``VerifierInfo/clientIDValid`` `false` when the request is acceptable but its sender's
/// identity simply cannot be authenticated, so the wallet can warn the user.
public protocol ClientAuthenticationPolicy: Sendable {
    /// The prefix this policy authenticates.
    var prefix: ClientIdentifier.Prefix { get }

    /// Authenticates the verifier of `request`, which arrived as `requestObject` when signed,
    /// with what the wallet trusts in `configuration` (anchors, known clients, resolvers, clock).
    func authenticate(
        _ request: AuthorizationRequest, requestObject: JWSObject?, configuration: WalletConfiguration
    ) async throws(OpenID4VPError) -> VerifierInfo
}

/// The steps every policy shares: the signature check under the request object type, and the
/// shapes of a failure and of a result.
extension ClientAuthenticationPolicy {
    /// Verifies `requestObject` (`typ` ``ClientAuthenticator/requestObjectType``) with the key
    /// `keyFor` vouches for; any other key, or none, fails authentication.
    func verify(
        _ requestObject: JWSObject, _ request: AuthorizationRequest,
        keyFor: (JOSEHeader) throws(JOSEError) -> JWSVerificationKey?
    ) throws(OpenID4VPError) {
        do {
            _ = try requestObject.verify(policy: JWSPolicy(requiredType: ClientAuthenticator.requestObjectType), keyFor: keyFor)
        } catch {
            throw failure(request, "the request object's signature does not verify: \(error)")
        }
    }

    /// The request object a signing prefix needs; an unsigned request fails authentication.
    func requireSigned(_ requestObject: JWSObject?, _ request: AuthorizationRequest) throws(OpenID4VPError) -> JWSObject {
        guard let requestObject else { throw failure(request, "the request must be a signed request object") }
        return requestObject
    }

    func failure(_ request: AuthorizationRequest, _ reason: String) -> OpenID4VPError {
        .clientAuthenticationFailed(prefix: request.clientID.prefix.rawValue, reason: reason)
    }

    func info(
        _ request: AuthorizationRequest, displayName: String?, logoURI: String? = nil, valid: Bool, errors: [String] = [],
        trustRoot: String? = nil, chain: [Data] = []
    ) -> VerifierInfo {
        VerifierInfo(
            clientID: request.clientID.rawValue, prefix: request.clientID.prefix, displayName: displayName,
            logoURI: logoURI ?? request.clientMetadata?.logoURI, clientIDValid: valid, clientIDValidationErrors: errors,
            trustRoot: trustRoot, certificateChain: chain, attestations: request.verifierInfo)
    }
}
