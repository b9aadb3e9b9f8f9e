/// Making a CL credential definition's keys (anoncreds' `new_credential_def` without the
/// revocation part): two safe primes `p = 2p' + 1`, `q = 2q' + 1` (1 025 bits each, as
/// anoncreds makes them), `n = p·q`, a generator `s` of the quadratic residues, and every other
/// base as a power of `s` with a random exponent in `[2, p'q' − 1)`, the exponents kept for the
/// key correctness proof.
enum IssuerKeyMaterial {
    /// anoncreds' `gen_x`: uniform in `[2, order − 1)`.
    static func randomExponent(_ order: BigInteger, using generator: inout some RandomNumberGenerator) -> BigInteger {
        BigInteger.random(below: order - 3, using: &generator) + .two
    }

    struct Keys {
        var publicKey: CredentialPrimaryPublicKey
        var privateKey: CredentialDefinitionPrivate
        var proof: KeyCorrectnessProof
    }

    /// Keys for `attributes` (canonical names) plus the link secret.
    static func make(
        attributes: [String], safePrimeBits: Int, using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Keys {
        let pSafe = BigInteger.randomSafePrime(bits: safePrimeBits, using: &generator)
        var qSafe = BigInteger.randomSafePrime(bits: safePrimeBits, using: &generator)
        while qSafe == pSafe { qSafe = BigInteger.randomSafePrime(bits: safePrimeBits, using: &generator) }
        return try make(attributes: attributes, pSafe: pSafe, qSafe: qSafe, using: &generator)
    }

    /// Keys over given safe primes (a test reuses primes made once; generating them is slow).
    static func make(
        attributes: [String], pSafe: BigInteger, qSafe: BigInteger, using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Keys {
        let p = pSafe.shiftedRight(by: 1), q = qSafe.shiftedRight(by: 1)
        let n = pSafe * qSafe
        let order = p * q
        var s: BigInteger
        repeat {
            s = try randomQuadraticResidue(n, using: &generator)
        } while !(try generatesWholeGroup(s, p: p, q: q, n: n))
        let names = [AttributeName.linkSecret] + attributes
        var xr: [String: BigInteger] = [:]
        var r: [String: BigInteger] = [:]
        for name in names {
            let x = randomExponent(order, using: &generator)
            xr[name] = x
            r[name] = try s.secretPowMod(x, n)
        }
        let xz = randomExponent(order, using: &generator)
        let z = try s.secretPowMod(xz, n)
        let rctxt = try s.secretPowMod(randomExponent(order, using: &generator), n)
        let key = CredentialPrimaryPublicKey(n: n, s: s, r: r, rctxt: rctxt, z: z)
        let proof = try KeyCorrectness.prove(
            key: key, xz: xz, xr: xr, order: names, groupOrder: order, using: &generator)
        return Keys(publicKey: key, privateKey: CredentialDefinitionPrivate(p: p, q: q), proof: proof)
    }

    /// A random square of a unit modulo `n`.
    static func randomQuadraticResidue(_ n: BigInteger, using generator: inout some RandomNumberGenerator) throws(AnonCredsError) -> BigInteger {
        while true {
            let candidate = BigInteger.random(below: n, using: &generator)
            if BigInteger.gcd(candidate, n) == .one { return try candidate.mulMod(candidate, n) }
        }
    }

    /// Whether the residue `s` has order `p'q'` (neither 1 nor of order `p'` or `q'`).
    static func generatesWholeGroup(_ s: BigInteger, p: BigInteger, q: BigInteger, n: BigInteger) throws(AnonCredsError) -> Bool {
        guard s != .one else { return false }
        let sp = try s.powMod(p, n), sq = try s.powMod(q, n)
        return sp != .one && sq != .one
    }
}
