/// A fixed xorshift sequence, for tests that draw many random inputs: seeded, so a failure
/// reproduces.
public struct XorShift: RandomNumberGenerator {
    public var state: UInt64

    /// A generator from `state` (not zero).
    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
