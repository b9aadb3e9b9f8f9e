import JSONModel

/// A presentation: the zero-knowledge proof over one or more credentials, what it reveals by
/// referent (`requested_proof`), and which schema and credential definition each sub-proof
/// used (`identifiers`).
///
/// JSON as anoncreds-rs 0.2 writes it: `{"proof": {"proofs": [{"primary_proof": {"eq_proof",
/// "ge_proofs"}, "non_revoc_proof"}], "aggregated_proof": {"c_hash", "c_list"}},
/// "requested_proof": {…}, "identifiers": [{"schema_id", "cred_def_id", "rev_reg_id",
/// "timestamp"}]}`.
public struct Presentation: AnonCredsObject, Hashable {
    public static let objectName = "presentation"

    public var proof: AggregateProof
    public var requestedProof: RequestedProof
    public var identifiers: [Identifier]

    enum CodingKeys: String, CodingKey { case proof, requestedProof = "requested_proof", identifiers }

    public init(proof: AggregateProof, requestedProof: RequestedProof, identifiers: [Identifier]) {
        self.proof = proof
        self.requestedProof = requestedProof
        self.identifiers = identifiers
    }

    /// The sub-proofs (one per credential) and the challenge they share.
    public struct AggregateProof: Codable, Hashable, Sendable {
        public var proofs: [SubProof]
        public var aggregated: Aggregated

        enum CodingKeys: String, CodingKey { case proofs, aggregated = "aggregated_proof" }

        /// The Fiat–Shamir challenge over every sub-proof and the list of the commitments hashed.
        public struct Aggregated: Codable, Hashable, Sendable {
            public var cHash: BigInteger
            /// The commitments' bytes (`a'` of each sub-proof, then predicate commitments).
            public var cList: [[UInt8]]

            enum CodingKeys: String, CodingKey { case cHash = "c_hash", cList = "c_list" }
        }
    }

    /// One credential's proof.
    public struct SubProof: Codable, Hashable, Sendable {
        public var equality: EqualityProof
        /// One proof per predicate on this credential.
        public var predicates: [PredicateProof]
        public var nonRevocation: JSONValue?

        enum CodingKeys: String, CodingKey { case primary = "primary_proof", nonRevocation = "non_revoc_proof" }
        enum PrimaryKeys: String, CodingKey { case equality = "eq_proof", predicates = "ge_proofs" }

        public init(equality: EqualityProof, predicates: [PredicateProof] = [], nonRevocation: JSONValue? = nil) {
            self.equality = equality
            self.predicates = predicates
            self.nonRevocation = nonRevocation
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let primary = try container.nestedContainer(keyedBy: PrimaryKeys.self, forKey: .primary)
            equality = try primary.decode(EqualityProof.self, forKey: .equality)
            predicates = try primary.decodeIfPresent([PredicateProof].self, forKey: .predicates) ?? []
            nonRevocation = try container.decodeIfPresent(JSONValue.self, forKey: .nonRevocation)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var primary = container.nestedContainer(keyedBy: PrimaryKeys.self, forKey: .primary)
            try primary.encode(equality, forKey: .equality)
            try primary.encode(predicates, forKey: .predicates)
            try container.encode(nonRevocation ?? .null, forKey: .nonRevocation)
        }
    }

    /// The proof of knowledge of a signature with some attributes revealed: `a' = a·s^r`,
    /// responses `ê`, `v̂`, `m̂` for each hidden attribute (the link secret among them) and
    /// `m̂₂`. JSON `{"revealed_attrs", "a_prime", "e", "v", "m", "m2"}`; a legacy proof's `m1` is
    /// the link secret's response.
    public struct EqualityProof: Codable, Hashable, Sendable {
        public var revealedAttributes: [String: BigInteger]
        public var aPrime: BigInteger
        public var e: BigInteger
        public var v: BigInteger
        public var m: [String: BigInteger]
        public var m2: BigInteger

        enum CodingKeys: String, CodingKey {
            case revealedAttributes = "revealed_attrs", aPrime = "a_prime", e, v, m, m1, m2
        }

        public init(
            revealedAttributes: [String: BigInteger], aPrime: BigInteger, e: BigInteger, v: BigInteger,
            m: [String: BigInteger], m2: BigInteger
        ) {
            self.revealedAttributes = revealedAttributes
            self.aPrime = aPrime
            self.e = e
            self.v = v
            self.m = m
            self.m2 = m2
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            revealedAttributes = try container.decode([String: BigInteger].self, forKey: .revealedAttributes)
            aPrime = try container.decode(BigInteger.self, forKey: .aPrime)
            e = try container.decode(BigInteger.self, forKey: .e)
            v = try container.decode(BigInteger.self, forKey: .v)
            m = try container.decode([String: BigInteger].self, forKey: .m)
            m2 = try container.decode(BigInteger.self, forKey: .m2)
            if let m1 = try container.decodeIfPresent(BigInteger.self, forKey: .m1), m1 != .zero {
                m[AttributeName.linkSecret] = m1
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(revealedAttributes, forKey: .revealedAttributes)
            try container.encode(aPrime, forKey: .aPrime)
            try container.encode(e, forKey: .e)
            try container.encode(v, forKey: .v)
            try container.encode(m, forKey: .m)
            try container.encode(m2, forKey: .m2)
        }
    }

