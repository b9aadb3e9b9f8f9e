/// Bounds on the work RDF Dataset Canonicalization may do.
///
/// Most datasets canonicalize in time linear in their size, but blank nodes that only their
/// neighbourhoods tell apart send RDFC-1.0 into Hash N-Degree Quads, whose permutation search
/// is exponential in the size of a group of look-alike nodes: a "poison" dataset of a few
/// dozen quads (a clique of ten blank nodes) would run for hours. RDFC-1.0 §4.4 asks
/// implementations to bound this; a dataset past a bound is refused with
/// ``RDFCanonicalizationError/tooManyDeepIterations(limit:)`` or
/// ``RDFCanonicalizationError/tooManyPermutations(limit:)`` instead of being worked on.
///
/// The defaults are far above what credentials need (a credential's blank nodes are almost
/// always told apart by their first-degree quads) and above what every positive test of the
/// W3C suite needs, yet stop the suite's poison clique in well under a second.
public struct RDFCanonicalizationLimits: Sendable, Hashable {
    /// The most calls of Hash N-Degree Quads (the "deep iterations"), all recursion counted;
    /// default 1 000 (the W3C suite's hardest positive test, test044, needs 468).
    public var maximumDeepIterations: Int
    /// The most permutations tried across all calls of Hash N-Degree Quads; default 20 000
    /// (test044 tries 2 880)
    /// (a call whose look-alike neighbours are already labelled tries permutations without
    /// recursing, so calls alone do not bound the work).
    public var maximumPermutations: Int
    /// The deepest recursion of Hash N-Degree Quads; default 128, which keeps the recursion
    /// within the stack of a Swift concurrency thread.
    public var maximumRecursionDepth: Int

    /// Limits with the defaults above.
    public init(maximumDeepIterations: Int = 1_000, maximumPermutations: Int = 20_000, maximumRecursionDepth: Int = 128) {
        self.maximumDeepIterations = maximumDeepIterations
        self.maximumPermutations = maximumPermutations
        self.maximumRecursionDepth = maximumRecursionDepth
    }

    /// The default limits.
    public static let `default` = RDFCanonicalizationLimits()
}
