/// A node or value in an RDF dataset (RDF 1.1 Concepts §3): what JSON-LD's toRdf produces and
/// RDF Dataset Canonicalization (RDFC-1.0) relabels.
///
/// A blank node carries its label without the `_:` prefix; a literal always carries a datatype
/// (`xsd:string` when the source had none, `rdf:langString` with a language tag), as RDF 1.1
/// defines it, so two literals are equal exactly when their N-Quads forms are.
public enum RDFTerm: Sendable, Hashable {
    /// An IRI, absolute.
    case iri(String)
    /// A blank node, by its label (without `_:`).
    case blankNode(String)
    /// A literal: its lexical form, datatype IRI and, for `rdf:langString`, a language tag.
    case literal(RDFLiteral)

    /// Whether this is a blank node.
    public var isBlankNode: Bool {
        if case .blankNode = self { return true }
        return false
    }
}

/// An RDF literal (RDF 1.1 Concepts §3.3).
public struct RDFLiteral: Sendable, Hashable {
    /// The lexical form.
    public var value: String
    /// The datatype IRI.
    public var datatype: String
    /// The language tag, for `rdf:langString` (and the i18n datatypes JSON-LD 1.1 may write).
    public var language: String?

    /// A literal; `datatype` defaults to `xsd:string`, or `rdf:langString` when `language` is given.
    public init(_ value: String, datatype: String? = nil, language: String? = nil) {
        self.value = value
        self.language = language
        self.datatype = datatype ?? (language == nil ? RDFVocabulary.xsdString : RDFVocabulary.rdfLangString)
    }
}
