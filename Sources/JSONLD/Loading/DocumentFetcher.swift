/// The transport a ``RemoteDocumentLoader`` reads through, which the caller injects: `JSONLD`
/// sits beside the `HTTP` module, not above it, so the wallet or CLI wires its HTTP client in
/// (and a test, a loopback server).
///
/// A fetcher makes one request and does not follow redirects: it returns a 3xx as it came, so
/// that the loader can check every hop against its allow-list and count them.
public protocol DocumentFetcher: Sendable {
    /// GET `url` with `Accept: application/ld+json, application/json`, reading at most
    /// `maximumBytes` of the body (more is ``DocumentLoadingError/tooLarge(url:limit:)``).
    func fetch(_ url: String, maximumBytes: Int) async throws(DocumentLoadingError) -> FetchedDocument
}

/// One response, as a ``DocumentFetcher`` got it.
public struct FetchedDocument: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The `Content-Type` media type (no parameters), if any.
    public var contentType: String?
    /// The `Location` header of a redirect, as sent.
    public var location: String?
    /// The body.
    public var body: [UInt8]

    /// A response.
    public init(status: Int, contentType: String? = nil, location: String? = nil, body: [UInt8] = []) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }
}
