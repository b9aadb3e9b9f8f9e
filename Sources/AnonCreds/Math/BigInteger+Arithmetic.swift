import CGMP

// Integer arithmetic, comparison and bits. Each operation makes a new value (the operands'
// storage is never written), which is what lets `BigInteger` be a plain `Sendable` value.

extension BigInteger {
    public static func + (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        BigInteger { cgmp_add($0, lhs.mpz, rhs.mpz) }
    }

    public static func - (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        BigInteger { cgmp_sub($0, lhs.mpz, rhs.mpz) }
    }

    public static func * (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
        BigInteger { cgmp_mul($0, lhs.mpz, rhs.mpz) }
    }

    public static prefix func - (value: BigInteger) -> BigInteger {
        BigInteger { cgmp_neg($0, value.mpz) }
    }

    public static func += (lhs: inout BigInteger, rhs: BigInteger) { lhs = lhs + rhs }
    public static func -= (lhs: inout BigInteger, rhs: BigInteger) { lhs = lhs - rhs }
    public static func *= (lhs: inout BigInteger, rhs: BigInteger) { lhs = lhs * rhs }

    /// The quotient rounded toward minus infinity, or `nil` for a zero divisor.
    public func dividedRoundingDown(by divisor: BigInteger) -> BigInteger? {
        guard divisor.signum != 0 else { return nil }
        return BigInteger { cgmp_fdiv_q($0, mpz, divisor.mpz) }
    }

    /// The least non-negative residue modulo `|modulus|`, or `nil` for a zero modulus.
    public func modulo(_ modulus: BigInteger) -> BigInteger? {
        guard modulus.signum != 0 else { return nil }
        return BigInteger { cgmp_mod($0, mpz, modulus.mpz) }
    }

    /// The residue modulo a small positive number (for sieving).
    func remainder(dividingBy divisor: UInt) -> UInt {
        UInt(cgmp_fdiv_ui(mpz, UInt(divisor)))
    }

    /// The greatest common divisor (non-negative).
    public static func gcd(_ a: BigInteger, _ b: BigInteger) -> BigInteger {
        BigInteger { cgmp_gcd($0, a.mpz, b.mpz) }
    }

    /// `self · 2^bits`.
    public func shiftedLeft(by bits: Int) -> BigInteger {
        precondition(bits >= 0, "shift count is negative")
        return BigInteger { cgmp_mul_2exp($0, mpz, UInt(bits)) }
    }

    /// `⌊self / 2^bits⌋`.
    public func shiftedRight(by bits: Int) -> BigInteger {
        precondition(bits >= 0, "shift count is negative")
        return BigInteger { cgmp_fdiv_q_2exp($0, mpz, UInt(bits)) }
    }

    /// `self` with bit `index` set (two's complement view for negative values, as GMP's).
    public func settingBit(_ index: Int) -> BigInteger {
        precondition(index >= 0, "bit index is negative")
        return BigInteger {
            cgmp_set($0, mpz)
            cgmp_setbit($0, UInt(index))
        }
    }

    /// Whether bit `index` is set.
    public func isBitSet(_ index: Int) -> Bool {
        index >= 0 && cgmp_tstbit(mpz, UInt(index)) != 0
    }

    /// The number of bits of the magnitude (0 for zero): anoncreds' `num_bits`.
    public var bitWidth: Int {
        signum == 0 ? 0 : Int(cgmp_sizeinbase(mpz, 2))
    }

    /// -1, 0 or 1.
    public var signum: Int { Int(cgmp_sgn(mpz)) }

    /// Whether the value is odd.
    public var isOdd: Bool { cgmp_odd_p(mpz) != 0 }
}

extension BigInteger: Comparable, Hashable {
    public static func == (lhs: BigInteger, rhs: BigInteger) -> Bool {
        lhs.storage === rhs.storage || cgmp_cmp(lhs.mpz, rhs.mpz) == 0
    }

    public static func < (lhs: BigInteger, rhs: BigInteger) -> Bool {
        cgmp_cmp(lhs.mpz, rhs.mpz) < 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(signum)
        hasher.combine(bigEndianBytes)
    }
}

extension BigInteger: CustomStringConvertible, ExpressibleByIntegerLiteral {
    public var description: String { decimalString }

    public init(integerLiteral value: Int) { self.init(value) }
}
