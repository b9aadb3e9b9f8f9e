/// An issuer's offer of a credential: which schema and credential definition, the proof that
/// the definition's key is well formed, and the nonce the holder's request must answer.
///
/// JSON as anoncreds-rs 0.2 writes it:
/// `{"schema_id", "cred_def_id", "key_correctness_proof", "nonce", "method_name"?}`.
public struct CredentialOffer: AnonCredsObject, Hashable {
    public static let objectName = "credential offer"

    public var schemaID: String
    public var credentialDefinitionID: String
    public var keyCorrectnessProof: KeyCorrectnessProof
    public var nonce: Nonce
    /// A DID method name some issuers add; carried.
    public var methodName: String?

    enum CodingKeys: String, CodingKey {
        case schemaID = "schema_id", credentialDefinitionID = "cred_def_id"
        case keyCorrectnessProof = "key_correctness_proof", nonce, methodName = "method_name"
    }

    public init(
        schemaID: String, credentialDefinitionID: String, keyCorrectnessProof: KeyCorrectnessProof,
        nonce: Nonce, methodName: String? = nil
    ) {
        self.schemaID = schemaID
        self.credentialDefinitionID = credentialDefinitionID
        self.keyCorrectnessProof = keyCorrectnessProof
        self.nonce = nonce
        self.methodName = methodName
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaID = try container.decode(String.self, forKey: .schemaID)
        credentialDefinitionID = try container.decode(String.self, forKey: .credentialDefinitionID)
        keyCorrectnessProof = try container.decode(KeyCorrectnessProof.self, forKey: .keyCorrectnessProof)
        nonce = try container.decode(Nonce.self, forKey: .nonce)
        methodName = try container.decodeIfPresent(String.self, forKey: .methodName)
        try AnonCredsIdentifier.validate(schemaID, as: .schema)
        try AnonCredsIdentifier.validate(credentialDefinitionID, as: .credentialDefinition)
    }
}
