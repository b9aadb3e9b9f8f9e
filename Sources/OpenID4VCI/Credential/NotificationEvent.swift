/// What the wallet tells the issuer it did with credentials (OpenID4VCI 1.0 §11.1).
public enum NotificationEvent: String, Sendable, Hashable, Codable {
    /// Stored successfully (with or without user action).
    case credentialAccepted = "credential_accepted"
    /// Not stored for a reason other than the user's choice (failed validation, storage).
    case credentialFailure = "credential_failure"
    /// The user declined or deleted the credentials.
    case credentialDeleted = "credential_deleted"
}
