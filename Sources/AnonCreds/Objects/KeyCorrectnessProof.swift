/// The issuer's proof that its credential definition's key is well formed: that `z` and every
/// `r[name]` are powers of `s` with exponents it knows, so a link secret blinded under the key
/// is hidden (a Schnorr-style proof, Fiat–Shamir with SHA-256).
///
/// JSON `{"c", "xz_cap", "xr_cap": [[name, value], …]}`; the order of `xr_cap` is the order
/// the challenge hashed the bases in, so it is kept.
public struct KeyCorrectnessProof: Codable, Hashable, Sendable {
    public var c: BigInteger
    public var xzCap: BigInteger
    /// `(attribute name, response)` in the order hashed.
    public var xrCap: [Response]

    /// One attribute's response.
    public struct Response: Hashable, Sendable {
        public var name: String
        public var value: BigInteger
        public init(name: String, value: BigInteger) {
            self.name = name
            self.value = value
        }
    }

    enum CodingKeys: String, CodingKey { case c, xzCap = "xz_cap", xrCap = "xr_cap" }

    public init(c: BigInteger, xzCap: BigInteger, xrCap: [Response]) {
        self.c = c
        self.xzCap = xzCap
        self.xrCap = xrCap
    }
}

extension KeyCorrectnessProof.Response: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        name = try container.decode(String.self)
        value = try container.decode(BigInteger.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "an xr_cap entry is [name, value]")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(name)
        try container.encode(value)
    }
}
