import JSONModel

/// The JSON-LD 1.1 API options this module honours (JsonLdOptions, §9.4.3), with the
/// document loader and the limits.
public struct JSONLDOptions: Sendable {
    /// `json-ld-1.0` refuses 1.1 features; `json-ld-1.1` is the default.
    public enum ProcessingMode: String, Sendable { case jsonLD10 = "json-ld-1.0", jsonLD11 = "json-ld-1.1" }

    /// How toRdf writes a string's base direction.
    public enum RDFDirection: String, Sendable {
        /// A datatype `https://www.w3.org/ns/i18n#{language}_{direction}`.
        case i18nDatatype = "i18n-datatype"
        /// A blank node with `rdf:value`, `rdf:language` and `rdf:direction`.
        case compoundLiteral = "compound-literal"
    }

    /// The base IRI; when `nil`, the document's own URL (if it was loaded) is used.
    public var base: String?
    /// A context applied before the document's own (`expandContext`).
    public var expandContext: JSONValue?
    /// The processing mode.
    public var processingMode: ProcessingMode
    /// Where remote contexts come from; offline (the bundled contexts) by default.
    public var documentLoader: any DocumentLoader
    /// Whether expansion visits map entries in code point order of their keys (the spec's
    /// `ordered`); off, entries are visited as written.
    public var ordered: Bool
    /// toRdf: how a base direction is written; `nil` drops it.
    public var rdfDirection: RDFDirection?
    /// toRdf: keep triples whose predicate is a blank node.
    public var produceGeneralizedRDF: Bool
    /// Work bounds for untrusted input.
    public var limits: JSONLDLimits

    /// Options; the defaults are the spec's, with the offline bundled-context loader.
    public init(
        base: String? = nil, expandContext: JSONValue? = nil, processingMode: ProcessingMode = .jsonLD11,
        documentLoader: any DocumentLoader = StaticDocumentLoader.bundled, ordered: Bool = false,
        rdfDirection: RDFDirection? = nil, produceGeneralizedRDF: Bool = false, limits: JSONLDLimits = .default
    ) {
        self.base = base
        self.expandContext = expandContext
        self.processingMode = processingMode
        self.documentLoader = documentLoader
        self.ordered = ordered
        self.rdfDirection = rdfDirection
        self.produceGeneralizedRDF = produceGeneralizedRDF
        self.limits = limits
    }
}
