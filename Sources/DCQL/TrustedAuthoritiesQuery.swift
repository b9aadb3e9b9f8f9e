import JSONModel

/// An authority or trust framework the verifier accepts as certifying the issuer
/// (OpenID4VP 1.0 §6.1.1).
public struct TrustedAuthoritiesQuery: Sendable, Hashable {
    /// `aki`: the base64url KeyIdentifier of an AuthorityKeyIdentifier in the credential's chain.
    public static let authorityKeyIdentifier = "aki"
    /// `etsi_tl`: an ETSI TS 119 612 trusted list.
    public static let etsiTrustedList = "etsi_tl"
    /// `openid_federation`: an OpenID Federation entity identifier.
    public static let openIDFederation = "openid_federation"

    /// The kind of information in ``values``.
    public let type: String
    /// The acceptable authorities of that kind; never empty.
    public let values: [String]

    public init(type: String, values: [String]) {
        self.type = type
        self.values = values
    }

    init(json: JSONValue, path: String, limits: DCQLLimits) throws(DCQLError) {
        let reader = try QueryReader(json, path: path, limits: limits)
        type = try reader.requiredString("type")
        values = try reader.strings(reader.requiredArray("values", limit: limits.maximumValues), at: reader.location("values"))
    }
}
