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
/// - every host (a literal address, or each address its name resolves to) is judged by the
///   policy's ``HTTPAddressPolicy`` before a connection is made;
/// - each redirect is read from the server's `Location` and checked before it is followed;
/// - a watchdog cancels the task when the total time limit passes.
///
/// Two limits of the transport remain, which is why ``NIOHTTPClient`` is the default: it
/// connects by name after the check (a DNS answer could change in between), and on Linux
/// FoundationNetworking reads the body on its own queue and hands it to the delegate
/// asynchronously, so against a fast endless body the cancel lands megabytes after the limit.
/// Use it where the system's proxy, VPN and App Transport Security handling matter more.
///
/// Call ``invalidate()`` when done with a client that is not kept for the process lifetime.
public final class URLSessionHTTPClient: HTTPClient {
    /// The limits applied to every request.
    public let policy: HTTPClientPolicy
    /// Where host names are resolved before the address policy judges them.
    public let resolver: any HostResolver
    private let session: URLSession
    private let delegate: SessionDelegate

    /// A client enforcing `policy`, resolving names with `resolver` to judge their addresses.
    public init(policy: HTTPClientPolicy = HTTPClientPolicy(), resolver: any HostResolver = SystemHostResolver()) {
        self.policy = policy
        self.resolver = resolver
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

    /// Sends `request` through URLSession, enforcing the policy's scheme, address, time, size
    /// and redirect limits; see ``HTTPClient/send(_:)``.
    ///
    /// Redirects are followed here, not by URLSession: each 3xx response's `Location` is read
    /// as the server sent it, resolved against the URL that answered, and judged (scheme,
    /// downgrade, same origin where the request asks for it, address) before the next hop is
    /// sent. The time limit is one deadline for the whole exchange, every hop and the name
    /// resolution included.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try await RedirectingExchange(policy: policy, resolver: resolver).send(request) {
            (hop, _, deadline) async throws(HTTPError) -> HTTPResponse in
            try await perform(hop, until: deadline)
        }
    }

    /// One request to one URL, with URLSession's redirect handling switched off.
    func perform(_ request: HTTPRequest, until deadline: ContinuousClock.Instant) async throws(HTTPError) -> HTTPResponse {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw .timeout }
        let seconds = HTTPClientPolicy.seconds(remaining)
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body

        let task = session.dataTask(with: urlRequest)
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(task: task, url: request.url, timeout: seconds, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            delegate.fail(taskIdentifier: task.taskIdentifier, with: .cancelled)
            task.cancel()
        }
        return try result.get()
    }
}
