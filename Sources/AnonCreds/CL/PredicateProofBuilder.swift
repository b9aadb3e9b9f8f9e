/// The predicate sub-proof (anoncreds' `ne_proof`) that rides on an equality proof: its
/// commitments join the challenge's lists after the equality proof's, and its `mj` is the
/// equality proof's response for the attribute, which ties the two together.
enum PredicateProofBuilder {
    static let rBits = 2128, uTildeBits = 592, rTildeBits = 672, alphaTildeBits = 2787
    static let deltaKey = "DELTA"
    static let indices = ["0", "1", "2", "3"]

    struct Commitment {
        var predicate: PredicateProof.Predicate
        var u: [String: BigInteger]
        var r: [String: BigInteger]
        var t: [String: BigInteger]
        var uTilde: [String: BigInteger]
        var rTilde: [String: BigInteger]
        var alphaTilde: BigInteger
        /// `T₀ … T₃, T_Δ`, hashed with the commitments.
        var cList: [BigInteger]
        var tauList: [BigInteger]
    }

    /// Commits to `predicate` over `attributeValue` (the encoded value, an `i32`) whose
    /// equality-proof random is `mTilde`; `nil` when the predicate does not hold.
    static func commit(
        _ predicate: PredicateProof.Predicate, attributeValue: BigInteger, mTilde: BigInteger, powers: GeneratorPowers,
        using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Commitment {
        guard let value = attributeValue.intValue, let attribute = Int32(exactly: value) else {
            throw .presentationNotPossible("\(predicate.attributeName) is not a 32-bit integer")
        }
        let delta = predicate.delta(for: Int64(attribute))
        guard delta >= 0 else {
            throw .presentationNotPossible("the predicate on \(predicate.attributeName) does not hold")
        }
        let n = powers.key.n
        let squares = fourSquares(UInt64(delta))
        var u: [String: BigInteger] = [:], r: [String: BigInteger] = [:], t: [String: BigInteger] = [:]
        var cList: [BigInteger] = []
        for (index, root) in zip(indices, squares) {
            let random = BigInteger.random(bits: rBits, using: &generator)
            let commitment = try powers.z(BigInteger(Int(root))).mulMod(try powers.s(random), n)
            u[index] = BigInteger(Int(root))
            r[index] = random
            t[index] = commitment
            cList.append(commitment)
        }
        let rDelta = BigInteger.random(bits: rBits, using: &generator)
        let tDelta = try powers.z(BigInteger(Int(delta))).mulMod(try powers.s(rDelta), n)
        r[deltaKey] = rDelta
        t[deltaKey] = tDelta
        cList.append(tDelta)

        var uTilde: [String: BigInteger] = [:], rTilde: [String: BigInteger] = [:]
        for index in indices {
            uTilde[index] = .random(bits: uTildeBits, using: &generator)
            rTilde[index] = .random(bits: rTildeBits, using: &generator)
        }
        rTilde[deltaKey] = .random(bits: rTildeBits, using: &generator)
        let alphaTilde = BigInteger.random(bits: alphaTildeBits, using: &generator)
        let tauList = try tau(
            powers, u: uTilde, r: rTilde, mj: mTilde, alpha: alphaTilde, t: t, isLess: predicate.type.isLess)
        return Commitment(
            predicate: predicate, u: u, r: r, t: t, uTilde: uTilde, rTilde: rTilde, alphaTilde: alphaTilde,
            cList: cList, tauList: tauList)
    }

    /// The responses for challenge `c`; `mHat` is the equality proof's response for the attribute.
    static func finalize(_ commitment: Commitment, c: BigInteger, mHat: BigInteger) -> PredicateProof {
        var u: [String: BigInteger] = [:], r: [String: BigInteger] = [:]
        var urProduct = BigInteger.zero
        for index in indices {
            let ui = commitment.u[index]!, ri = commitment.r[index]!
            u[index] = c * ui + commitment.uTilde[index]!
            r[index] = c * ri + commitment.rTilde[index]!
            urProduct += ui * ri
        }
        let rDelta = commitment.r[deltaKey]!
        r[deltaKey] = c * rDelta + commitment.rTilde[deltaKey]!
        let alpha = c * (rDelta - urProduct) + commitment.alphaTilde
        return PredicateProof(u: u, r: r, mj: mHat, alpha: alpha, t: commitment.t, predicate: commitment.predicate)
    }

    /// anoncreds' `calc_tne`: `z^uᵢ·s^rᵢ` for each square, `z^mj·s^(±r_Δ)`, and
    /// `∏ Tᵢ^uᵢ · s^α`.
    static func tau(
        _ powers: GeneratorPowers, u: [String: BigInteger], r: [String: BigInteger], mj: BigInteger,
        alpha: BigInteger, t: [String: BigInteger], isLess: Bool
    ) throws(AnonCredsError) -> [BigInteger] {
        let n = powers.key.n
        var list: [BigInteger] = []
        var q = BigInteger.one
        for index in indices {
            guard let ui = u[index], let ri = r[index], let ti = t[index] else {
                throw .presentationInvalid("a predicate proof lacks its square \(index)")
            }
            list.append(try powers.z(ui).mulMod(try powers.s(ri), n))
            q = try q.mulMod(try powers.power(ti, ui), n)
        }
        guard let rDelta = r[deltaKey] else { throw .presentationInvalid("a predicate proof lacks r_DELTA") }
        list.append(try powers.z(mj).mulMod(try powers.s(isLess ? -rDelta : rDelta), n))
        list.append(try q.mulMod(try powers.s(alpha), n))
        return list
    }

    /// The verifier's recomputation of one predicate proof's six commitments.
    static func recomputed(_ proof: PredicateProof, key: CredentialPrimaryPublicKey, c: BigInteger) throws(AnonCredsError) -> [BigInteger] {
        let n = key.n
        var list = try tau(
            .verifying(key), u: proof.u, r: proof.r, mj: proof.mj, alpha: proof.alpha, t: proof.t,
            isLess: proof.predicate.type.isLess)
        for (position, index) in indices.enumerated() {
            guard let ti = proof.t[index] else { throw .presentationInvalid("a predicate proof lacks T\(index)") }
            list[position] = try list[position].mulMod(try ti.powMod(c, n).invMod(n), n)
        }
        guard let tDelta = proof.t[deltaKey] else { throw .presentationInvalid("a predicate proof lacks T_DELTA") }
        let deltaPrime = proof.predicate.type.isLess ? try tDelta.invMod(n) : tDelta
        let bound = try key.z.powMod(proof.predicate.deltaPrime, n).mulMod(deltaPrime, n)
        list[4] = try list[4].mulMod(try bound.powMod(c, n).invMod(n), n)
        list[5] = try list[5].mulMod(try tDelta.powMod(c, n).invMod(n), n)
        return list
    }

    /// Four integers whose squares sum to `value` (Lagrange), largest first.
    static func fourSquares(_ value: UInt64) -> [UInt64] {
        func isqrt(_ x: UInt64) -> UInt64 {
            var root = UInt64(Double(x).squareRoot())
            while root * root > x { root -= 1 }
            while (root + 1) * (root + 1) <= x { root += 1 }
            return root
        }
        var a = isqrt(value)
        while a > 0 || value == 0 {
            let restA = value - a * a
            var b = isqrt(restA)
            while true {
                let restB = restA - b * b
                var c = isqrt(restB)
                while true {
                    let restC = restB - c * c
                    let d = isqrt(restC)
                    if d * d == restC { return [a, b, c, d] }
                    if c == 0 { break }
                    c -= 1
                }
                if b == 0 { break }
                b -= 1
            }
            if a == 0 { break }
            a -= 1
        }
        return [0, 0, 0, 0]
    }
}
