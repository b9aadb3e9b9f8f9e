/// Checking (holder) and making (issuer) the key correctness proof of a CL public key.
///
/// The issuer knows `xz` and `xr[name]` with `z = s^xz`, `r[name] = s^xr[name]`. It commits to
/// random `x̃` (`z̃ = s^x̃z`, `r̃ = s^x̃r`), hashes `z ‖ r… ‖ z̃ ‖ r̃…` (bases in the order of
/// `xr_cap`) into `c`, and answers `x̂ = c·x + x̃`. The holder recomputes each commitment as
/// `(base⁻¹)^c · s^x̂` and the hash must come out as `c`.
enum KeyCorrectness {
    static func verify(_ proof: KeyCorrectnessProof, for key: CredentialPrimaryPublicKey) throws(AnonCredsError) {
        let names = proof.xrCap.map(\.name)
        guard Set(names).count == names.count else { throw .keyCorrectnessProofInvalid("xr_cap names an attribute twice") }
        // Every base must be proven; a key from before the link secret joined the proof may
        // leave out `master_secret` alone, as anoncreds accepts.
        for name in key.r.keys where !names.contains(name) && name != AttributeName.linkSecret {
            throw .keyCorrectnessProofInvalid("no response for attribute \(name)")
        }
        var bases: [BigInteger] = []
        var commitments: [BigInteger] = []
        for response in proof.xrCap {
            guard let base = key.r[response.name] else {
                throw .keyCorrectnessProofInvalid("a response for \(response.name), which the key does not have")
            }
            bases.append(base)
            commitments.append(try commitment(base: base, c: proof.c, response: response.value, key: key))
        }
        let zCap = try commitment(base: key.z, c: proof.c, response: proof.xzCap, key: key)
        let expected = Challenge.hash([key.z] + bases + [zCap] + commitments)
        guard expected == proof.c else { throw .keyCorrectnessProofInvalid("the challenge does not match") }
    }

    /// `(base⁻¹)^c · s^response mod n`.
    private static func commitment(
        base: BigInteger, c: BigInteger, response: BigInteger, key: CredentialPrimaryPublicKey
    ) throws(AnonCredsError) -> BigInteger {
        let inverse = try base.invMod(key.n)
        return try inverse.powMod(c, key.n).mulMod(try key.s.powMod(response, key.n), key.n)
    }

    /// The issuer's proof, given the secret exponents and `p'q'` (the order of the group `s`
    /// generates). Bases are hashed in `order`.
    static func prove(
        key: CredentialPrimaryPublicKey, xz: BigInteger, xr: [String: BigInteger], order names: [String],
        groupOrder: BigInteger, using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> KeyCorrectnessProof {
        let n = key.n
        let xzTilde = IssuerKeyMaterial.randomExponent(groupOrder, using: &generator)
        var xrTilde: [String: BigInteger] = [:]
        for name in names { xrTilde[name] = IssuerKeyMaterial.randomExponent(groupOrder, using: &generator) }
        let zTilde = try key.s.secretPowMod(xzTilde, n)
        var rTildes: [BigInteger] = []
        var bases: [BigInteger] = []
        for name in names {
            guard let base = key.r[name], let tilde = xrTilde[name] else { throw .arithmetic("no base for \(name)") }
            bases.append(base)
            rTildes.append(try key.s.secretPowMod(tilde, n))
        }
        let c = Challenge.hash([key.z] + bases + [zTilde] + rTildes)
        var responses: [KeyCorrectnessProof.Response] = []
        for name in names {
            guard let x = xr[name], let tilde = xrTilde[name] else { throw .arithmetic("no exponent for \(name)") }
            responses.append(.init(name: name, value: c * x + tilde))
        }
        return KeyCorrectnessProof(c: c, xzCap: c * xz + xzTilde, xrCap: responses)
    }
}
