/// The CL proof of knowledge of a signature (anoncreds' primary equality proof) over one or
/// more credentials, with a common random for the link secret so that the verifier sees its
/// responses agree — the proof that one holder holds all the credentials.
///
/// For each credential: randomize the signature, `a' = a·s^r`, `e' = e − 2^596`,
/// `v' = v − e·r`; commit with fresh randoms `t = a'^ẽ · ∏ r_k^m̃_k · s^ṽ · rctxt^m̃₂` over the hidden
/// attributes `k`. The challenge is `c = H(t… ‖ a'… ‖ nonce)`; the responses are
/// `ê = c·e' + ẽ`, `v̂ = c·v' + ṽ`, `m̂_k = c·m_k + m̃_k`, `m̂₂ = c·m₂ + m̃₂`. Every exponent that
/// involves a secret uses the constant-time exponentiation.
struct EqualityProofBuilder {
    /// A credential to prove from: its key, unblinded signature, encoded values by canonical
    /// name (the link secret included), and which of them to reveal.
    struct Input {
        var key: CredentialPrimaryPublicKey
        var signature: PrimaryCredentialSignature
        var values: [String: BigInteger]
        var revealed: Set<String>
        var predicates: [PredicateProof.Predicate] = []
    }

    private struct Commitment {
        var aPrime: BigInteger
        var t: BigInteger
        var eTilde: BigInteger
        var ePrime: BigInteger
        var vTilde: BigInteger
        var vPrime: BigInteger
        var mTilde: [String: BigInteger]
        var m2Tilde: BigInteger
        var predicates: [PredicateProofBuilder.Commitment]

        /// What this sub-proof adds to the challenge's lists.
        var cList: [[UInt8]] { [aPrime.bigEndianBytes] + predicates.flatMap { $0.cList.map(\.bigEndianBytes) } }
        var tauList: [[UInt8]] { [t.bigEndianBytes] + predicates.flatMap { $0.tauList.map(\.bigEndianBytes) } }
    }

    static let mTildeBits = 592
    static let eTildeBits = 456
    static let vTildeBits = 3060
    static let m2TildeBits = 2432

