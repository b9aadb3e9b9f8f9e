import JSONModel

/// A document loader over a fixed set of documents matched by exact URL: offline, read-only,
/// and the default for every JSON-LD operation.
///
/// A URL outside the set is ``DocumentLoadingError/notAvailable(url:)`` naming it: an unknown
/// context is an error the caller sees, never a silent network fetch.
public struct StaticDocumentLoader: DocumentLoader {
    private let documents: [String: JSONValue]
    /// Distinguishes this loader's documents in the shared context cache (two loaders may
    /// serve different documents at one URL).
    let identity: UInt64

    /// A loader over `documents`, keyed by URL.
    public init(documents: [String: JSONValue]) {
        self.documents = documents
        self.identity = ContextCache.nextIdentity()
    }

    /// The URLs this loader serves.
    public var urls: [String] { documents.keys.sorted() }

    public func loadDocument(at url: String) async throws(DocumentLoadingError) -> RemoteDocument {
        guard let document = documents[url] else { throw .notAvailable(url: url) }
        return RemoteDocument(documentURL: url, document: document, contentType: "application/ld+json")
    }

    /// This loader with `other`'s documents added (`other` wins on the same URL).
    public func adding(_ other: [String: JSONValue]) -> StaticDocumentLoader {
        StaticDocumentLoader(documents: documents.merging(other) { _, new in new })
    }

    /// The contexts bundled with this module (see ``BundledContexts``).
    public static let bundled = StaticDocumentLoader(documents: BundledContexts.documents)
}
