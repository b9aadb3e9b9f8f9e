import HTTP

/// Why an OpenID4VP authorization request cannot be processed, or a response not sent.
///
/// Each case maps to the OAuth error a wallet reports back to the verifier
/// (``oauthError``), so a refusal can be explained to both the user and the verifier.
public enum OpenID4VPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link is not an OpenID4VP request: wrong scheme, no parameters, repeated parameters.
    case invalidRequestLink(String)
    /// A request parameter is missing or breaks a rule of OpenID4VP 1.0; `parameter` names it.
    case invalidRequest(parameter: String, reason: String)
    /// The request object (JAR) is malformed, of the wrong `typ`, or its signature does not
    /// verify.
    case invalidRequestObject(String)
    /// The request uses a client identifier prefix the wallet refuses (`origin:`, an unknown
    /// prefix, or `openid_federation:` without a trust chain).
    case unsupportedClientIdentifierPrefix(String)
    /// The verifier's identity could not be established for its client identifier prefix.
    case clientAuthenticationFailed(prefix: String, reason: String)
    /// The request carries transaction data the wallet cannot handle (a type it does not
    /// understand, hashes it cannot make), for the reason given; the specification requires
    /// refusing the whole request.
    case unsupportedTransactionData(String)
    /// Fetching `request_uri` or posting the response failed at the HTTP level.
    case transport(HTTPError)
    /// An endpoint answered, but not as the specification requires.
    case unexpectedResponse(String)
    /// A presentation could not be built (missing claim, signing failure).
    case presentationFailed(String)
    /// The chosen presentations do not answer the request's query.
    case selectionDoesNotAnswerQuery(String)

    /// The OAuth `error` code to send to the verifier for this failure.
    public var oauthError: String {
        switch self {
        case .invalidRequestLink, .invalidRequest: "invalid_request"
        case .unsupportedTransactionData: "invalid_transaction_data"
        case .invalidRequestObject: "invalid_request_object"
        case .unsupportedClientIdentifierPrefix, .clientAuthenticationFailed: "invalid_client"
        case .transport, .unexpectedResponse: "invalid_request_uri"
        case .presentationFailed, .selectionDoesNotAnswerQuery: "access_denied"
        }
    }

    public var description: String {
        switch self {
        case let .invalidRequestLink(reason): "not an OpenID4VP request link: \(reason)"
        case let .invalidRequest(parameter, reason): "invalid authorization request parameter \(parameter): \(reason)"
        case let .invalidRequestObject(reason): "invalid request object: \(reason)"
        case let .unsupportedClientIdentifierPrefix(prefix): "the client identifier prefix '\(prefix)' is not accepted"
        case let .clientAuthenticationFailed(prefix, reason): "the verifier could not be authenticated (\(prefix)): \(reason)"
        case let .unsupportedTransactionData(reason): "unsupported transaction data: \(reason)"
        case let .transport(error): "HTTP failure: \(error)"
        case let .unexpectedResponse(reason): "the verifier answered unexpectedly: \(reason)"
        case let .presentationFailed(reason): reason
        case let .selectionDoesNotAnswerQuery(reason): "the chosen credentials do not answer the request: \(reason)"
        }
    }
}
