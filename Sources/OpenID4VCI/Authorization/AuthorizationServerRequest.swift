import Foundation
import HTTP
import JSONModel

/// A form POST to an authorization server endpoint (token, PAR) with an optional DPoP proof,
/// retried once when the server asks for a DPoP nonce (RFC 9449 §8).
///
/// The retry is bounded: a server that answers `use_dpop_nonce` again after the retry gets a
/// ``OpenID4VCIError/dpopNonceRetriesExhausted(endpoint:)`` instead of an endless loop.
struct AuthorizationServerRequest {
    let httpClient: any HTTPClient
    let dpop: (any DPoPProofProviding)?
    let nonces: DPoPNonceStore
    let maximumResponseBytes: Int

    /// How many times a request is repeated with a fresh nonce.
    static let maximumNonceRetries = 1

    /// Sends `form` to `url` and returns the final response, whatever its status.
    func post(
        _ form: [(String, String)], to url: URL, endpoint: IssuerEndpoint
    ) async throws(OpenID4VCIError) -> HTTPResponse {
        var retries = 0
        while true {
            var headers: HTTPHeaders = ["Accept": "application/json"]
            if let dpop {
                let nonce = await nonces.nonce(for: url)
                headers["DPoP"] = try await dpop.proof(method: "POST", url: url, accessToken: nil, nonce: nonce)
            }
            let response: HTTPResponse
            do {
                response = try await httpClient.postForm(url, form: form, headers: headers)
            } catch {
                throw .transport(endpoint: endpoint, error)
            }
            guard response.body.count <= maximumResponseBytes else {
                throw .invalidResponse(endpoint: endpoint, reason: "the response is larger than \(maximumResponseBytes) bytes")
            }
            let newNonce = response.headers["DPoP-Nonce"]
            if dpop != nil, let newNonce { await nonces.remember(newNonce, for: url) }
            if dpop != nil, newNonce != nil, (400...401).contains(response.status),
               OAuthErrorResponse(response.body)?.error == "use_dpop_nonce" {
                guard retries < Self.maximumNonceRetries else { throw .dpopNonceRetriesExhausted(endpoint: endpoint) }
                retries += 1
                continue
            }
            return response
        }
    }
}

/// An OAuth error response body (RFC 6749 §5.2): `error`, `error_description`.
struct OAuthErrorResponse {
    let error: String
    let description: String?

    init?(_ body: Data) {
        guard body.count <= 64 * 1024,
              case let .object(object)? = try? JSONValue(parsing: body, limits: JSONParser.Limits(maximumDepth: 16)),
              let error = object["error"]?.stringValue, !error.isEmpty
        else { return nil }
        self.error = error
        description = object["error_description"]?.stringValue
    }

    /// The typed error for a non-success response: the OAuth error when the body is one, else
    /// the bare status.
    static func failure(_ response: HTTPResponse, endpoint: IssuerEndpoint) -> OpenID4VCIError {
        if let parsed = OAuthErrorResponse(response.body) {
            return .oauthError(endpoint: endpoint, status: response.status, error: parsed.error, description: parsed.description)
        }
        return .invalidResponse(endpoint: endpoint, reason: "HTTP \(response.status)")
    }
}
