/// A deterministic random number generator (xorshift64) for tests that generate inputs: the
/// same seed gives the same inputs on every machine, so a failure can be replayed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator from `seed` (zero is replaced, as xorshift would stay at zero).
    public init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    public mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
