import Foundation

/// The credential issuer's endpoint URLs from its metadata (OpenID4VCI 1.0 §12.2.4), as the
/// credential client needs them. The integrator copies them from the checked metadata.
public struct CredentialIssuerEndpoints: Sendable, Hashable, Codable {
    /// `credential_endpoint`.
    public var credential: URL
    /// `nonce_endpoint`; without one, key proofs carry no nonce.
    public var nonce: URL?
    /// `deferred_credential_endpoint`; without one, a deferred answer cannot be collected.
    public var deferredCredential: URL?
    /// `notification_endpoint`; without one, notifications are not sent.
    public var notification: URL?

    public init(credential: URL, nonce: URL? = nil, deferredCredential: URL? = nil, notification: URL? = nil) {
        self.credential = credential
        self.nonce = nonce
        self.deferredCredential = deferredCredential
        self.notification = notification
    }
}