    static func prove(
        _ inputs: [Input], nonce: Nonce, using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Presentation.AggregateProof {
        let linkSecretTilde = BigInteger.random(bits: mTildeBits, using: &generator)
        var commitments: [Commitment] = []
        for input in inputs {
            commitments.append(try commit(input, linkSecretTilde: linkSecretTilde, using: &generator))
        }
        let cList = commitments.flatMap(\.cList)
        let c = challenge(tauList: commitments.flatMap(\.tauList), cList: cList, nonce: nonce)
        var proofs: [Presentation.SubProof] = []
        for (input, commitment) in zip(inputs, commitments) {
            var m: [String: BigInteger] = [:]
            for (name, tilde) in commitment.mTilde {
                guard let value = input.values[name] else { throw .attributesMismatch("no value for \(name)") }
                m[name] = c * value + tilde
            }
            var revealed: [String: BigInteger] = [:]
            for name in input.revealed { revealed[name] = input.values[name] }
            let predicates = try commitment.predicates.map { (predicate) throws(AnonCredsError) -> PredicateProof in
                guard let mHat = m[predicate.predicate.attributeName] else {
                    throw .presentationNotPossible("\(predicate.predicate.attributeName) is revealed and in a predicate")
                }
                return PredicateProofBuilder.finalize(predicate, c: c, mHat: mHat)
            }
            proofs.append(Presentation.SubProof(equality: .init(
                revealedAttributes: revealed, aPrime: commitment.aPrime, e: c * commitment.ePrime + commitment.eTilde,
                v: c * commitment.vPrime + commitment.vTilde, m: m, m2: c * input.signature.m2 + commitment.m2Tilde),
                predicates: predicates))
        }
        return Presentation.AggregateProof(proofs: proofs, aggregated: .init(cHash: c, cList: cList))
    }

    private static func commit(
        _ input: Input, linkSecretTilde: BigInteger, using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Commitment {
        let key = input.key, n = key.n, signature = input.signature
        let powers = GeneratorPowers.proving(key)
        let r = BigInteger.random(bits: CLSizes.vPrime, using: &generator)
        let eTilde = BigInteger.random(bits: eTildeBits, using: &generator)
        let vTilde = BigInteger.random(bits: vTildeBits, using: &generator)
        let m2Tilde = BigInteger.random(bits: m2TildeBits, using: &generator)
        let aPrime = try powers.s(r).mulMod(signature.a, n)
        var t = try aPrime.secretPowMod(eTilde, n)
        var mTilde: [String: BigInteger] = [:]
        for name in key.r.keys where !input.revealed.contains(name) {
            let tilde = name == AttributeName.linkSecret
                ? linkSecretTilde : BigInteger.random(bits: mTildeBits, using: &generator)
            mTilde[name] = tilde
            guard let base = key.r[name] else { continue }
            t = try t.mulMod(try base.secretPowMod(tilde, n), n)
        }
        t = try t.mulMod(try powers.s(vTilde), n).mulMod(try key.rctxt.secretPowMod(m2Tilde, n), n)
        var predicates: [PredicateProofBuilder.Commitment] = []
        for predicate in input.predicates {
            guard let tilde = mTilde[predicate.attributeName], let value = input.values[predicate.attributeName] else {
                throw .presentationNotPossible("\(predicate.attributeName) is revealed or not in the credential")
            }
            predicates.append(try PredicateProofBuilder.commit(
                predicate, attributeValue: value, mTilde: tilde, powers: powers, using: &generator))
        }
        return Commitment(
            aPrime: aPrime, t: t, eTilde: eTilde, ePrime: signature.e - CLExponent.start, vTilde: vTilde,
            vPrime: signature.v - signature.e * r, mTilde: mTilde, m2Tilde: m2Tilde, predicates: predicates)
    }

    /// `H(t… ‖ c_list… ‖ nonce)`, the bytes concatenated.
    static func challenge(tauList: [[UInt8]], cList: [[UInt8]], nonce: Nonce) -> BigInteger {
        Challenge.hash(bytes: tauList + cList + [nonce.value.bigEndianBytes])
    }

    /// The verifier's recomputation of one sub-proof's commitment:
    /// `t̂ = a'^ê · ∏ r_k^m̂_k · s^v̂ · rctxt^m̂₂ · (z⁻¹ · a'^(2^596) · ∏ r_j^m_j)^c` over hidden `k`
    /// and revealed `j`.
    static func recomputedCommitment(
        _ proof: Presentation.EqualityProof, key: CredentialPrimaryPublicKey, c: BigInteger
    ) throws(AnonCredsError) -> BigInteger {
        let n = key.n
        var t = try proof.aPrime.powMod(proof.e, n)
        for name in key.r.keys where proof.revealedAttributes[name] == nil {
            guard let base = key.r[name], let mHat = proof.m[name] else {
                throw .presentationInvalid("no response for hidden attribute \(name)")
            }
            t = try t.mulMod(try base.powMod(mHat, n), n)
        }
        t = try t.mulMod(try key.s.powMod(proof.v, n), n).mulMod(try key.rctxt.powMod(proof.m2, n), n)
        var revealed = try proof.aPrime.powMod(CLExponent.start, n)
        for (name, value) in proof.revealedAttributes {
            guard let base = key.r[name] else { throw .presentationInvalid("\(name) is not an attribute of the key") }
            revealed = try revealed.mulMod(try base.powMod(value, n), n)
        }
        let quotient = try revealed.mulMod(try key.z.invMod(n), n)
        return try t.mulMod(try quotient.powMod(c, n), n)
    }
}

/// `2^596`, the start of the CL exponent range.
enum CLExponent {
    static let start = BigInteger.one.shiftedLeft(by: CLSizes.exponentStart)
}
