import Foundation
import HTTP
import JSONModel

/// Why a credential offer or an issuance step could not be used, in terms a caller can act on.
public enum OpenID4VCIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link is not a credential offer: wrong scheme, no or both offer parameters.
    case invalidOfferLink(String)
    /// The offer's JSON breaks the OpenID4VCI 1.0 rules; the path names the member.
    case invalidOffer(path: String, reason: String)
    /// Fetching `credential_offer_uri` failed at the HTTP level.
    case transport(HTTPError)
    /// The server answered, but not with an offer (status, media type, size or JSON).
    case unexpectedResponse(String)
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
    /// An HTTP exchange with `endpoint` failed below the protocol (connection, TLS, size,
    /// time limit).
    case network(endpoint: String, HTTPError)
    /// `endpoint` answered with something other than the protocol's response (status, media
    /// type, size or JSON shape).
    case invalidResponse(endpoint: String, reason: String)
    /// An OAuth error response (RFC 6749 §5.2) from `endpoint`: `invalid_grant`,
    /// `invalid_client`, `invalid_request`, ...
    case oauthError(endpoint: String, status: Int, error: String, description: String?)
    /// The transaction code is missing, not wanted, or does not fit the offer's `tx_code`
    /// (input mode, length); nothing was sent.
    case invalidTransactionCode(String)
    /// The server kept asking for a new DPoP nonce (`use_dpop_nonce`) after the one retry
    /// RFC 9449 §8 allows.
    case dpopNonceRetriesExhausted(endpoint: String)
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

    /// A message for a person reading a log.
    public var description: String {
        switch self {
        case let .invalidOfferLink(reason): "not a credential offer link: \(reason)"
        case let .invalidOffer(path, reason): "invalid credential offer at \(path): \(reason)"
        case let .transport(error): "fetching the credential offer failed: \(error)"
        case let .unexpectedResponse(reason): "the credential offer endpoint answered unexpectedly: \(reason)"
        case let .insecureEndpoint(name, url): "\(name) must use https (http only to loopback hosts): \(url)"
        case let .invalidIssuerMetadata(path, reason): "invalid credential issuer metadata at \(path): \(reason)"
        case let .credentialIssuerMismatch(expected, actual):
            "the metadata names credential_issuer \(actual), not \(expected) it was fetched for"
        case let .signedMetadataRejected(reason): "signed issuer metadata rejected: \(reason)"
        case let .invalidAuthorizationServerMetadata(issuer, reason):
            "invalid authorization server metadata for \(issuer): \(reason)"
        case let .authorizationServerUnavailable(reason): "no usable authorization server: \(reason)"
        case let .network(endpoint, error): "request to \(endpoint) failed: \(error)"
        case let .invalidResponse(endpoint, reason): "\(endpoint) answered unexpectedly: \(reason)"
        case let .oauthError(endpoint, status, error, description):
            "\(endpoint) answered HTTP \(status) \(error)\(description.map { ": \($0)" } ?? "")"
        case let .invalidTransactionCode(reason): "transaction code not usable: \(reason)"
        case let .dpopNonceRetriesExhausted(endpoint): "\(endpoint) kept asking for a new DPoP nonce"
        case let .dpopProofFailed(reason): "could not make a DPoP proof: \(reason)"
        case .authorizationStateMismatch: "the authorization response's state does not match the request"
        case let .authorizationIssuerMismatch(expected, actual):
            "the authorization response's iss is \(actual ?? "missing"), expected \(expected)"
        case let .authorizationDenied(error, description):
            "authorization failed: \(error)\(description.map { ": \($0)" } ?? "")"
        case let .invalidAuthorizationResponse(reason): "not an authorization response for this flow: \(reason)"
        case let .unsupportedGrant(reason): "grant not usable: \(reason)"
        case let .unknownCredentialConfiguration(id): "the issuer metadata does not describe credential configuration \(id)"
        }
    }
}
