import JSONModel

/// One JSON-LD operation's state: the options, the counters the limits are checked against,
/// and the remote contexts already loaded (each URL is dereferenced once per operation, as
/// the spec allows).
///
/// Not shared between tasks: an operation runs in the task that started it.
final class JSONLDProcessor {
    let options: JSONLDOptions
    private var loadedContexts: [String: RemoteDocument] = [:]
    private var remoteLoads = 0
    var contextSteps = 0
    private var blankNodeCounter = 0
    private var blankNodeLabels: [String: String] = [:]

    /// Context processing results: shared across operations for a static loader, this
    /// operation's own otherwise.
    let contextCache: ContextCache

    init(options: JSONLDOptions) {
        self.options = options
        if let loader = options.documentLoader as? StaticDocumentLoader {
            contextCache = ContextCache.shared
            sharedLoaderIdentity = loader.identity
        } else {
            contextCache = ContextCache()
            sharedLoaderIdentity = 0
        }
    }

    /// The static loader's identity, part of every shared cache key.
    let sharedLoaderIdentity: UInt64

    var limits: JSONLDLimits { options.limits }

    /// A remote context document, loaded once per operation and checked to be a map with
    /// `@context`.
    func loadRemoteContext(_ url: String) async throws(JSONLDError) -> RemoteDocument {
        if let cached = loadedContexts[url] { return cached }
        remoteLoads += 1
        guard remoteLoads <= limits.maxRemoteContexts else {
            throw .limitExceeded(.remoteContexts, limit: limits.maxRemoteContexts)
        }
        let loaded: RemoteDocument
        do {
            loaded = try await options.documentLoader.loadDocument(at: url)
        } catch {
            throw .loadingRemoteContextFailed(url: url, reason: error)
        }
        guard case let .object(object) = loaded.document, object.contains("@context") else {
            throw .error(.invalidRemoteContext, "\(url) is not a map with @context")
        }
        loadedContexts[url] = loaded
        return loaded
    }

    /// A fresh blank node identifier for `label` (the same one each time for the same
    /// label), or a new one when `label` is `nil`: the spec's Generate Blank Node Identifier.
    func blankNodeIdentifier(for label: String?) -> String {
        if let label, let known = blankNodeLabels[label] { return known }
        let identifier = "_:b\(blankNodeCounter)"
        blankNodeCounter += 1
        if let label { blankNodeLabels[label] = identifier }
        return identifier
    }
}
