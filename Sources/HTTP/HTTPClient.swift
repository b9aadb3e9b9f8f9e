import Foundation

/// Sends one HTTP request and returns the complete response.
///
/// Protocol modules (did:web, OpenID4VCI/VP, status lists) depend on this protocol, not on
/// URLSession, so tests can use a loopback server or a fake and an app can supply its own
/// transport. Implementations enforce their limits (time, size, redirects, schemes) and report
/// violations as ``HTTPError``.
public protocol HTTPClient: Sendable {
    /// Sends `request`; any status code is a response.
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}

extension HTTPClient {
    /// `GET url`.
    public func get(_ url: URL, headers: HTTPHeaders = [:]) async throws(HTTPError) -> HTTPResponse {
        try await send(HTTPRequest(method: .get, url: url, headers: headers))
    }

    /// `POST url` with an `application/x-www-form-urlencoded` body of `form`, in order
    /// (OAuth token and authorization-response endpoints expect this); `redirects` overrides
    /// the client policy's redirect rule for this request.
    public func postForm(
        _ url: URL, form: [(String, String)], headers: HTTPHeaders = [:],
        redirects: HTTPClientPolicy.RedirectPolicy? = nil
    ) async throws(HTTPError) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let body = Data(FormURLEncoding.encode(form).utf8)
        return try await send(HTTPRequest(method: .post, url: url, headers: headers, body: body, redirects: redirects))
    }

    /// `POST url` with `json` (already-encoded JSON bytes) as an `application/json` body.
    public func postJSON(
        _ url: URL, json: Data, headers: HTTPHeaders = [:]
    ) async throws(HTTPError) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return try await send(HTTPRequest(method: .post, url: url, headers: headers, body: json))
    }

    /// `POST url` with `value` encoded by `JSONEncoder` as an `application/json` body.
    public func postJSON(
        _ url: URL, encoding value: some Encodable, headers: HTTPHeaders = [:]
    ) async throws(HTTPError) -> HTTPResponse {
        let json: Data
        do {
            json = try JSONEncoder().encode(value)
        } catch {
            throw .encoding(String(describing: error))
        }
        return try await postJSON(url, json: json, headers: headers)
    }
}
