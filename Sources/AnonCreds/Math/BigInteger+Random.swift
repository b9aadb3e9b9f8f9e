import CGMP

// Random integers from a cryptographic generator. GMP's own generators (Mersenne Twister,
// linear congruential) are predictable and are never used: the bytes come from the caller's
// `RandomNumberGenerator`, by default `SystemRandomNumberGenerator` (getrandom(2) on Linux,
// arc4random on Apple platforms).
//
// Every public function here and elsewhere in the module that takes `inout some
// RandomNumberGenerator` starts with `var source = generator; defer { generator = source }` and
// uses only `source`. The caller's state still advances, but the generic code never makes an
// inout access through the caller's address. That address need not be one: for a type with no
// stored properties, such as `SystemRandomNumberGenerator`, the compiler passes whatever word
// sits in the argument's register or stack slot, and under ThreadSanitizer each inout access in
// generic code hands that word to `__tsan_external_write`, whose shadow lookup faults when the
// word is not a mappable address (it was the bytes of the string "default" once). The copy lives
// in this function's frame, so its address is real. Docs/Security.md ("Fuzzing and sanitizers")
// has the reproduction; GeneratorAddressTests hold the regression test.

extension BigInteger {
    /// A uniformly random integer in `0 ..< 2^bits` (the top bit may be clear, as anoncreds'
    /// `bn_rand`).
    public static func random(bits: Int, using generator: inout some RandomNumberGenerator) -> BigInteger {
        var source = generator  // a copy at a real address: see above
        defer { generator = source }
        precondition(bits >= 0, "bit count is negative")
        guard bits > 0 else { return .zero }
        let byteCount = (bits + 7) / 8
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var index = 0
        while index < byteCount {
            var word = source.next()
            for _ in 0..<8 where index < byteCount {
                bytes[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        let excess = byteCount * 8 - bits
        bytes[0] &= UInt8(0xFF) >> excess
        return BigInteger(bigEndianBytes: bytes)
    }

    /// ``random(bits:using:)`` from the system's generator.
    public static func random(bits: Int) -> BigInteger {
        var generator = SystemRandomNumberGenerator()
        return random(bits: bits, using: &generator)
    }

    /// A uniformly random integer in `0 ..< bound` (`bound` > 0), by rejection sampling.
    public static func random(below bound: BigInteger, using generator: inout some RandomNumberGenerator) -> BigInteger {
        var source = generator  // a copy at a real address: see above
        defer { generator = source }
        precondition(bound.signum > 0, "the bound must be positive")
        let bits = bound.bitWidth
        while true {
            let candidate = random(bits: bits, using: &source)
            if candidate < bound { return candidate }
        }
    }

    /// ``random(below:using:)`` from the system's generator.
    public static func random(below bound: BigInteger) -> BigInteger {
        var generator = SystemRandomNumberGenerator()
        return random(below: bound, using: &generator)
    }
}
