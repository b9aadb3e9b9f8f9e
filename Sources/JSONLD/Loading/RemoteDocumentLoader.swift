import JSONModel

/// A document loader that reads from the network, for callers that opt in: only URLs on an
/// allow-list, through a fetcher the caller supplies, with bounds on size, time and redirects,
/// and a cache so each URL is fetched once.
///
/// Bundled contexts are served from ``StaticDocumentLoader`` first when a `fallback` is given
/// (the default), so a remote loader never fetches a context this module already has.
public struct RemoteDocumentLoader: DocumentLoader {
    /// Bounds on one load.
    public struct Limits: Sendable, Equatable {
        /// Largest body accepted.
        public var maximumBytes: Int
        /// Longest wait for one load, redirects included.
        public var timeout: Duration
        /// Most redirects followed.
        public var maximumRedirects: Int

        /// Limits fit for JSON-LD contexts (the largest common one is under 100 KB).
        public init(maximumBytes: Int = 1 << 20, timeout: Duration = .seconds(10), maximumRedirects: Int = 3) {
            self.maximumBytes = maximumBytes
            self.timeout = timeout
            self.maximumRedirects = maximumRedirects
        }
    }

    /// The URLs this loader may read.
    public let allowList: URLAllowList
    /// The bounds on each load.
    public let limits: Limits
    private let fetcher: any DocumentFetcher
    private let fallback: StaticDocumentLoader?
    private let cache: DocumentCache

    /// A loader reading through `fetcher` what `allowList` allows; `fallback` (the bundled
    /// contexts by default, `nil` for none) answers first.
    public init(
        allowList: URLAllowList, fetcher: any DocumentFetcher, limits: Limits = Limits(),
        fallback: StaticDocumentLoader? = .bundled
    ) {
        self.allowList = allowList
        self.fetcher = fetcher
        self.limits = limits
        self.fallback = fallback
        self.cache = DocumentCache()
    }

    public func loadDocument(at url: String) async throws(DocumentLoadingError) -> RemoteDocument {
        if let fallback, let bundled = try? await fallback.loadDocument(at: url) { return bundled }
        guard allowList.allows(url) else { throw .notAllowed(url: url) }
        if let cached = await cache.document(for: url) { return cached }
        let document = try await withDeadline(url) { [self] () async throws(DocumentLoadingError) -> RemoteDocument in
            try await fetchFollowingRedirects(url)
        }
        await cache.store(document, for: url)
        return document
    }

    private func fetchFollowingRedirects(_ start: String) async throws(DocumentLoadingError) -> RemoteDocument {
        var url = start
        var redirects = 0
        while true {
            let response = try await fetcher.fetch(url, maximumBytes: limits.maximumBytes)
            guard response.body.count <= limits.maximumBytes else { throw .tooLarge(url: url, limit: limits.maximumBytes) }
            switch response.status {
            case 200..<300:
                return try Self.document(from: response, url: url, limit: limits.maximumBytes)
            case 301, 302, 303, 307, 308:
                redirects += 1
                guard redirects <= limits.maximumRedirects else { throw .tooManyRedirects(url: start) }
                guard let location = response.location else { throw .httpStatus(url: url, status: response.status) }
                let next = IRIReference.resolve(location, against: url)
                guard allowList.allows(next) else { throw .notAllowed(url: next) }
                url = next
            default:
                throw .httpStatus(url: url, status: response.status)
            }
        }
    }

    private static func document(from response: FetchedDocument, url: String, limit: Int) throws(DocumentLoadingError) -> RemoteDocument {
        if let type = response.contentType?.lowercased(),
           type != "application/json", type != "application/ld+json", !type.hasSuffix("+json") {
            throw .notJSON(url: url, reason: "content type \(type)")
        }
        do {
            let value = try JSONValue(parsing: response.body, limits: JSONParser.Limits(maximumSize: limit))
            return RemoteDocument(documentURL: url, document: value, contentType: response.contentType)
        } catch {
            throw .notJSON(url: url, reason: "\(error)")
        }
    }

    /// Runs `body`, or gives up with ``DocumentLoadingError/timedOut(url:)`` after the timeout.
    private func withDeadline(
        _ url: String, _ body: @escaping @Sendable () async throws(DocumentLoadingError) -> RemoteDocument
    ) async throws(DocumentLoadingError) -> RemoteDocument {
        let timeout = limits.timeout
        let outcome = await withTaskGroup(of: Result<RemoteDocument, DocumentLoadingError>?.self) { group in
            group.addTask {
                do throws(DocumentLoadingError) { return .success(try await body()) } catch { return .failure(error) }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure(.timedOut(url: url))
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let next { return next }
            }
            return .failure(.timedOut(url: url))
        }
        return try outcome.get()
    }
}

/// The documents a ``RemoteDocumentLoader`` has read, by the URL it was asked for.
actor DocumentCache {
    private var documents: [String: RemoteDocument] = [:]

    func document(for url: String) -> RemoteDocument? { documents[url] }

    func store(_ document: RemoteDocument, for url: String) { documents[url] = document }
}
