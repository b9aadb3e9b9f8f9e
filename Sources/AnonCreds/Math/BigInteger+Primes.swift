import CGMP

// Primality and prime generation: the issuer's safe primes p' and q', the signature exponent e,
// and the holder's check that a received e is prime.

extension BigInteger {
    /// Whether the value is prime, with error probability at most 4^-rounds for a composite
    /// (GMP's trial division, Baillie–PSW, then `rounds − 24` Miller–Rabin rounds with
    /// pseudo-random bases).
    public func isProbablePrime(rounds: Int = 32) -> Bool {
        cgmp_probab_prime_p(mpz, Int32(rounds)) != 0
    }

    /// The least prime greater than `self`.
    public var nextPrime: BigInteger {
        BigInteger { cgmp_nextprime($0, mpz) }
    }

    /// A random prime in `2^bits + 1 ... 2^bits + 2^rangeBits`: the form of a CL signature's
    /// exponent `e` (`bits` 596, `rangeBits` 119), chosen uniformly among odd candidates as
    /// anoncreds does.
    public static func randomPrime(
        above bits: Int, rangeBits: Int, using generator: inout some RandomNumberGenerator
    ) -> BigInteger {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        let start = BigInteger.one.shiftedLeft(by: bits)
        while true {
            let candidate = (start + random(bits: rangeBits, using: &source)).settingBit(0)
            if candidate.isProbablePrime() { return candidate }
        }
    }

    /// A random safe prime `p = 2p' + 1` of exactly `bits` bits (`p'` prime too; `bits` ≥ 64),
    /// for an issuer's RSA modulus.
    ///
    /// Candidates `p'` are walked from a random odd start and sieved against the small primes
    /// for both `p'` and `2p' + 1` at once, so only a few hundred pairs reach the probabilistic
    /// tests: a 1 025-bit safe prime takes about a second on this project's machines, with a
    /// wide spread.
    public static func randomSafePrime(bits: Int, using generator: inout some RandomNumberGenerator) -> BigInteger {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        precondition(bits >= 64, "a safe prime here has at least 64 bits")
        let smallPrimes = SmallPrimes.table
        while true {
            // p' has bits − 1 bits, top two set (so p = 2p' + 1 keeps `bits` bits and p·q the
            // expected size), odd.
            let base = random(bits: bits - 1, using: &source)
                .settingBit(bits - 2).settingBit(bits - 3).settingBit(0)
            let residues = smallPrimes.map { base.remainder(dividingBy: $0) }
            var offset: UInt = 0
            // Walk p' = base + offset over odd values; give up on this start after a while so a
            // prime-poor stretch does not bias the result much.
            while offset < 1 << 20 {
                var sieved = true
                for (index, prime) in smallPrimes.enumerated() {
                    let r = (residues[index] + offset) % prime
                    // p' ≡ 0 or 2p' + 1 ≡ 0 (p' ≡ (prime − 1) / 2) modulo a small prime.
                    if r == 0 || r == (prime - 1) / 2 { sieved = false; break }
                }
                if sieved {
                    let q = base + BigInteger(Int(offset))
                    let p = q.shiftedLeft(by: 1) + .one
                    if q.isProbablePrime(rounds: 1), p.isProbablePrime(rounds: 1),
                       q.isProbablePrime(), p.isProbablePrime() {
                        return p
                    }
                }
                offset += 2
            }
        }
    }

    /// ``randomSafePrime(bits:using:)`` from the system's generator.
    public static func randomSafePrime(bits: Int) -> BigInteger {
        var generator = SystemRandomNumberGenerator()
        return randomSafePrime(bits: bits, using: &generator)
    }
}

/// The odd primes below 20 000, for sieving safe-prime candidates.
enum SmallPrimes {
    static let table: [UInt] = {
        let limit = 20_000
        var composite = [Bool](repeating: false, count: limit)
        var primes: [UInt] = []
        for n in 3..<limit where !composite[n] && n % 2 == 1 {
            primes.append(UInt(n))
            var multiple = n * n
            while multiple < limit {
                composite[multiple] = true
                multiple += n
            }
        }
        return primes
    }()
}
