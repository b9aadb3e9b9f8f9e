/// The issuer's CL public key for the primary credential: an RSA modulus `n = p·q` of two safe
/// primes, a generator `s` of the quadratic residues, one base `r[name]` per attribute (and
/// `master_secret` for the link secret), `rctxt` for the credential context `m₂`, and `z`.
///
/// A signature `(a, e, v)` on attribute values `mᵢ` satisfies
/// `z ≡ aᵉ · sᵛ · rctxt^m₂ · ∏ rᵢ^mᵢ (mod n)`.
///
/// JSON `{"n", "s", "r": {name: …}, "rctxt", "z"}` with decimal strings; a legacy key's `rms`
/// (the link-secret base before it moved into `r`) is read into `r["master_secret"]`.
public struct CredentialPrimaryPublicKey: Codable, Hashable, Sendable {
    public var n: BigInteger
    public var s: BigInteger
    /// The attribute bases, by canonical attribute name (see ``AttributeName/canonical(_:)``).
    public var r: [String: BigInteger]
    public var rctxt: BigInteger
    public var z: BigInteger

    enum CodingKeys: String, CodingKey { case n, s, r, rctxt, z, rms }

    public init(n: BigInteger, s: BigInteger, r: [String: BigInteger], rctxt: BigInteger, z: BigInteger) {
        self.n = n
        self.s = s
        self.r = r
        self.rctxt = rctxt
        self.z = z
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        n = try container.decode(BigInteger.self, forKey: .n)
        s = try container.decode(BigInteger.self, forKey: .s)
        r = try container.decode([String: BigInteger].self, forKey: .r)
        rctxt = try container.decode(BigInteger.self, forKey: .rctxt)
        z = try container.decode(BigInteger.self, forKey: .z)
        if let rms = try container.decodeIfPresent(BigInteger.self, forKey: .rms), rms != .zero {
            r[AttributeName.linkSecret] = rms
        }
        // Bounds a holder's work on a hostile key: every check and proof costs one
        // exponentiation modulo n per base.
        guard n > BigInteger.one, n.isOdd, n.bitWidth <= Self.maximumModulusBits else {
            throw DecodingError.dataCorruptedError(
                forKey: .n, in: container, debugDescription: "n is not an odd modulus of at most \(Self.maximumModulusBits) bits")
        }
        guard r.count <= Schema.maximumAttributeCount + 1 else {
            throw DecodingError.dataCorruptedError(forKey: .r, in: container, debugDescription: "more bases than a schema has attributes")
        }
        for value in [s, rctxt, z] + Array(r.values) where value.signum <= 0 || value >= n {
            throw DecodingError.dataCorruptedError(forKey: .r, in: container, debugDescription: "a base outside 1 ..< n")
        }
    }

    /// The largest modulus read: four times anoncreds' 2 050 bits.
    public static let maximumModulusBits = 8192

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(n, forKey: .n)
        try container.encode(s, forKey: .s)
        try container.encode(r, forKey: .r)
        try container.encode(rctxt, forKey: .rctxt)
        try container.encode(z, forKey: .z)
    }
}
