/// The holder's checks of a received CL signature (anoncreds' `_check_signature_correctness_proof`
/// and a range check on `e` that the CL scheme's security rests on).
///
/// With `v` already unblinded (`v = v' + v''`) and every attribute value including the link
/// secret, `Q = z / (s^v · rctxt^m₂ · ∏ rᵢ^mᵢ) mod n` must equal `a^e`; then the issuer's proof
/// that it knew `1/e`: `Â = a^(c + ŝe·e)` and `H(Q ‖ a ‖ Â ‖ request nonce)` must be `c`.
enum SignatureCheck {
    static func verify(
        _ signature: PrimaryCredentialSignature, proof: SignatureCorrectnessProof, values: [String: BigInteger],
        key: CredentialPrimaryPublicKey, nonce: Nonce
    ) throws(AnonCredsError) {
        try checkExponent(signature.e)
        let n = key.n
        let q = try expectedQ(signature, values: values, key: key)
        guard try signature.a.powMod(signature.e, n) == q else { throw .signatureInvalid }
        let aCap = try signature.a.powMod(proof.c + proof.se * signature.e, n)
        guard Challenge.hash([q, signature.a, aCap, nonce.value]) == proof.c else {
            throw .signatureCorrectnessProofInvalid
        }
    }

    /// `e` must be a prime in (2^596, 2^596 + 2^119]: outside it the issuer could sign with an
    /// exponent that breaks the proofs built on the credential later.
    static func checkExponent(_ e: BigInteger) throws(AnonCredsError) {
        let start = BigInteger.one.shiftedLeft(by: CLSizes.exponentStart)
        guard e > start, e <= start + BigInteger.one.shiftedLeft(by: CLSizes.exponentRange), e.isProbablePrime() else {
            throw .signatureExponentInvalid
        }
    }

    /// `z · (s^v · rctxt^m₂ · ∏ rᵢ^mᵢ)⁻¹ mod n` over every attribute of the key.
    static func expectedQ(
        _ signature: PrimaryCredentialSignature, values: [String: BigInteger], key: CredentialPrimaryPublicKey
    ) throws(AnonCredsError) -> BigInteger {
        let n = key.n
        var rx = try key.s.secretPowMod(signature.v, n).mulMod(try key.rctxt.powMod(signature.m2, n), n)
        for (name, base) in key.r {
            guard let value = values[name] else { throw .attributesMismatch("no value for \(name)") }
            let power = name == AttributeName.linkSecret
                ? try base.secretPowMod(value, n) : try base.powMod(value, n)
            rx = try rx.mulMod(power, n)
        }
        guard let rxInverse = rx.inverse(modulo: n) else { throw .signatureInvalid }
        return try key.z.mulMod(rxInverse, n)
    }
}
