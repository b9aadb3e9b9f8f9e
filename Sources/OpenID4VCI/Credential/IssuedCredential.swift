/// A credential the issuer returned, with what the wallet needs to store it and to notify the
/// issuer afterwards.
public struct IssuedCredential: Sendable, Hashable, Codable {
    /// The credential as sent (not yet verified).
    public var credential: CredentialPayload
    /// The configuration's `format` (`dc+sd-jwt`, `mso_mdoc`, `jwt_vc_json`, …).
    public var format: String
    /// The `notification_id` of the response it came in, shared by a batch.
    public var notificationID: String?

    public init(credential: CredentialPayload, format: String, notificationID: String? = nil) {
        self.credential = credential
        self.format = format
        self.notificationID = notificationID
    }
}
