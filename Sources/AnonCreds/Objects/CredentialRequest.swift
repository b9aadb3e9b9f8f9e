/// A holder's request for an offered credential: the link secret blinded under the issuer's
/// key (`U = s^v' · r_ms^ms mod n`), a proof that the holder knows what it blinded, and a fresh
/// nonce for the issuer's answer.
///
/// JSON as anoncreds-rs 0.2 writes it: `{"entropy" | "prover_did", "cred_def_id", "blinded_ms",
/// "blinded_ms_correctness_proof", "nonce"}`. `entropy` (or, for a legacy credential
/// definition, `prover_did`) goes into the credential context `m₂` the issuer signs.
public struct CredentialRequest: AnonCredsObject, Hashable {
    public static let objectName = "credential request"

    /// Random text for the credential context; `nil` when ``proverDID`` is sent instead.
    public var entropy: String?
    /// The holder's DID, accepted instead of entropy for legacy credential definitions.
    public var proverDID: String?
    public var credentialDefinitionID: String
    public var blindedLinkSecret: BlindedLinkSecret
    public var blindedLinkSecretCorrectnessProof: BlindedLinkSecretCorrectnessProof
    public var nonce: Nonce

    enum CodingKeys: String, CodingKey {
        case entropy, proverDID = "prover_did", credentialDefinitionID = "cred_def_id"
        case blindedLinkSecret = "blinded_ms", blindedLinkSecretCorrectnessProof = "blinded_ms_correctness_proof", nonce
    }

    public init(
        entropy: String?, proverDID: String?, credentialDefinitionID: String, blindedLinkSecret: BlindedLinkSecret,
        blindedLinkSecretCorrectnessProof: BlindedLinkSecretCorrectnessProof, nonce: Nonce
    ) throws(AnonCredsError) {
        self.entropy = entropy
        self.proverDID = proverDID
        self.credentialDefinitionID = credentialDefinitionID
        self.blindedLinkSecret = blindedLinkSecret
        self.blindedLinkSecretCorrectnessProof = blindedLinkSecretCorrectnessProof
        self.nonce = nonce
        try validate()
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entropy = try container.decodeIfPresent(String.self, forKey: .entropy)
        proverDID = try container.decodeIfPresent(String.self, forKey: .proverDID)
        credentialDefinitionID = try container.decode(String.self, forKey: .credentialDefinitionID)
        blindedLinkSecret = try container.decode(BlindedLinkSecret.self, forKey: .blindedLinkSecret)
        blindedLinkSecretCorrectnessProof = try container.decode(
            BlindedLinkSecretCorrectnessProof.self, forKey: .blindedLinkSecretCorrectnessProof)
        nonce = try container.decode(Nonce.self, forKey: .nonce)
        try validate()
    }

    /// anoncreds-rs' rules: entropy or a prover DID, not both; a prover DID only for a legacy
    /// credential definition, and only a URI or a legacy DID.
    func validate() throws(AnonCredsError) {
        try AnonCredsIdentifier.validate(credentialDefinitionID, as: .credentialDefinition)
        switch (entropy, proverDID) {
        case (.some, .some): throw .invalidRequest("entropy and prover_did must not both be given")
        case (.some, nil): break
        case (nil, let did?):
            guard AnonCredsIdentifier.isLegacy(credentialDefinitionID, as: .credentialDefinition) else {
                throw .invalidRequest("entropy is required for a credential definition that is not a legacy identifier")
            }
            guard AnonCredsIdentifier.isURI(did) || AnonCredsIdentifier.isLegacy(did, as: .issuer) else {
                throw .invalidRequest("prover_did is neither a URI nor a legacy DID")
            }
        case (nil, nil): throw .invalidRequest("entropy (or, for legacy identifiers, prover_did) is required")
        }
    }

    /// The text the issuer hashes into the credential context: the entropy, else the prover DID.
    public var contextInput: String { entropy ?? proverDID ?? "" }
}
