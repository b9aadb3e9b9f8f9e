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
    public var error: RetrieveCredentialError?

    /// Whether the credential was validated and stored.
    public var succeeded: Bool { error == nil && !credentialIDs.isEmpty }

    public init(configurationID: String, docType: String, format: String, credentialIDs: [String], error: RetrieveCredentialError?) {
        self.configurationID = configurationID
        self.docType = docType
        self.format = format
        self.credentialIDs = credentialIDs
        self.error = error
    }
}

/// Why an offered credential was not stored (the MATTR SDK's four kinds, with the detail a
/// user or a log needs), or why a whole claim was (``interrupted(_:)``).
public enum RetrieveCredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The credential chains to no trusted issuer certificate (and none could be, or was
    /// allowed to be, fetched from the issuer's `mdoc_iacas_uri`).
    case certificateNotFound(String)
    /// The issuer could not be reached, or the connection failed.
    case connectivityError(String)
    /// The credential arrived but failed validation; nothing of it was stored.
    case credentialNotAdded(CredentialRejection)
    /// Any other failure: the issuer refused, answered nonsense, or the wallet could not
    /// make a key or a proof.
    case failedToRetrieveCredential(String)
    /// The claim was cancelled (its task, or the process by a signal) before it was
    /// committed, and rolled back: none of its credentials, holder keys or provisionally
    /// trusted certificates was kept.
    case interrupted(String)

    public var description: String {
        switch self {
        case .certificateNotFound(let detail): "certificate not found: \(detail)"
        case .connectivityError(let detail): "connectivity error: \(detail)"
        case .credentialNotAdded(let rejection): rejection.description
        case .failedToRetrieveCredential(let detail): "failed to retrieve credential: \(detail)"
        case .interrupted(let detail): "interrupted: \(detail)"
        }
    }
}
