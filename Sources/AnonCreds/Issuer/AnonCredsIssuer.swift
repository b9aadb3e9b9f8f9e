/// An AnonCreds issuer for one credential definition: offers credentials and signs them for
/// requests that prove their blinded link secret (for the sandbox and the tests; the holder
/// never needs it).
///
/// Signing (anoncreds' `sign_credential`): the credential context `m₂ = H(LE-hash(entropy) ‖
/// LE-hash("-1"))`, a fresh 2 724-bit `v''` with its top bit set and a prime `e` of the CL
/// range; `Q = z · (s^v'' · U · rctxt^m₂ · ∏ rᵢ^mᵢ)⁻¹`, `a = Q^(e⁻¹ mod p'q')`. The signature
/// correctness proof: random `r < p'q'`, `Â = Q^r`, `c = H(Q ‖ a ‖ Â ‖ request nonce)`,
/// `ŝe = r − c·e⁻¹ mod p'q'`.
public struct AnonCredsIssuer: Sendable {
    public let definition: CredentialDefinition
    public let credentialDefinitionID: String
    public let privateKey: CredentialDefinitionPrivate
    public let keyCorrectnessProof: KeyCorrectnessProof

    public init(
        definition: CredentialDefinition, credentialDefinitionID: String, privateKey: CredentialDefinitionPrivate,
        keyCorrectnessProof: KeyCorrectnessProof
    ) throws(AnonCredsError) {
        try AnonCredsIdentifier.validate(credentialDefinitionID, as: .credentialDefinition)
        self.definition = definition
        self.credentialDefinitionID = credentialDefinitionID
        self.privateKey = privateKey
        self.keyCorrectnessProof = keyCorrectnessProof
    }

    /// The bits of each safe prime of a new key: 1 025, as anoncreds-rs makes them (so `n` has
    /// 2 050 bits).
    public static let safePrimeBits = 1025

    /// Makes a new credential definition for `schema` (two 1 025-bit safe primes, a few seconds;
    /// `safePrimeBits` smaller only for tests).
    public static func create(
        schema: Schema, schemaID: String, credentialDefinitionID: String, tag: String = "default",
        safePrimeBits: Int = AnonCredsIssuer.safePrimeBits, using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> AnonCredsIssuer {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        guard safePrimeBits >= 64 else { throw .unsupported("safe primes of fewer than 64 bits") }
        let attributes = schema.attributeNames.map(AttributeName.canonical)
        let keys = try IssuerKeyMaterial.make(attributes: attributes, safePrimeBits: safePrimeBits, using: &source)
        let definition = CredentialDefinition(
            schemaID: schemaID, tag: tag, value: .init(primary: keys.publicKey), issuerID: schema.issuerID)
        return try AnonCredsIssuer(
            definition: definition, credentialDefinitionID: credentialDefinitionID, privateKey: keys.privateKey,
            keyCorrectnessProof: keys.proof)
    }

    /// A fresh offer (new nonce) for this definition.
    public func offer(using generator: inout some RandomNumberGenerator) -> CredentialOffer {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        return CredentialOffer(
            schemaID: definition.schemaID, credentialDefinitionID: credentialDefinitionID,
            keyCorrectnessProof: keyCorrectnessProof, nonce: .random(using: &source))
    }

    /// Signs `values` (raw, by attribute name) for `request`, which must answer `offer`.
    public func issue(
        _ values: [String: String], for request: CredentialRequest, offer: CredentialOffer,
        using generator: inout some RandomNumberGenerator
    ) throws(AnonCredsError) -> Credential {
        var source = generator  // a copy at a real address: see BigInteger+Random.swift
        defer { generator = source }
        guard request.credentialDefinitionID == credentialDefinitionID, offer.credentialDefinitionID == credentialDefinitionID else {
            throw .credentialDefinitionMismatch(expected: credentialDefinitionID, found: request.credentialDefinitionID)
        }
        guard definition.value.revocation == nil else { throw .unsupported("issuing revocable credentials") }
        let key = definition.value.primary
        try CredentialRequestBuilder.verify(
            request.blindedLinkSecret, proof: request.blindedLinkSecretCorrectnessProof, key: key, offerNonce: offer.nonce)
        let attributeValues = values.mapValues { AttributeValue(raw: $0) }
        let encoded = try CredentialValues.signed(attributeValues, key: key)

        let n = key.n
        let order = privateKey.p * privateKey.q
        let m2 = Challenge.hash([
            Challenge.littleEndianHash(of: request.contextInput), Challenge.littleEndianHash(of: "-1"),
        ])
        let vPrimePrime = BigInteger.random(bits: CLSizes.vPrimePrime, using: &source)
            .settingBit(CLSizes.vPrimePrime - 1)
        let e = BigInteger.randomPrime(above: CLSizes.exponentStart, rangeBits: CLSizes.exponentRange, using: &source)

        var rx = try key.s.secretPowMod(vPrimePrime, n).mulMod(request.blindedLinkSecret.u, n)
        rx = try rx.mulMod(try key.rctxt.powMod(m2, n), n)
        for (name, value) in encoded {
            guard let base = key.r[name] else { throw .attributesMismatch("\(name) is not in the key") }
            rx = try rx.mulMod(try base.powMod(value, n), n)
        }
        let q = try key.z.mulMod(try rx.invMod(n), n)
        let eInverse = try e.invMod(order)
        let a = try q.secretPowMod(eInverse, n)

        let r = BigInteger.random(below: order, using: &source)
        let aCap = try q.secretPowMod(r, n)
        let c = Challenge.hash([q, a, aCap, request.nonce.value])
        guard let se = (r - c * eInverse).modulo(order) else { throw .arithmetic("zero group order") }

        return Credential(
            schemaID: offer.schemaID, credentialDefinitionID: credentialDefinitionID, values: attributeValues,
            signature: PrimaryCredentialSignature(m2: m2, a: a, e: e, v: vPrimePrime),
            signatureCorrectnessProof: SignatureCorrectnessProof(se: se, c: c))
    }
}
