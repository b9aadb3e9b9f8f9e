import Foundation

/// What became of one offered credential (the MATTR SDK's `RetrieveCredentialResult`):
/// stored under ``credentialIDs``, or not, with ``error`` saying why.
///
/// A batch issuance stores several credentials of one configuration (one per holder key);
/// they share one result.
public struct RetrieveCredentialResult: Sendable, Equatable {
    /// The `credential_configuration_id` offered.
    public var configurationID: String
    /// The mdoc doctype, the SD-JWT VC `vct`, or the configuration id.
    public var docType: String
    /// The format identifier.
    public var format: String
    /// The ids of the credentials stored, empty on failure.
    public var credentialIDs: [String]
    /// Why nothing was stored, or `nil`.
    public var error: WalletError.Retrieval?

    /// Whether the credential was validated and stored.
    public var succeeded: Bool { error == nil && !credentialIDs.isEmpty }

    public init(configurationID: String, docType: String, format: String, credentialIDs: [String], error: WalletError.Retrieval?) {
        self.configurationID = configurationID
        self.docType = docType
        self.format = format
        self.credentialIDs = credentialIDs
        self.error = error
    }
}
