import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPClient``: URLSession (FoundationNetworking over libcurl on Linux) with an
/// ephemeral configuration (no cookies, no cache, no credential storage) and the limits of an
/// ``HTTPClientPolicy``.
///
/// The limits are enforced by a session-level delegate, which works the same on Linux and
/// Apple platforms (a per-task delegate is ignored by FoundationNetworking):
/// - the body is counted as it arrives, so a server that omits or understates
///   `Content-Length` is cut off at the limit; a declared `Content-Length` over the limit is
///   refused before the body is read;
/// - each redirect is checked against the policy before it is followed;
/// - a watchdog cancels the task when the total time limit passes.
///
/// Call ``invalidate()`` when done with a client that is not kept for the process lifetime.
public final class URLSessionHTTPClient: HTTPClient {
    /// The limits applied to every request.
    public let policy: HTTPClientPolicy
    private let session: URLSession
    private let delegate: SessionDelegate

    /// A client enforcing `policy`.
    public init(policy: HTTPClientPolicy = HTTPClientPolicy()) {
        self.policy = policy
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = policy.timeoutSeconds
        configuration.timeoutIntervalForResource = policy.timeoutSeconds
        let delegate = SessionDelegate(policy: policy)
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Cancels outstanding requests and releases the session.
    public func invalidate() {
        session.invalidateAndCancel()
    }

    /// Sends `request` through URLSession, enforcing the policy's scheme, time, size and
    /// redirect limits; see ``HTTPClient/send(_:)``.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try policy.check(request.url)
        let timeout = request.timeout.map(HTTPClientPolicy.seconds) ?? policy.timeoutSeconds
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body

        let task = session.dataTask(with: urlRequest)
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(
                    task: task, originalURL: request.url, timeout: timeout, redirects: request.redirects,
                    continuation: continuation)
                task.resume()
            }
        } onCancel: {
            delegate.fail(taskIdentifier: task.taskIdentifier, with: .cancelled)
            task.cancel()
        }
        return try result.get()
    }
}
