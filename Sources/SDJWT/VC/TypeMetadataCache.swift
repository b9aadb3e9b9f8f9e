import Foundation

/// Type Metadata documents kept by their integrity digest (draft-ietf-oauth-sd-jwt-vc,
/// "From a Local Cache"): a document named with `vct#integrity` or `extends#integrity` is
/// fixed by that digest, so it can be reused indefinitely whatever the HTTP caching
/// headers said — and a wallet stops telling the type's host each time it shows a card.
///
/// Documents without integrity are not kept here (their freshness is HTTP caching's
/// business). The cache holds at most ``capacity`` documents, dropping the least recently
/// used.
public actor TypeMetadataCache {
    /// The most documents kept.
    public let capacity: Int
    private var documents: [String: Data] = [:]
    private var order: [String] = []

    /// An empty cache of at most `capacity` documents.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
    }

    /// The document stored under `integrity`, if any.
    public func document(for integrity: String) -> Data? {
        guard let document = documents[integrity] else { return nil }
        touch(integrity)
        return document
    }

    /// Keeps `document`, which matched `integrity`.
    public func store(_ document: Data, for integrity: String) {
        documents[integrity] = document
        touch(integrity)
        while order.count > capacity {
            documents[order.removeFirst()] = nil
        }
    }

    /// How many documents are kept.
    public var count: Int { documents.count }

    private func touch(_ integrity: String) {
        order.removeAll { $0 == integrity }
        order.append(integrity)
    }
}
