import DCQL
import Foundation
import HTTP
import JOSE
import JSONModel

/// The holder side of OpenID4VP 1.0, shaped like the Sphereon IDK's `Oid4vpHolder`:
/// parse → resolve → create a response → submit.
///
/// Parsing reads the link, fetches and opens the request object, and checks every parameter;
/// resolving authenticates the verifier by its client identifier prefix and settles the query.
/// Nothing is trusted from a request until ``resolveAuthorizationRequest(_:)`` returns.
public struct OpenID4VPHolder: Sendable {
    /// The transport for `request_uri` and `response_uri`.
    public let httpClient: any HTTPClient

    public init(httpClient: any HTTPClient) {
        self.httpClient = httpClient
    }

    /// Reads a request link (`openid4vp://`, `haip-vp://`, `eudi-openid4vp://` or `https`), by
    /// value or by `request`/`request_uri`, into a checked but not yet authenticated request.
    public func parseAuthorizationRequest(
        requestURI: String, walletConfiguration: WalletConfiguration
    ) async throws(OpenID4VPError) -> ParsedAuthorizationRequest {
        let link = try AuthorizationRequestLink(requestURI)
        let loader = RequestObjectLoader(httpClient: httpClient, configuration: walletConfiguration)
        let linkParameters = link.parameters
        if linkParameters["request_uri_method"] != nil, linkParameters["request_uri"] == nil {
            throw .invalidRequest(parameter: "request_uri_method", reason: "must not be present without request_uri")
        }
        let loaded: RequestObjectLoader.Loaded?
        switch (linkParameters["request"], linkParameters["request_uri"]) {
        case (.some, .some): throw .invalidRequest(parameter: "request_uri", reason: "must not be sent together with request")
        case let (.some(token), nil): loaded = try loader.open(token)
        case let (nil, .some(uri)): loaded = try await loader.fetch(uri, method: linkParameters["request_uri_method"])
        case (nil, nil): loaded = nil
        }
        let parameters: JSONObject
        if let loaded {
            // Only the request object's parameters count (RFC 9101 §6.3); the link must name
            // the client (RFC 9101 §5), and the same one (OpenID4VP §5.10.1).
            guard let linkClient = linkParameters["client_id"] else {
                throw .invalidRequest(parameter: "client_id", reason: "is required beside request or request_uri")
            }
            guard loaded.claims["client_id"]?.stringValue == linkClient else {
                throw .invalidRequestObject("the request object's client_id differs from the link's")
            }
            parameters = loaded.claims
        } else {
            parameters = JSONObject(linkParameters.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
        }
        return try checked(AuthorizationRequest(parameters: parameters), requestObject: loaded?.object, configuration: walletConfiguration)
    }

    /// Authenticates the verifier and settles the DCQL query (a `scope` is replaced by the
    /// query the wallet configured for it).
    public func resolveAuthorizationRequest(
        _ parsed: ParsedAuthorizationRequest
    ) async throws(OpenID4VPError) -> ResolvedAuthorizationRequest {
        let authenticator = ClientAuthenticator(configuration: parsed.walletConfiguration)
        let verifierInfo = try await authenticator.authenticate(parsed.request, requestObject: parsed.requestObject)
        let query: DCQLQuery
        if let dcql = parsed.request.dcqlQuery {
            query = dcql
        } else if let scope = parsed.request.scope, let known = parsed.walletConfiguration.scopeQueries[scope] {
            query = known
        } else {
            throw .invalidRequest(parameter: "scope", reason: "'\(parsed.request.scope ?? "")' is not a scope this wallet knows")
        }
        return ResolvedAuthorizationRequest(request: parsed.request, dcqlQuery: query, verifierInfo: verifierInfo)
    }
}

/// A request whose parameters are checked but whose sender is not yet authenticated.
public struct ParsedAuthorizationRequest: Sendable {
    /// The request's parameters.
    public let request: AuthorizationRequest
    /// The signed request object, when the request came as one (signature not yet checked).
    public let requestObject: JWSObject?
    /// The configuration it was parsed under, used again to resolve it.
    public let walletConfiguration: WalletConfiguration

    /// The verifier's client identifier (unauthenticated until resolved).
    public var clientID: String { request.clientID.rawValue }
    /// The nonce to bind presentations to.
    public var nonce: String { request.nonce }
    /// The verifier's state.
    public var state: String? { request.state }
    /// Where a `direct_post` response goes.
    public var responseURI: URL? { request.responseURI }
}

/// A request from an authenticated (or knowingly unauthenticated) verifier, ready for the
/// consent screen and the DCQL matcher.
public struct ResolvedAuthorizationRequest: Sendable {
    /// The request.
    public let request: AuthorizationRequest
    /// What the verifier asks for.
    public let dcqlQuery: DCQLQuery
    /// Who is asking.
    public let verifierInfo: VerifierInfo
}
