/// How many decoy digests an Issuer adds (RFC 9901 §4.2.5), so that a Verifier cannot
/// count the claims or array elements it was not shown.
public enum DecoyDigests: Sendable, Hashable {
    /// None.
    case none
    /// Exactly this many in each object `_sd` array and each array that has selectively
    /// disclosable elements.
    case fixed(Int)
    /// A uniformly random count in this range for each such object or array.
    case random(ClosedRange<Int>)

    /// The count for one object or array, drawing from `random` when needed.
    func count(using random: inout some RandomNumberGenerator) -> Int {
        switch self {
        case .none: return 0
        case .fixed(let count): return max(0, count)
        case .random(let range): return max(0, Int.random(in: range, using: &random))
        }
    }
}
