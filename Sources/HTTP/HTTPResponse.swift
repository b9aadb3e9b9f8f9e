import Foundation

/// A complete response, already checked against the client's size limit.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code (any code is a response, not an error).
    public var status: Int
    /// Header fields.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data
    /// The URL that answered, after redirects: protocols that bind to an origin must use it.
    public var url: URL

    /// A response value (clients make these; tests and fakes may too).
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The media type of `Content-Type`, lower-cased, without parameters (`application/json`
    /// for `Application/JSON; charset=utf-8`); `nil` when the header is absent.
    public var mediaType: String? {
        headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
