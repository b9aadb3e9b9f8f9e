/// Building the holder's credential request (anoncreds' `blind_credential_secrets` for a link
/// secret alone): `U = s^v' · r_ms^ms mod n` with a fresh 2 128-bit `v'`, and the proof of
/// knowledge of `v'` and `ms`: commitments `Ũ = s^ṽ' · r_ms^m̃`, `c = H(U ‖ Ũ ‖ offer nonce)`,
/// responses `v̂' = c·v' + ṽ'`, `m̂ = c·ms + m̃`. Every exponent here is secret, so every power
/// is GMP's constant-time `mpz_powm_sec`.
enum CredentialRequestBuilder {
    struct Blinding {
        var blinded: BlindedLinkSecret
        var proof: BlindedLinkSecretCorrectnessProof
        var vPrime: BigInteger
    }

    static func blind(
        _ linkSecret: LinkSecret, key: CredentialPrimaryPublicKey, offerNonce: Nonce,
        using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Blinding {
        let n = key.n
        guard let rLinkSecret = key.r[AttributeName.linkSecret] else {
            throw .keyCorrectnessProofInvalid("the key has no base for the link secret (\(AttributeName.linkSecret))")
        }
        let vPrime = BigInteger.random(bits: CLSizes.vPrime, using: &generator)
        let u = try key.s.secretPowMod(vPrime, n).mulMod(try rLinkSecret.secretPowMod(linkSecret.value, n), n)

        let vPrimeTilde = BigInteger.random(bits: CLSizes.vPrimeTilde, using: &generator)
        let mTilde = BigInteger.random(bits: CLSizes.mTilde, using: &generator)
        let uTilde = try key.s.secretPowMod(vPrimeTilde, n).mulMod(try rLinkSecret.secretPowMod(mTilde, n), n)
        let c = Challenge.hash([u, uTilde, offerNonce.value])
        let proof = BlindedLinkSecretCorrectnessProof(
            c: c, vDashCap: c * vPrime + vPrimeTilde, mCaps: [AttributeName.linkSecret: c * linkSecret.value + mTilde])
        return Blinding(
            blinded: BlindedLinkSecret(u: u, hiddenAttributes: [AttributeName.linkSecret]), proof: proof, vPrime: vPrime)
    }

    /// The issuer's check of the holder's proof: `Û = (U⁻¹)^c · s^v̂' · ∏ r^m̂`, and
    /// `H(U ‖ Û ‖ offer nonce)` must be `c`.
    static func verify(
        _ blinded: BlindedLinkSecret, proof: BlindedLinkSecretCorrectnessProof, key: CredentialPrimaryPublicKey,
        offerNonce: Nonce
    ) throws(AnonCredsError) {
        guard blinded.committedAttributes.isEmpty, proof.rCaps.isEmpty else {
            throw .unsupported("committed attributes in a credential request")
        }
        let n = key.n
        guard let uInverse = blinded.u.inverse(modulo: n) else { throw .blindedLinkSecretProofInvalid }
        var uCap = try uInverse.powMod(proof.c, n).mulMod(try key.s.powMod(proof.vDashCap, n), n)
        for name in blinded.hiddenAttributes.sorted() {
            guard let base = key.r[name], let mCap = proof.mCaps[name] else { throw .blindedLinkSecretProofInvalid }
            uCap = try uCap.mulMod(try base.powMod(mCap, n), n)
        }
        guard Challenge.hash([blinded.u, uCap, offerNonce.value]) == proof.c else { throw .blindedLinkSecretProofInvalid }
    }
}