    /// Which credential (by sub-proof index) answers each referent, and the revealed values.
    public struct RequestedProof: Codable, Hashable, Sendable {
        public var revealedAttributes: [String: RevealedAttribute] = [:]
        public var revealedAttributeGroups: [String: RevealedAttributeGroup] = [:]
        public var selfAttestedAttributes: [String: String] = [:]
        public var unrevealedAttributes: [String: SubProofReference] = [:]
        public var predicates: [String: SubProofReference] = [:]

        enum CodingKeys: String, CodingKey {
            case revealedAttributes = "revealed_attrs", revealedAttributeGroups = "revealed_attr_groups"
            case selfAttestedAttributes = "self_attested_attrs", unrevealedAttributes = "unrevealed_attrs", predicates
        }

        public init() {}

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            revealedAttributes = try container.decode([String: RevealedAttribute].self, forKey: .revealedAttributes)
            revealedAttributeGroups = try container.decodeIfPresent([String: RevealedAttributeGroup].self, forKey: .revealedAttributeGroups) ?? [:]
            selfAttestedAttributes = try container.decodeIfPresent([String: String].self, forKey: .selfAttestedAttributes) ?? [:]
            unrevealedAttributes = try container.decodeIfPresent([String: SubProofReference].self, forKey: .unrevealedAttributes) ?? [:]
            predicates = try container.decodeIfPresent([String: SubProofReference].self, forKey: .predicates) ?? [:]
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(revealedAttributes, forKey: .revealedAttributes)
            if !revealedAttributeGroups.isEmpty { try container.encode(revealedAttributeGroups, forKey: .revealedAttributeGroups) }
            try container.encode(selfAttestedAttributes, forKey: .selfAttestedAttributes)
            try container.encode(unrevealedAttributes, forKey: .unrevealedAttributes)
            try container.encode(predicates, forKey: .predicates)
        }
    }

    /// A revealed attribute: its sub-proof and its raw and encoded values.
    public struct RevealedAttribute: Codable, Hashable, Sendable {
        public var subProofIndex: Int
        public var raw: String
        public var encoded: String

        enum CodingKeys: String, CodingKey { case subProofIndex = "sub_proof_index", raw, encoded }

        public init(subProofIndex: Int, raw: String, encoded: String) {
            self.subProofIndex = subProofIndex
            self.raw = raw
            self.encoded = encoded
        }
    }

    /// A revealed group of attributes from one credential.
    public struct RevealedAttributeGroup: Codable, Hashable, Sendable {
        public var subProofIndex: Int
        public var values: [String: AttributeValue]

        enum CodingKeys: String, CodingKey { case subProofIndex = "sub_proof_index", values }

        public init(subProofIndex: Int, values: [String: AttributeValue]) {
            self.subProofIndex = subProofIndex
            self.values = values
        }
    }

    /// The sub-proof that answers an unrevealed attribute or a predicate.
    public struct SubProofReference: Codable, Hashable, Sendable {
        public var subProofIndex: Int

        enum CodingKeys: String, CodingKey { case subProofIndex = "sub_proof_index" }

        public init(subProofIndex: Int) { self.subProofIndex = subProofIndex }
    }

    /// The schema and credential definition of one sub-proof's credential.
    public struct Identifier: Codable, Hashable, Sendable {
        public var schemaID: String
        public var credentialDefinitionID: String
        public var revocationRegistryID: String?
        public var timestamp: UInt64?

        enum CodingKeys: String, CodingKey {
            case schemaID = "schema_id", credentialDefinitionID = "cred_def_id", revocationRegistryID = "rev_reg_id", timestamp
        }

        public init(schemaID: String, credentialDefinitionID: String, revocationRegistryID: String? = nil, timestamp: UInt64? = nil) {
            self.schemaID = schemaID
            self.credentialDefinitionID = credentialDefinitionID
            self.revocationRegistryID = revocationRegistryID
            self.timestamp = timestamp
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaID, forKey: .schemaID)
            try container.encode(credentialDefinitionID, forKey: .credentialDefinitionID)
            try container.encode(revocationRegistryID, forKey: .revocationRegistryID)
            try container.encode(timestamp, forKey: .timestamp)
        }
    }
}
