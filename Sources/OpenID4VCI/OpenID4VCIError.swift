import Foundation
import HTTP
import JSONModel

/// Why a credential offer (or, later, an issuance step) could not be used.
public enum OpenID4VCIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link is not a credential offer: wrong scheme, no or both offer parameters.
    case invalidOfferLink(String)
    /// The offer's JSON breaks the OpenID4VCI 1.0 rules; the path names the member.
    case invalidOffer(path: String, reason: String)
    /// Fetching `credential_offer_uri` failed at the HTTP level.
    case transport(HTTPError)
    /// The server answered, but not with an offer (status, media type, size or JSON).
    case unexpectedResponse(String)
    /// The credential issuer answered a nonce, credential, deferred-credential or notification
    /// request with an error object (`invalid_proof`, `invalid_nonce`,
    /// `unknown_credential_configuration`, `invalid_transaction_id`, …); the wallet decides
    /// from ``CredentialIssuerError/code`` whether to retry, re-authorize or give up.
    case issuerError(CredentialIssuerError)
    /// A credential-side endpoint (nonce, credential, deferred credential, notification) could
    /// not be reached; `endpoint` names which.
    case credentialTransport(endpoint: IssuerEndpoint, HTTPError)
    /// A credential-side endpoint answered, but not with a usable response: status, media type,
    /// size, JSON shape, a response with neither credentials nor a transaction id.
    case invalidCredentialResponse(endpoint: IssuerEndpoint, reason: String)
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
    /// The resource server kept answering `use_dpop_nonce` after the allowed retries.
    case dpopNonceRetryExhausted(endpoint: IssuerEndpoint)
    /// The resource server refused the access token (401/403); the value is its
    /// `WWW-Authenticate` header, if any. A new token is needed.
    case accessDenied(endpoint: IssuerEndpoint, status: Int, wwwAuthenticate: String?)
    /// The deferred credential was still pending after `attempts` polls; keep the
    /// ``DeferredCredentialHandle`` and try again later.
    case deferredIssuancePending(transactionID: String, attempts: Int)

    public var description: String {
        switch self {
        case let .invalidOfferLink(reason): "not a credential offer link: \(reason)"
        case let .invalidOffer(path, reason): "invalid credential offer at \(path): \(reason)"
        case let .transport(error): "fetching the credential offer failed: \(error)"
        case let .unexpectedResponse(reason): "the credential offer endpoint answered unexpectedly: \(reason)"
        case let .issuerError(error): "the credential issuer refused the request: \(error)"
        case let .credentialTransport(endpoint, error): "the \(endpoint) endpoint could not be reached: \(error)"
        case let .invalidCredentialResponse(endpoint, reason): "the \(endpoint) endpoint answered unexpectedly: \(reason)"
        case let .invalidCredentialRequest(reason): "cannot build the credential request: \(reason)"
        case .keyAttestationRequired: "the issuer requires a key attestation for every holder key and one is missing"
        case let .proofSigningFailed(reason): "a holder key could not sign its proof: \(reason)"
        case let .encryptionFailed(reason): "credential encryption failed: \(reason)"
        case let .dpopNonceRetryExhausted(endpoint): "the \(endpoint) endpoint kept asking for a new DPoP nonce"
        case let .accessDenied(endpoint, status, challenge):
            "the \(endpoint) endpoint refused the access token (HTTP \(status)\(challenge.map { ", \($0)" } ?? ""))"
        case let .deferredIssuancePending(transactionID, attempts):
            "deferred issuance \(transactionID) is still pending after \(attempts) attempts"
        }
    }
}
