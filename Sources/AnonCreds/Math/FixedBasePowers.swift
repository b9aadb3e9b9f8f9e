import CGMP

/// A fast path for `base^e mod n` when the base is a public generator that many secret
/// exponents are raised to: a table of `base^(d·16^i)` for every 4-bit digit `d` and position
/// `i`, so that an exponentiation is one modular multiplication per 4 exponent bits and no
/// squarings.
///
/// Why: a presentation raises its key's `s` to a dozen secret exponents of 672 to 3 060 bits
/// (its `z` to a few more), which is most of a presentation's time. GMP's `mpz_powm_sec` does
/// one squaring per bit; the table does a quarter as many multiplications, about half the time,
/// once the table exists. Building it costs about as much as a few presentations, so
/// ``FixedBasePowersCache`` builds one only for a key that is used again.
///
/// Side channels, as `mpz_powm_sec`: every position does one full table scan
/// (`mpn_sec_tabselect` reads every entry) and one `mpn_sec_mul` + `mpn_sec_div_r` of fixed
/// size, whatever the digit, zero included; only the exponent's limb count shows.
/// `FixedBasePowersTests` checks every result against ``BigInteger/secretPower(_:modulo:)``.
final class FixedBasePowers: Sendable {
    static let windowBits = 4
    static let entriesPerPosition = 1 << windowBits
    static let positionsPerLimb = 64 / windowBits

    /// The base and modulus the table is for.
    let base: BigInteger
    let modulus: BigInteger
    /// Limbs of the modulus (and of every entry).
    let limbCount: Int
    /// The most exponent limbs the table covers.
    let exponentLimbs: Int
    private let modulusLimbs: [cgmp_limb]
    /// `positions × 16` entries of `limbCount` limbs: position `i`, digit `d` is `base^(d·16^i)`.
    private let table: [cgmp_limb]

    /// The table for exponents of up to `maximumExponentBits` bits, or `nil` for an even or
    /// non-positive modulus (the `mpn_sec` functions need an odd one, as `mpz_powm_sec` does).
    init?(base: BigInteger, modulus: BigInteger, maximumExponentBits: Int) {
        guard modulus.signum > 0, modulus.isOdd, modulus > .one, maximumExponentBits > 0,
            let reduced = base.modulo(modulus)
        else { return nil }
        self.base = base
        self.modulus = modulus
        let limbCount = cgmp_size(modulus.mpz)
        self.limbCount = limbCount
        exponentLimbs = (maximumExponentBits + 63) / 64
        modulusLimbs = Self.limbs(of: modulus, count: limbCount)
        let positions = exponentLimbs * Self.positionsPerLimb
        var table: [cgmp_limb] = []
        table.reserveCapacity(positions * Self.entriesPerPosition * limbCount)
        // The base is public: building the table may take GMP's ordinary (variable-time) path.
        var generator = reduced
        for _ in 0..<positions {
            var entry = BigInteger.one
            for digit in 0..<Self.entriesPerPosition {
                if digit > 0 { entry = entry.multiplied(by: generator, modulo: modulus) ?? .zero }
                table.append(contentsOf: Self.limbs(of: entry, count: limbCount))
            }
            generator = entry.multiplied(by: generator, modulo: modulus) ?? .zero
        }
        self.table = table
    }

    /// `base^exponent mod modulus`, or `nil` when the exponent is negative or longer than the
    /// table (the caller then takes the plain path).
    func power(_ exponent: BigInteger) -> BigInteger? {
        guard exponent.signum >= 0 else { return nil }
        let limbs = cgmp_size(exponent.mpz)
        guard limbs <= exponentLimbs else { return nil }
        let n = limbCount
        var accumulator = [cgmp_limb](repeating: 0, count: n)
        accumulator[0] = 1
        var selected = [cgmp_limb](repeating: 0, count: n)
        var product = [cgmp_limb](repeating: 0, count: 2 * n)
        var scratch = [cgmp_limb](repeating: 0, count: cgmp_sec_mulmod_itch(n))
        let stride = Self.entriesPerPosition * n
        table.withUnsafeBufferPointer { table in
            modulusLimbs.withUnsafeBufferPointer { modulus in
                for limbIndex in 0..<limbs {
                    let limb = cgmp_getlimbn(exponent.mpz, limbIndex)
                    for digitIndex in 0..<Self.positionsPerLimb {
                        let digit = Int((limb >> cgmp_limb(digitIndex * Self.windowBits)) & 0xF)
                        let position = limbIndex * Self.positionsPerLimb + digitIndex
                        cgmp_sec_tabselect(
                            &selected, table.baseAddress! + position * stride, n, Self.entriesPerPosition, digit)
                        cgmp_sec_mulmod(&accumulator, selected, modulus.baseAddress!, n, &product, &scratch)
                    }
                }
            }
        }
        return BigInteger { cgmp_set_limbs($0, accumulator, n) }
    }

    /// The low `count` limbs of a non-negative value, zero-padded.
    private static func limbs(of value: BigInteger, count: Int) -> [cgmp_limb] {
        (0..<count).map { cgmp_getlimbn(value.mpz, $0) }
    }
}
