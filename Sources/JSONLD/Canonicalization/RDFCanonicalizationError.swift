/// Why a dataset was not canonicalized.
public enum RDFCanonicalizationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Hash N-Degree Quads was called more than
    /// ``RDFCanonicalizationLimits/maximumDeepIterations`` times: a poison dataset.
    case tooManyDeepIterations(limit: Int)
    /// More than ``RDFCanonicalizationLimits/maximumPermutations`` permutations were tried.
    case tooManyPermutations(limit: Int)
    /// Hash N-Degree Quads recursed deeper than
    /// ``RDFCanonicalizationLimits/maximumRecursionDepth``.
    case recursionTooDeep(limit: Int)
    /// A quad whose predicate is a blank node (generalized RDF): RDFC-1.0 relabels only
    /// subjects, objects and graph names, so such a dataset has no canonical form.
    case blankNodePredicate

    /// A message for a log.
    public var description: String {
        switch self {
        case let .tooManyDeepIterations(limit):
            return "RDFC-1.0: more than \(limit) calls of Hash N-Degree Quads (poison dataset?)"
        case let .tooManyPermutations(limit):
            return "RDFC-1.0: more than \(limit) permutations of look-alike blank nodes (poison dataset?)"
        case let .recursionTooDeep(limit):
            return "RDFC-1.0: Hash N-Degree Quads recursed deeper than \(limit)"
        case .blankNodePredicate:
            return "RDFC-1.0: a blank node as predicate has no canonical form"
        }
    }
}
