import JSONModel

/// Loads the documents JSON-LD processing refers to by URL: remote contexts, `@import`s and
/// the document itself.
///
/// Nothing in this module fetches from the network on its own: the default loader is
/// ``StaticDocumentLoader/bundled``, a fixed set of contexts, and a ``RemoteDocumentLoader``
/// exists only where a caller makes one with an allow-list and a fetcher.
public protocol DocumentLoader: Sendable {
    /// The document at `url` (an absolute IRI), parsed.
    func loadDocument(at url: String) async throws(DocumentLoadingError) -> RemoteDocument
}

/// A loaded document (the API's RemoteDocument): the parsed JSON and the URL it was finally
/// read from, which becomes the base for the relative IRIs inside it.
public struct RemoteDocument: Sendable, Equatable {
    /// The URL after any redirects.
    public var documentURL: String
    /// The parsed document.
    public var document: JSONValue
    /// The media type the server declared, if any.
    public var contentType: String?
    /// A context named by an HTTP `Link` header, if any.
    public var contextURL: String?

    /// A loaded document.
    public init(documentURL: String, document: JSONValue, contentType: String? = nil, contextURL: String? = nil) {
        self.documentURL = documentURL
        self.document = document
        self.contentType = contentType
        self.contextURL = contextURL
    }
}

/// Why a document could not be loaded.
public enum DocumentLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one the loader serves (for the offline loader: not bundled).
    case notAvailable(url: String)
    /// The URL is outside the caller's allow-list.
    case notAllowed(url: String)
    /// The response was larger than the loader accepts.
    case tooLarge(url: String, limit: Int)
    /// The server did not answer in time.
    case timedOut(url: String)
    /// More redirects than the loader follows.
    case tooManyRedirects(url: String)
    /// The server answered with a status other than 2xx.
    case httpStatus(url: String, status: Int)
    /// The bytes are not a JSON document.
    case notJSON(url: String, reason: String)
    /// The fetch failed for another reason (connection refused, TLS, …).
    case transport(url: String, reason: String)

    public var description: String {
        switch self {
        case let .notAvailable(url): "\(url) is not available offline (not a bundled context)"
        case let .notAllowed(url): "\(url) is not on the allow-list"
        case let .tooLarge(url, limit): "\(url) is larger than \(limit) bytes"
        case let .timedOut(url): "\(url) did not answer in time"
        case let .tooManyRedirects(url): "\(url) redirected too many times"
        case let .httpStatus(url, status): "\(url) answered HTTP \(status)"
        case let .notJSON(url, reason): "\(url) is not JSON: \(reason)"
        case let .transport(url, reason): "\(url): \(reason)"
        }
    }
}
