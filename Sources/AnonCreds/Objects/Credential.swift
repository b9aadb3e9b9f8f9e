import JSONModel

/// An AnonCreds credential: the attribute values (raw and encoded), the issuer's CL signature
/// over them and the holder's link secret, and the issuer's proof that the signature is
/// correct. Revocation data (`rev_reg_id`, `r_credential`, `rev_reg`, `witness`) is carried.
///
/// JSON as anoncreds-rs 0.2 writes it: `{"schema_id", "cred_def_id", "rev_reg_id", "values":
/// {name: {"raw", "encoded"}}, "signature": {"p_credential": {"m_2", "a", "e", "v"},
/// "r_credential"}, "signature_correctness_proof": {"se", "c"}, "rev_reg", "witness"}`, absent
/// revocation members written as `null`. As issued, `v` is the issuer's `v''`; once the holder
/// has processed it, `v = v' + v''`.
public struct Credential: AnonCredsObject, Hashable {
    public static let objectName = "credential"

    public var schemaID: String
    public var credentialDefinitionID: String
    public var revocationRegistryID: String?
    /// The attribute values, by the attribute name as the issuer wrote it.
    public var values: [String: AttributeValue]
    public var signature: PrimaryCredentialSignature
    /// The non-revocation signature (BN254 points), carried.
    public var revocationSignature: JSONValue?
    public var signatureCorrectnessProof: SignatureCorrectnessProof
    public var revocationRegistry: JSONValue?
    public var witness: JSONValue?

    enum CodingKeys: String, CodingKey {
        case schemaID = "schema_id", credentialDefinitionID = "cred_def_id", revocationRegistryID = "rev_reg_id"
        case values, signature, signatureCorrectnessProof = "signature_correctness_proof"
        case revocationRegistry = "rev_reg", witness
    }

    enum SignatureKeys: String, CodingKey { case primary = "p_credential", revocation = "r_credential" }

    public init(
        schemaID: String, credentialDefinitionID: String, revocationRegistryID: String? = nil,
        values: [String: AttributeValue], signature: PrimaryCredentialSignature, revocationSignature: JSONValue? = nil,
        signatureCorrectnessProof: SignatureCorrectnessProof, revocationRegistry: JSONValue? = nil, witness: JSONValue? = nil
    ) {
        self.schemaID = schemaID
        self.credentialDefinitionID = credentialDefinitionID
        self.revocationRegistryID = revocationRegistryID
        self.values = values
        self.signature = signature
        self.revocationSignature = revocationSignature
        self.signatureCorrectnessProof = signatureCorrectnessProof
        self.revocationRegistry = revocationRegistry
        self.witness = witness
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaID = try container.decode(String.self, forKey: .schemaID)
        credentialDefinitionID = try container.decode(String.self, forKey: .credentialDefinitionID)
        revocationRegistryID = try container.decodeIfPresent(String.self, forKey: .revocationRegistryID)
        values = try container.decode([String: AttributeValue].self, forKey: .values)
        let signatures = try container.nestedContainer(keyedBy: SignatureKeys.self, forKey: .signature)
        signature = try signatures.decode(PrimaryCredentialSignature.self, forKey: .primary)
        revocationSignature = try signatures.decodeIfPresent(JSONValue.self, forKey: .revocation)
        signatureCorrectnessProof = try container.decode(SignatureCorrectnessProof.self, forKey: .signatureCorrectnessProof)
        revocationRegistry = try container.decodeIfPresent(JSONValue.self, forKey: .revocationRegistry)
        witness = try container.decodeIfPresent(JSONValue.self, forKey: .witness)
        try AnonCredsIdentifier.validate(schemaID, as: .schema)
        try AnonCredsIdentifier.validate(credentialDefinitionID, as: .credentialDefinition)
        if let revocationRegistryID {
            try AnonCredsIdentifier.validate(revocationRegistryID, as: .revocationRegistryDefinition)
            guard witness != nil, revocationRegistry != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .witness, in: container, debugDescription: "a revocable credential carries rev_reg and witness")
            }
        }
        guard !values.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .values, in: container, debugDescription: "no attribute values")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaID, forKey: .schemaID)
        try container.encode(credentialDefinitionID, forKey: .credentialDefinitionID)
        try container.encode(revocationRegistryID, forKey: .revocationRegistryID)
        try container.encode(values, forKey: .values)
        var signatures = container.nestedContainer(keyedBy: SignatureKeys.self, forKey: .signature)
        try signatures.encode(signature, forKey: .primary)
        try signatures.encode(revocationSignature ?? .null, forKey: .revocation)
        try container.encode(signatureCorrectnessProof, forKey: .signatureCorrectnessProof)
        try container.encode(revocationRegistry ?? .null, forKey: .revocationRegistry)
        try container.encode(witness ?? .null, forKey: .witness)
    }
}

/// An attribute's value as issued: the text (`raw`) and the integer the signature covers
/// (`encoded`, decimal; see ``AttributeEncoding``).
public struct AttributeValue: Codable, Hashable, Sendable {
    public var raw: String
    public var encoded: String

    public init(raw: String, encoded: String) {
        self.raw = raw
        self.encoded = encoded
    }

    /// The value with `raw` encoded the standard way.
    public init(raw: String) {
        self.init(raw: raw, encoded: AttributeEncoding.encode(raw))
    }
}

/// The primary CL signature `(a, e, v)` with the credential context `m₂` it covers. JSON
/// `{"m_2", "a", "e", "v"}`.
public struct PrimaryCredentialSignature: Codable, Hashable, Sendable {
    public var m2: BigInteger
    public var a: BigInteger
    public var e: BigInteger
    public var v: BigInteger

    enum CodingKeys: String, CodingKey { case m2 = "m_2", a, e, v }

    public init(m2: BigInteger, a: BigInteger, e: BigInteger, v: BigInteger) {
        self.m2 = m2
        self.a = a
        self.e = e
        self.v = v
    }
}

/// The issuer's proof that it computed `a = Q^(1/e)` honestly, bound to the request's nonce.
/// JSON `{"se", "c"}`.
public struct SignatureCorrectnessProof: Codable, Hashable, Sendable {
    public var se: BigInteger
    public var c: BigInteger

    public init(se: BigInteger, c: BigInteger) {
        self.se = se
        self.c = c
    }
}
