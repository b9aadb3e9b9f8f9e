import Foundation

/// What every client does around a single hop: check the URL's scheme, judge the addresses
/// its host stands for, send, and follow a redirect only after judging the `Location` the
/// server sent — all under one deadline for the whole exchange.
///
/// The transports (``NIOHTTPClient``, ``URLSessionHTTPClient``) supply only the hop itself, so
/// the rules are written once.
struct RedirectingExchange: Sendable {
    let policy: HTTPClientPolicy
    let resolver: any HostResolver

    /// The statuses whose `Location` is followed (RFC 9110 §15.4; 300 and 304 are not
    /// redirects to follow).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Sends `request`, calling `hop` for each URL with the addresses its host was judged by
    /// and the deadline, and following redirects as the policy and the request allow.
    func send(
        _ request: HTTPRequest,
        hop: (HTTPRequest, [IPAddress], ContinuousClock.Instant) async throws(HTTPError) -> HTTPResponse
    ) async throws(HTTPError) -> HTTPResponse {
        let deadline = ContinuousClock.now + (request.timeout ?? policy.timeout)
        let rule = request.redirects ?? policy.redirects
        var current = request
        var redirects = 0
        while true {
            try policy.check(current.url)
            let addresses = try await checkedAddresses(of: current.url, before: deadline)
            let response = try await hop(current, addresses, deadline)
            guard rule != .never, Self.redirectStatuses.contains(response.status),
                let target = HTTPClientPolicy.redirectTarget(location: response.headers["Location"], from: current.url)
            else { return response }
            redirects += 1
            guard redirects <= policy.maximumRedirects else { throw .tooManyRedirects(limit: policy.maximumRedirects) }
            try policy.checkRedirect(from: current.url, to: target, rule: rule)
            current = Self.redirected(current, to: target, status: response.status)
        }
    }

    /// The request to send to `target` after a `status` redirect: 307 and 308 keep the method
    /// and body, the others become a GET without a body (RFC 9110 §15.4, as browsers do);
    /// credentials (`Authorization`, `DPoP`, `Cookie`) are not carried to another origin.
    static func redirected(_ request: HTTPRequest, to target: URL, status: Int) -> HTTPRequest {
        var next = request
        next.url = target
        if status != 307, status != 308, request.method != .get {
            next.method = .get
            next.body = nil
            next.headers["Content-Type"] = nil
        }
        if HTTPClientPolicy.origin(of: target) != HTTPClientPolicy.origin(of: request.url) {
            for name in ["Authorization", "DPoP", "Cookie"] { next.headers[name] = nil }
        }
        return next
    }

    /// The addresses `url`'s host stands for (itself when it is a literal), each allowed by the
    /// address policy; throws ``HTTPError/forbiddenAddress(host:address:range:)`` for the first
    /// that is not. Nothing has been sent to the host yet.
    func checkedAddresses(of url: URL, before deadline: ContinuousClock.Instant) async throws(HTTPError) -> [IPAddress] {
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
        if let literal = IPAddress(host) {
            try policy.addresses.check(host: host, addresses: [literal])
            return [literal]
        }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw .timeout }
        let resolver = self.resolver
        let addresses = try await Deadline.race(remaining) { () async throws(HTTPError) -> [IPAddress] in
            try await resolver.addresses(of: host)
        }
        try policy.addresses.check(host: host, addresses: addresses)
        return addresses
    }
}
