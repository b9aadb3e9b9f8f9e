import Foundation
import HTTP
import JSONModel

/// Why a credential offer or an issuance step could not be used, in terms a caller can act on.
public enum OpenID4VCIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link is not a credential offer: wrong scheme, no or both offer parameters.
    case invalidOfferLink(String)
    /// The offer's JSON breaks the OpenID4VCI 1.0 rules; the path names the member.
    case invalidOffer(path: String, reason: String)
    /// An HTTP exchange with `endpoint` failed below the protocol: connection, TLS, redirect,
    /// size or time limit, cancellation. See ``isConnectivityFailure`` for the ones worth a
    /// retry later.
    case transport(endpoint: IssuerEndpoint, HTTPError)
    /// `endpoint` answered, but not with the protocol's response: status, media type, size,
    /// JSON shape, a credential response with neither credentials nor a transaction id.
    case invalidResponse(endpoint: IssuerEndpoint, reason: String)
    /// The credential issuer answered a nonce, credential, deferred-credential or notification
    /// request with an error object (`invalid_proof`, `invalid_nonce`,
    /// `unknown_credential_configuration`, `invalid_transaction_id`, …); the wallet decides
    /// from ``CredentialIssuerError/code`` whether to retry, re-authorize or give up.
    case issuerError(CredentialIssuerError)
    /// The wallet cannot build the request it was asked for: no holder key, more keys than the
    /// issuer's `batch_size`, a proof algorithm the issuer does not accept, a DPoP token
    /// without a DPoP key, unusable encryption parameters.
    case invalidCredentialRequest(String)
    /// The issuer's proof type declares `key_attestations_required` and a holder key has no key
    /// attestation; found before anything is sent.
    case keyAttestationRequired
    /// A holder key's ``CryptoKeys/Signer`` failed to sign its proof (a secure area refused,
    /// the user cancelled).
    case proofSigningFailed(String)
    /// Credential request or response encryption failed: a plaintext answer where encryption
    /// was requested, a JWE for another key (`kid`) or with another `alg`/`enc`, or a JWE that
    /// does not decrypt (tampered).
    case encryptionFailed(String)
    /// `endpoint` (an authorization server's or the resource server's) kept answering
    /// `use_dpop_nonce` after the one retry RFC 9449 §8/§9 allows; the loop is bounded.
    case dpopNonceRetriesExhausted(endpoint: IssuerEndpoint)
    /// The resource server refused the access token (401/403); the value is its
    /// `WWW-Authenticate` header, if any. A new token is needed.
    case accessDenied(endpoint: IssuerEndpoint, status: Int, wwwAuthenticate: String?)
    /// The deferred credential was still pending after `attempts` polls; keep the
    /// ``DeferredCredentialHandle`` and try again later.
    case deferredIssuancePending(transactionID: String, attempts: Int)
    /// A URL from an offer, metadata or a caller breaks the transport rule
    /// (``TransportSecurityPolicy``): `name` says which member or step.
    case insecureEndpoint(name: String, url: String)
    /// The Credential Issuer Metadata breaks the OpenID4VCI 1.0 rules; the path names the member.
    case invalidIssuerMetadata(path: String, reason: String)
    /// The metadata's `credential_issuer` is not exactly the issuer identifier it was fetched
    /// for (§12.2.2: the data must then not be used).
    case credentialIssuerMismatch(expected: String, actual: String)
    /// Signed metadata was present (or required) but could not be verified and trusted.
    case signedMetadataRejected(String)
    /// An authorization server's metadata is unusable: wrong `issuer`, a missing or insecure
    /// endpoint, or malformed JSON.
    case invalidAuthorizationServerMetadata(issuer: String, reason: String)
    /// No authorization server of the issuer can be used: none answered, or the offer named
    /// one the issuer does not list.
    case authorizationServerUnavailable(String)
    /// An OAuth error response (RFC 6749 §5.2) from `endpoint`: `invalid_grant`,
    /// `invalid_client`, `invalid_request`, ...
    case oauthError(endpoint: IssuerEndpoint, status: Int, error: String, description: String?)
    /// The transaction code is missing, not wanted, or does not fit the offer's `tx_code`
    /// (input mode, length); nothing was sent.
    case invalidTransactionCode(String)
    /// A DPoP proof could not be made (the signer failed).
    case dpopProofFailed(String)
    /// The authorization response's `state` is missing or not the one sent: a forged or
    /// mixed-up redirect.
    case authorizationStateMismatch
    /// The authorization response's `iss` (RFC 9207) is missing where the server promised it,
    /// or names another authorization server (a mix-up attack).
    case authorizationIssuerMismatch(expected: String, actual: String?)
    /// The authorization server answered the authorization request with an error redirect.
    case authorizationDenied(error: String, description: String?)
    /// The redirect is not an authorization response for this flow (wrong redirect URI, no code).
    case invalidAuthorizationResponse(String)
    /// The requested grant cannot be used with this offer or authorization server.
    case unsupportedGrant(String)
    /// The offer names a credential configuration the issuer metadata does not describe.
    case unknownCredentialConfiguration(String)
    /// The issuance would break a rule of the ``IssuanceProfile`` in force (HAIP: PAR, DPoP,
    /// key attestation, ES256, X.509 issuer keys); found before the step that needs the rule
    /// sent anything.
    case profileViolation(rule: IssuanceProfile.Rule, reason: String)

    /// A message for a person reading a log.
    public var description: String {
        switch self {
        case let .invalidOfferLink(reason): "not a credential offer link: \(reason)"
        case let .invalidOffer(path, reason): "invalid credential offer at \(path): \(reason)"
        case let .transport(endpoint, error): "the \(endpoint) endpoint could not be reached: \(error)"
        case let .invalidResponse(endpoint, reason): "the \(endpoint) endpoint answered unexpectedly: \(reason)"
        case let .issuerError(error): "the credential issuer refused the request: \(error)"
        case let .invalidCredentialRequest(reason): "cannot build the credential request: \(reason)"
        case .keyAttestationRequired: "the issuer requires a key attestation for every holder key and one is missing"
        case let .proofSigningFailed(reason): "a holder key could not sign its proof: \(reason)"
        case let .encryptionFailed(reason): "credential encryption failed: \(reason)"
        case let .dpopNonceRetriesExhausted(endpoint): "the \(endpoint) endpoint kept asking for a new DPoP nonce"
        case let .accessDenied(endpoint, status, challenge):
            "the \(endpoint) endpoint refused the access token (HTTP \(status)\(challenge.map { ", \($0)" } ?? ""))"
        case let .deferredIssuancePending(transactionID, attempts):
            "deferred issuance \(transactionID) is still pending after \(attempts) attempts"
        case let .insecureEndpoint(name, url): "\(name) must use https (http only to loopback hosts): \(url)"
        case let .invalidIssuerMetadata(path, reason): "invalid credential issuer metadata at \(path): \(reason)"
        case let .credentialIssuerMismatch(expected, actual):
            "the metadata names credential_issuer \(actual), not \(expected) it was fetched for"
        case let .signedMetadataRejected(reason): "signed issuer metadata rejected: \(reason)"
        case let .invalidAuthorizationServerMetadata(issuer, reason):
            "invalid authorization server metadata for \(issuer): \(reason)"
        case let .authorizationServerUnavailable(reason): "no usable authorization server: \(reason)"
        case let .oauthError(endpoint, status, error, description):
            "the \(endpoint) endpoint answered HTTP \(status) \(error)\(description.map { ": \($0)" } ?? "")"
        case let .invalidTransactionCode(reason): "transaction code not usable: \(reason)"
        case let .dpopProofFailed(reason): "could not make a DPoP proof: \(reason)"
        case .authorizationStateMismatch: "the authorization response's state does not match the request"
        case let .authorizationIssuerMismatch(expected, actual):
            "the authorization response's iss is \(actual ?? "missing"), expected \(expected)"
        case let .authorizationDenied(error, description):
            "authorization failed: \(error)\(description.map { ": \($0)" } ?? "")"
        case let .invalidAuthorizationResponse(reason): "not an authorization response for this flow: \(reason)"
        case let .unsupportedGrant(reason): "grant not usable: \(reason)"
        case let .unknownCredentialConfiguration(id): "the issuer metadata does not describe credential configuration \(id)"
        case let .profileViolation(rule, reason): "issuance profile rule broken (\(rule)): \(reason)"
        }
    }
}

extension OpenID4VCIError {
    /// Whether the failure is the network's rather than the issuer's or the wallet's: a
    /// connection that could not be made or broke off (refused, DNS, TLS) or an answer that did
    /// not come in time.
    ///
    /// A wallet reports these as a connectivity problem and may offer a retry; every other case
    /// (a refusal, a malformed answer, a policy violation, a cancellation, a response over the
    /// size limit) will not change by trying again.
    public var isConnectivityFailure: Bool {
        guard case let .transport(_, error) = self else { return false }
        switch error {
        case .timeout, .transport: return true
        case .invalidURL, .insecureScheme, .unsupportedScheme, .tooLarge, .tooManyRedirects, .insecureRedirect,
             .crossOriginRedirect, .forbiddenAddress, .encoding, .cancelled:
            return false
        }
    }
}
