import JSONModel

/// A credential definition: an issuer's CL public key for one schema, under a tag.
///
/// JSON as anoncreds-rs 0.2 writes it:
/// `{"schemaId", "type": "CL", "tag", "value": {"primary": {…}, "revocation": {…}?}, "issuerId"}`.
/// The revocation key (points on BN254, for non-revocation proofs) is read and carried as JSON,
/// not interpreted.
public struct CredentialDefinition: AnonCredsObject, Hashable {
    public static let objectName = "credential definition"

    public var schemaID: String
    /// Always `CL`.
    public var signatureType: String
    public var tag: String
    public var value: Value
    public var issuerID: String

    /// The keys.
    public struct Value: Codable, Hashable, Sendable {
        public var primary: CredentialPrimaryPublicKey
        /// The revocation public key, carried as received.
        public var revocation: JSONValue?

        public init(primary: CredentialPrimaryPublicKey, revocation: JSONValue? = nil) {
            self.primary = primary
            self.revocation = revocation
        }
    }

    enum CodingKeys: String, CodingKey {
        case schemaID = "schemaId", signatureType = "type", tag, value, issuerID = "issuerId"
    }

    public init(schemaID: String, tag: String, value: Value, issuerID: String) {
        self.schemaID = schemaID
        self.signatureType = "CL"
        self.tag = tag
        self.value = value
        self.issuerID = issuerID
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaID = try container.decode(String.self, forKey: .schemaID)
        signatureType = try container.decode(String.self, forKey: .signatureType)
        tag = try container.decode(String.self, forKey: .tag)
        value = try container.decode(Value.self, forKey: .value)
        issuerID = try container.decode(String.self, forKey: .issuerID)
        guard signatureType == "CL" else {
            throw DecodingError.dataCorruptedError(forKey: .signatureType, in: container, debugDescription: "only CL is defined")
        }
        try AnonCredsIdentifier.validate(schemaID, as: .schema)
        try AnonCredsIdentifier.validate(issuerID, as: .issuer)
    }

    /// Whether credentials under this definition can be revoked.
    public var supportsRevocation: Bool { value.revocation != nil && value.revocation != .null }
}

/// The issuer's private key for a credential definition: the Sophie Germain primes `p'`, `q'`
/// of its modulus (`n = (2p' + 1)(2q' + 1)`). JSON `{"value": {"p_key": {"p", "q"}, "r_key"}}`.
public struct CredentialDefinitionPrivate: AnonCredsObject {
    public static let objectName = "credential definition private key"

    /// `p'`.
    public var p: BigInteger
    /// `q'`.
    public var q: BigInteger
    /// The revocation private key, carried as received.
    public var revocation: JSONValue?

    public init(p: BigInteger, q: BigInteger, revocation: JSONValue? = nil) {
        self.p = p
        self.q = q
        self.revocation = revocation
    }

    private struct Wire: Codable {
        struct Value: Codable {
            struct PrimaryKey: Codable { var p: BigInteger; var q: BigInteger }
            var p_key: PrimaryKey
            var r_key: JSONValue?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(p_key, forKey: .p_key)
                try container.encode(r_key ?? .null, forKey: .r_key)
            }
        }
        var value: Value
    }

    public init(from decoder: any Decoder) throws {
        let wire = try Wire(from: decoder)
        guard wire.value.p_key.p > BigInteger.one, wire.value.p_key.q > BigInteger.one else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "p' and q' must be primes above 1"))
        }
        self.init(p: wire.value.p_key.p, q: wire.value.p_key.q, revocation: wire.value.r_key == .null ? nil : wire.value.r_key)
    }

    public func encode(to encoder: any Encoder) throws {
        try Wire(value: .init(p_key: .init(p: p, q: q), r_key: revocation)).encode(to: encoder)
    }
}
