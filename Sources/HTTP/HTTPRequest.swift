import Foundation

/// A request to send: a plain value, so protocol code can build and test it without a network.
public struct HTTPRequest: Sendable, Equatable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL.
    public var url: URL
    /// Header fields.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?
    /// A time limit for this request that overrides the client policy's, or `nil`.
    public var timeout: Duration?
    /// A redirect rule for this request that overrides the client policy's, or `nil`: a
    /// request whose body must reach exactly the URL it was checked for (an authorization
    /// response carrying credentials) sets ``HTTPClientPolicy/RedirectPolicy/never``, since a
    /// 307 or 308 would send the same body to another host.
    public var redirects: HTTPClientPolicy.RedirectPolicy?

    /// A request; only `url` is required.
    public init(
        method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
        timeout: Duration? = nil, redirects: HTTPClientPolicy.RedirectPolicy? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.redirects = redirects
    }
}
