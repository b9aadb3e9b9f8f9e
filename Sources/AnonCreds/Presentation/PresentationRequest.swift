import JSONModel

/// A verifier's presentation request: what to reveal or prove, from credentials meeting which
/// restrictions, under a nonce the proof must hash.
///
/// JSON as anoncreds-rs 0.2 reads it: `{"nonce", "name", "version", "requested_attributes":
/// {referent: {"name" | "names", "restrictions"?, "non_revoked"?}}, "requested_predicates":
/// {referent: {"name", "p_type", "p_value", "restrictions"?, "non_revoked"?}}, "non_revoked"?,
/// "ver"?}`. Restrictions and intervals are carried as JSON.
public struct PresentationRequest: AnonCredsObject, Hashable {
    public static let objectName = "presentation request"

    public var nonce: Nonce
    public var name: String
    public var version: String
    public var requestedAttributes: [String: RequestedAttribute]
    public var requestedPredicates: [String: RequestedPredicate]
    public var nonRevoked: JSONValue?
    /// `1.0` or `2.0` when given.
    public var formatVersion: String?

    enum CodingKeys: String, CodingKey {
        case nonce, name, version, requestedAttributes = "requested_attributes"
        case requestedPredicates = "requested_predicates", nonRevoked = "non_revoked", formatVersion = "ver"
    }

    public init(
        nonce: Nonce, name: String, version: String, requestedAttributes: [String: RequestedAttribute] = [:],
        requestedPredicates: [String: RequestedPredicate] = [:], nonRevoked: JSONValue? = nil, formatVersion: String? = nil
    ) {
        self.nonce = nonce
        self.name = name
        self.version = version
        self.requestedAttributes = requestedAttributes
        self.requestedPredicates = requestedPredicates
        self.nonRevoked = nonRevoked
        self.formatVersion = formatVersion
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nonce = try container.decode(Nonce.self, forKey: .nonce)
        name = try container.decode(String.self, forKey: .name)
        version = try container.decode(String.self, forKey: .version)
        requestedAttributes = try container.decodeIfPresent([String: RequestedAttribute].self, forKey: .requestedAttributes) ?? [:]
        requestedPredicates = try container.decodeIfPresent([String: RequestedPredicate].self, forKey: .requestedPredicates) ?? [:]
        nonRevoked = try container.decodeIfPresent(JSONValue.self, forKey: .nonRevoked)
        formatVersion = try container.decodeIfPresent(String.self, forKey: .formatVersion)
        if let formatVersion, formatVersion != "1.0", formatVersion != "2.0" {
            throw DecodingError.dataCorruptedError(forKey: .formatVersion, in: container, debugDescription: "ver is 1.0 or 2.0")
        }
    }

    /// Whether the referent asks for a non-revocation proof: its own `non_revoked` interval, or
    /// the request's when it has none (anoncreds-rs makes one only for a revocable credential).
    public func asksNonRevocation(_ referent: String) -> Bool {
        let local = requestedAttributes[referent]?.nonRevoked ?? requestedPredicates[referent]?.nonRevoked
        return [local, nonRevoked].contains { $0 != nil && $0 != .null }
    }

    /// One requested attribute (`name`) or group of attributes from one credential (`names`).
    public struct RequestedAttribute: Codable, Hashable, Sendable {
        public var name: String?
        public var names: [String]?
        public var restrictions: JSONValue?
        public var nonRevoked: JSONValue?

        enum CodingKeys: String, CodingKey { case name, names, restrictions, nonRevoked = "non_revoked" }

        public init(name: String? = nil, names: [String]? = nil, restrictions: JSONValue? = nil, nonRevoked: JSONValue? = nil) {
            self.name = name
            self.names = names
            self.restrictions = restrictions
            self.nonRevoked = nonRevoked
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            names = try container.decodeIfPresent([String].self, forKey: .names)
            restrictions = try container.decodeIfPresent(JSONValue.self, forKey: .restrictions)
            nonRevoked = try container.decodeIfPresent(JSONValue.self, forKey: .nonRevoked)
            guard (name == nil) != (names == nil), names?.isEmpty != true else {
                throw DecodingError.dataCorruptedError(
                    forKey: .name, in: container, debugDescription: "a requested attribute has either name or a non-empty names")
            }
            _ = try restriction
        }

        /// The `restrictions`, read (`nil` when there are none).
        public var restriction: Restriction? {
            get throws(AnonCredsError) { try restrictions.map(Restriction.init(json:)) }
        }

        /// The attribute names asked for.
        public var attributeNames: [String] { name.map { [$0] } ?? names ?? [] }
    }

    /// A requested predicate: `name p_type p_value` (`>=`, `>`, `<=`, `<` over 32-bit integers).
    public struct RequestedPredicate: Codable, Hashable, Sendable {
        public var name: String
        public var predicateType: String
        public var value: Int32
        public var restrictions: JSONValue?
        public var nonRevoked: JSONValue?

        enum CodingKeys: String, CodingKey {
            case name, predicateType = "p_type", value = "p_value", restrictions, nonRevoked = "non_revoked"
        }

        public init(name: String, predicateType: String, value: Int32, restrictions: JSONValue? = nil, nonRevoked: JSONValue? = nil) {
            self.name = name
            self.predicateType = predicateType
            self.value = value
            self.restrictions = restrictions
            self.nonRevoked = nonRevoked
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            predicateType = try container.decode(String.self, forKey: .predicateType)
            value = try container.decode(Int32.self, forKey: .value)
            restrictions = try container.decodeIfPresent(JSONValue.self, forKey: .restrictions)
            nonRevoked = try container.decodeIfPresent(JSONValue.self, forKey: .nonRevoked)
            _ = try restriction
        }

        /// The `restrictions`, read (`nil` when there are none).
        public var restriction: Restriction? {
            get throws(AnonCredsError) { try restrictions.map(Restriction.init(json:)) }
        }
    }
}
