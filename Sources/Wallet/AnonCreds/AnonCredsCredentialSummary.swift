/// What a list shows of a stored AnonCreds credential beyond its ``CredentialSummary``: the
/// identifiers it was issued under and its attribute values, as issued.
///
/// A credential's listing has the schema's name as its type and the definition's issuer; the
/// identifiers and values live in the stored credential itself, which an AnonCreds wallet
/// reads anyway to prove (``CredentialWallet/anonCredsSummaries()``).
public struct AnonCredsCredentialSummary: Sendable, Hashable {
    /// The wallet's id for the credential.
    public let id: String
    /// The `schema_id` it was issued under.
    public let schemaID: String
    /// The `cred_def_id` it was issued under.
    public let credentialDefinitionID: String
    /// The attribute values (`raw`), by attribute name.
    public let attributes: [String: String]

    /// A summary.
    public init(id: String, schemaID: String, credentialDefinitionID: String, attributes: [String: String]) {
        self.id = id
        self.schemaID = schemaID
        self.credentialDefinitionID = credentialDefinitionID
        self.attributes = attributes
    }
}

extension CredentialWallet {
    /// The stored AnonCreds credentials' identifiers and attribute values, by credential id
    /// (read from the stored credentials, no verification and no network): what `vellum list
    /// --json` adds to each AnonCreds entry.
    public func anonCredsSummaries() async throws(WalletError) -> [String: AnonCredsCredentialSummary] {
        try await anonCredsRecords().reduce(into: [:]) { summaries, entry in
            let credential = entry.value.credential
            summaries[entry.key] = AnonCredsCredentialSummary(
                id: entry.key, schemaID: credential.schemaID, credentialDefinitionID: credential.credentialDefinitionID,
                attributes: credential.values.mapValues(\.raw))
        }
    }
}
