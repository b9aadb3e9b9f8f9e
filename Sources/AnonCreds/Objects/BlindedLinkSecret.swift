import JSONModel

/// The blinded link secret: `U`, the revocation part `ur` (a BN254 point, carried), and which
/// attributes are hidden or committed. JSON
/// `{"u", "ur", "hidden_attributes": ["master_secret"], "committed_attributes": {}}`.
public struct BlindedLinkSecret: Codable, Hashable, Sendable {
    public var u: BigInteger
    public var ur: JSONValue?
    public var hiddenAttributes: [String]
    public var committedAttributes: [String: BigInteger]

    enum CodingKeys: String, CodingKey {
        case u, ur, hiddenAttributes = "hidden_attributes", committedAttributes = "committed_attributes"
    }

    public init(u: BigInteger, ur: JSONValue? = nil, hiddenAttributes: [String], committedAttributes: [String: BigInteger] = [:]) {
        self.u = u
        self.ur = ur
        self.hiddenAttributes = hiddenAttributes
        self.committedAttributes = committedAttributes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(u, forKey: .u)
        try container.encode(ur ?? .null, forKey: .ur)
        try container.encode(hiddenAttributes, forKey: .hiddenAttributes)
        try container.encode(committedAttributes, forKey: .committedAttributes)
    }
}

/// The holder's proof that it knows `v'` and the hidden values in `U` (Fiat–Shamir over the
/// offer's nonce). JSON `{"c", "v_dash_cap", "m_caps": {name: …}, "r_caps": {name: …}}`.
public struct BlindedLinkSecretCorrectnessProof: Codable, Hashable, Sendable {
    public var c: BigInteger
    public var vDashCap: BigInteger
    public var mCaps: [String: BigInteger]
    public var rCaps: [String: BigInteger]

    enum CodingKeys: String, CodingKey { case c, vDashCap = "v_dash_cap", mCaps = "m_caps", rCaps = "r_caps" }

    public init(c: BigInteger, vDashCap: BigInteger, mCaps: [String: BigInteger], rCaps: [String: BigInteger] = [:]) {
        self.c = c
        self.vDashCap = vDashCap
        self.mCaps = mCaps
        self.rCaps = rCaps
    }
}
