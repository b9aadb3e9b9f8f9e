import Foundation
import HTTP

/// Sends requests to the issuer's protected endpoints with the access token: `Bearer`, or
/// `DPoP` with a fresh proof bound to the token (`ath`) and the latest server nonce.
///
/// When the server answers 401 with `WWW-Authenticate: DPoP error="use_dpop_nonce"` and a
/// `DPoP-Nonce` (RFC 9449 §9), the request is sent again with that nonce, at most
/// `maximumNonceRetries` times; a server that keeps asking is an error, not a loop.
struct ResourceServerRequester: Sendable {
    let httpClient: any HTTPClient
    let dpop: (any DPoPProofProviding)?
    let nonces: DPoPNonceStore
    let maximumNonceRetries: Int

    func post(
        _ url: URL, body: Data, contentType: String, accessToken: AccessToken, endpoint: IssuerEndpoint
    ) async throws(OpenID4VCIError) -> HTTPResponse {
        var retries = 0
        while true {
            var headers: HTTPHeaders = ["Content-Type": contentType, "Accept": "application/json, application/jwt"]
            headers["Authorization"] = accessToken.authorizationHeader
            if accessToken.tokenType == .dpop {
                guard let dpop else {
                    throw .invalidCredentialRequest("the access token is DPoP-bound but no DPoP key was given")
                }
                headers["DPoP"] = try await dpop.proof(
                    method: "POST", url: url, accessToken: accessToken.value, nonce: await nonces.nonce(for: url))
            }
            let response: HTTPResponse
            do {
                response = try await httpClient.send(HTTPRequest(method: .post, url: url, headers: headers, body: body))
            } catch {
                throw .transport(endpoint: endpoint, error)
            }
            await nonces.remember(from: response.headers, for: url)
            guard accessToken.tokenType == .dpop, Self.asksForNonce(response) else { return response }
            guard retries < maximumNonceRetries else { throw .dpopNonceRetriesExhausted(endpoint: endpoint) }
            retries += 1
        }
    }

    /// RFC 9449 §9: a 401 whose DPoP challenge has `error="use_dpop_nonce"` and that supplies
    /// a `DPoP-Nonce`.
    static func asksForNonce(_ response: HTTPResponse) -> Bool {
        guard response.status == 401, response.headers["DPoP-Nonce"] != nil else { return false }
        return AuthenticationChallenge.parse(response.headers.values(for: "WWW-Authenticate")).contains {
            $0.scheme == "dpop" && $0.parameters["error"] == "use_dpop_nonce"
        }
    }
}
