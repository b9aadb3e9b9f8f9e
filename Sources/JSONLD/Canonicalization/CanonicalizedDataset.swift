/// What RDFC-1.0 makes of a dataset: its quads with canonical blank node labels, in the order
/// of their canonical N-Quads lines, that text, and which label each input blank node got.
public struct CanonicalizedDataset: Sendable, Equatable {
    /// The relabelled quads, sorted by their canonical N-Quads lines.
    public var quads: [RDFQuad]
    /// The canonical N-Quads document: the sorted lines, each ending in a line feed — what a
    /// Data Integrity proof hashes.
    public var nQuads: String
    /// The issued identifiers map: each input blank node label (without `_:`) to its canonical
    /// label (`c14n0`, `c14n1`, …).
    public var issuedIdentifiers: [String: String]

    /// A result.
    public init(quads: [RDFQuad], nQuads: String, issuedIdentifiers: [String: String]) {
        self.quads = quads
        self.nQuads = nQuads
        self.issuedIdentifiers = issuedIdentifiers
    }
}
