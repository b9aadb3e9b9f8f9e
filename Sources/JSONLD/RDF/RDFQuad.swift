/// One statement of an RDF dataset: subject, predicate, object, and the graph it is in
/// (`nil` for the default graph).
public struct RDFQuad: Sendable, Hashable {
    /// An IRI or a blank node.
    public var subject: RDFTerm
    /// An IRI.
    public var predicate: RDFTerm
    /// An IRI, a blank node or a literal.
    public var object: RDFTerm
    /// The graph name (an IRI or a blank node), or `nil` for the default graph.
    public var graph: RDFTerm?

    /// A quad.
    public init(subject: RDFTerm, predicate: RDFTerm, object: RDFTerm, graph: RDFTerm? = nil) {
        self.subject = subject
        self.predicate = predicate
        self.object = object
        self.graph = graph
    }
}
