import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate that enforces an ``HTTPClientPolicy``'s size and time limits per
/// task, stops every redirect (``URLSessionHTTPClient`` follows them itself, after judging the
/// `Location` the server sent) and completes each request's continuation exactly once.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>

    private struct TaskState {
        var continuation: Completion
        var url: URL
        var body = Data()
        var failure: HTTPError?
    }

    private let policy: HTTPClientPolicy
    private let lock = NSLock()
    private var states: [Int: TaskState] = [:]

    init(policy: HTTPClientPolicy) {
        self.policy = policy
    }

    func register(task: URLSessionTask, url: URL, timeout: Double, continuation: Completion) {
        let identifier = task.taskIdentifier
        lock.withLock {
            states[identifier] = TaskState(continuation: continuation, url: url)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self, weak task] in
            guard let self, self.fail(taskIdentifier: identifier, with: .timeout) else { return }
            task?.cancel()
        }
    }

    /// Records `error` as the outcome of a running task; `false` when it already finished.
    @discardableResult
    func fail(taskIdentifier: Int, with error: HTTPError) -> Bool {
        lock.withLock {
            guard states[taskIdentifier] != nil else { return false }
            if states[taskIdentifier]?.failure == nil { states[taskIdentifier]?.failure = error }
            return true
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(policy.maximumResponseBytes) {
            fail(taskIdentifier: dataTask.taskIdentifier, with: .tooLarge(limit: policy.maximumResponseBytes))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = policy.maximumResponseBytes
        let overflow: Bool = lock.withLock {
            let identifier = dataTask.taskIdentifier
            guard var state = states[identifier], state.failure == nil else { return false }
            guard state.body.count + data.count <= limit else {
                state.failure = .tooLarge(limit: limit)
                state.body = Data()
                states[identifier] = state
                return true
            }
            state.body.append(data)
            states[identifier] = state
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // The 3xx response becomes the result: the client judges its `Location` as sent.
        // (`request.url` is Foundation's rewrite of it: a `file:` target arrives here as a
        // path on the same origin.)
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let identifier = task.taskIdentifier
        guard let state = lock.withLock({ states.removeValue(forKey: identifier) }) else { return }
        state.continuation.resume(returning: Self.outcome(of: state, task: task, error: error))
    }

    private static func outcome(of state: TaskState, task: URLSessionTask, error: (any Error)?) -> Result<HTTPResponse, HTTPError> {
        if let failure = state.failure { return .failure(failure) }
        if let error {
            if let urlError = error as? URLError {
                switch urlError.code {
                case .timedOut: return .failure(.timeout)
                case .cancelled: return .failure(.cancelled)
                default: return .failure(.transport(urlError.localizedDescription))
                }
            }
            return .failure(.transport(String(describing: error)))
        }
        guard let response = task.response as? HTTPURLResponse else {
            return .failure(.transport("no HTTP response"))
        }
        var headers = HTTPHeaders()
        let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, String(describing: value))
        }
        for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            headers.add(name: name, value: value)
        }
        return .success(HTTPResponse(
            status: response.statusCode, headers: headers, body: state.body,
            url: state.url))
    }
}
