/// An RDF dataset (RDF 1.1 Concepts §4): a set of quads.
///
/// Kept in insertion order without duplicates, so what JSON-LD toRdf emits reads back in the
/// order it was produced; equality is as sets.
public struct RDFDataset: Sendable, Equatable {
    /// The quads, each once, in the order they were first added.
    public private(set) var quads: [RDFQuad] = []
    private var members: Set<RDFQuad> = []

    /// An empty dataset.
    public init() {}

    /// A dataset of `quads` (duplicates kept once).
    public init<Quads: Sequence>(_ quads: Quads) where Quads.Element == RDFQuad {
        for quad in quads { insert(quad) }
    }

    /// Adds `quad` unless it is already there; returns whether it was added.
    @discardableResult
    public mutating func insert(_ quad: RDFQuad) -> Bool {
        guard members.insert(quad).inserted else { return false }
        quads.append(quad)
        return true
    }

    /// The number of quads.
    public var count: Int { quads.count }

    /// Datasets are equal when they hold the same quads (blank node labels as written; use
    /// RDFC-1.0 to compare up to relabelling).
    public static func == (lhs: RDFDataset, rhs: RDFDataset) -> Bool { lhs.members == rhs.members }
}
