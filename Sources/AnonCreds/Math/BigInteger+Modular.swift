import CGMP

// Modular arithmetic: what every CL equation is made of.

extension BigInteger {
    /// `self · other mod modulus`, or `nil` for a zero modulus.
    public func multiplied(by other: BigInteger, modulo modulus: BigInteger) -> BigInteger? {
        (self * other).modulo(modulus)
    }

    /// The inverse of `self` modulo `modulus`, or `nil` when there is none (a common factor,
    /// or a zero modulus).
    public func inverse(modulo modulus: BigInteger) -> BigInteger? {
        guard modulus.signum != 0 else { return nil }
        var exists: Int32 = 0
        let result = BigInteger { exists = cgmp_invert($0, mpz, modulus.mpz) }
        return exists != 0 ? result : nil
    }

    /// `self^exponent mod modulus` for a *public* exponent (variable time, GMP's fastest); a
    /// negative exponent raises the inverse. `nil` for a zero modulus or an inverse that does
    /// not exist.
    public func power(_ exponent: BigInteger, modulo modulus: BigInteger) -> BigInteger? {
        guard modulus.signum != 0 else { return nil }
        if exponent.signum < 0 {
            return inverse(modulo: modulus)?.power(-exponent, modulo: modulus)
        }
        return BigInteger { cgmp_powm($0, mpz, exponent.mpz, modulus.mpz) }
    }

    /// `self^exponent mod modulus` for a *secret* exponent (a link secret, a blinding factor,
    /// a proof's random): GMP's `mpz_powm_sec`, whose time and memory accesses do not depend
    /// on the exponent's value. It needs an odd modulus — every RSA modulus is — and falls
    /// back to ``power(_:modulo:)`` for an even one. A negative exponent raises the inverse.
    public func secretPower(_ exponent: BigInteger, modulo modulus: BigInteger) -> BigInteger? {
        guard modulus.signum != 0 else { return nil }
        guard modulus.isOdd else { return power(exponent, modulo: modulus) }
        switch exponent.signum {
        case 0: return BigInteger.one.modulo(modulus)
        case ..<0: return inverse(modulo: modulus)?.secretPower(-exponent, modulo: modulus)
        default: return BigInteger { cgmp_powm_sec($0, mpz, exponent.mpz, modulus.abs.mpz) }
        }
    }

    /// The absolute value.
    public var abs: BigInteger { signum < 0 ? -self : self }
}
