/// Bounds on the work one JSON-LD operation may do, for documents from strangers.
///
/// The JSON parser already bounds the document's size and nesting; these bound what
/// processing can multiply out of a small document: contexts that pull in contexts,
/// scoped contexts nested deeply, and node maps that grow into many quads. Going over one is
/// ``JSONLDError/limitExceeded(_:limit:)``, never a crash or an unbounded loop.
public struct JSONLDLimits: Sendable, Hashable {
    /// Which bound was hit.
    public enum Limit: String, Sendable {
        /// Remote contexts nested inside one another (a context that loads a context …).
        case remoteContextDepth = "remote context depth"
        /// Remote contexts (and imports) loaded in one operation.
        case remoteContexts = "remote contexts loaded"
        /// Nesting of the expansion recursion (arrays and maps inside one another).
        case expansionDepth = "expansion depth"
        /// Nodes in the node map (subjects across all graphs).
        case nodes = "nodes"
        /// Quads written by toRdf.
        case quads = "quads"
        /// Context processing steps (each local context processed counts one).
        case contextProcessing = "context processing steps"
    }

    /// Most remote contexts nested in one chain; the spec's `context overflow` beyond.
    public var maxRemoteContextDepth: Int
    /// Most remote context loads in one operation (each URL is loaded once and cached).
    public var maxRemoteContexts: Int
    /// Deepest expansion recursion.
    public var maxExpansionDepth: Int
    /// Most nodes in the node map.
    public var maxNodes: Int
    /// Most quads in the RDF dataset.
    public var maxQuads: Int
    /// Most local contexts processed (scoped contexts are processed again for every node
    /// that uses them, so a small document can ask for a lot of this).
    public var maxContextProcessing: Int

    /// Limits with room for any real credential or presentation.
    public init(
        maxRemoteContextDepth: Int = 16, maxRemoteContexts: Int = 64, maxExpansionDepth: Int = 128,
        maxNodes: Int = 100_000, maxQuads: Int = 500_000, maxContextProcessing: Int = 100_000
    ) {
        self.maxRemoteContextDepth = maxRemoteContextDepth
        self.maxRemoteContexts = maxRemoteContexts
        self.maxExpansionDepth = maxExpansionDepth
        self.maxNodes = maxNodes
        self.maxQuads = maxQuads
        self.maxContextProcessing = maxContextProcessing
    }

    /// The defaults.
    public static let `default` = JSONLDLimits()
}
