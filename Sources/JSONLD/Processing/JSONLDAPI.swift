import JSONModel

/// The JSON-LD 1.1 API operations this module offers: `expand` and `toRdf`, on a parsed
/// document or on one loaded by URL through the options' document loader.
public enum JSONLDAPI {
    /// The expanded form of `document` (an array of node objects), per the JSON-LD 1.1
    /// Expansion algorithm with the API's final steps.
    ///
    /// - Parameter documentURL: where the document came from, the base for its relative
    ///   IRIs and contexts when `options.base` is not set.
    public static func expand(
        _ document: JSONValue, documentURL: String? = nil, options: JSONLDOptions = JSONLDOptions()
    ) async throws(JSONLDError) -> JSONValue {
        try await JSONLDProcessor(options: options).expandDocument(document, documentURL: documentURL, contextURL: nil)
    }

    /// The document at `url`, loaded through the options' loader, expanded.
    public static func expand(documentAt url: String, options: JSONLDOptions = JSONLDOptions()) async throws(JSONLDError) -> JSONValue {
        let remote = try await load(url, options: options)
        return try await JSONLDProcessor(options: options)
            .expandDocument(remote.document, documentURL: remote.documentURL, contextURL: remote.contextURL)
    }

    /// The RDF dataset `document` denotes (Deserialize JSON-LD to RDF, §8.1).
    public static func toRDF(
        _ document: JSONValue, documentURL: String? = nil, options: JSONLDOptions = JSONLDOptions()
    ) async throws(JSONLDError) -> RDFDataset {
        let processor = JSONLDProcessor(options: options)
        let expanded = try await processor.expandDocument(document, documentURL: documentURL, contextURL: nil)
        return try processor.toRDF(expanded)
    }

    /// The document at `url`, loaded through the options' loader, as an RDF dataset.
    public static func toRDF(documentAt url: String, options: JSONLDOptions = JSONLDOptions()) async throws(JSONLDError) -> RDFDataset {
        let remote = try await load(url, options: options)
        let processor = JSONLDProcessor(options: options)
        let expanded = try await processor.expandDocument(remote.document, documentURL: remote.documentURL, contextURL: remote.contextURL)
        return try processor.toRDF(expanded)
    }

    private static func load(_ url: String, options: JSONLDOptions) async throws(JSONLDError) -> RemoteDocument {
        do {
            return try await options.documentLoader.loadDocument(at: url)
        } catch {
            throw .loadingDocumentFailed(url: url, reason: error)
        }
    }
}

extension JSONLDProcessor {
    func expandDocument(_ document: JSONValue, documentURL: String?, contextURL: String?) async throws(JSONLDError) -> JSONValue {
        let base = options.base ?? documentURL
        var active = ActiveContext(base: base, processingMode: options.processingMode)
        if let expandContext = options.expandContext {
            let local = expandContext["@context"] ?? expandContext
            active = try await processContext(active, local: local, baseURL: base)
        }
        if let contextURL {
            active = try await processContext(active, local: .string(contextURL), baseURL: base)
        }
        var expanded = try await expand(document, in: active, property: nil, baseURL: documentURL ?? options.base, depth: 0)
        if case let .object(map) = expanded, map.count == 1, let graph = map["@graph"] {
            expanded = graph
        }
        switch expanded {
        case .null: return .array([])
        case .array: return expanded
        default: return .array([expanded])
        }
    }

    func toRDF(_ expanded: JSONValue) throws(JSONLDError) -> RDFDataset {
        let map = NodeMap(maxNodes: limits.maxNodes)
        try generateNodeMap(expanded, into: map)
        return try dataset(from: map)
    }
}
