import Foundation

/// A deferred issuance the wallet can persist and resume (OpenID4VCI 1.0 §9): everything the
/// deferred credential request needs, as a `Codable` value.
///
/// The handle holds the access token because the deferred endpoint wants the token the
/// transaction was started with; replace ``accessToken`` when it is refreshed. A DPoP-bound
/// token needs the same DPoP key when resuming. The token is a secret: store the handle
/// encrypted, as the wallet store does.
public struct DeferredCredentialHandle: Sendable, Hashable, Codable {
    /// The issuer's `transaction_id`.
    public var transactionID: String
    /// The issuer's latest `interval`, in seconds.
    public var interval: Int
    /// Do not poll before this time (the response time plus ``interval``).
    public var notBefore: Date
    /// The credential issuer identifier.
    public var credentialIssuer: String
    /// The endpoints of the issuer (deferred and notification are the ones used).
    public var endpoints: CredentialIssuerEndpoints
    /// The token for the deferred and notification endpoints.
    public var accessToken: AccessToken
    /// What was requested.
    public var target: CredentialRequest.Target
    /// The configuration's `format`.
    public var format: String

    public init(
        transactionID: String, interval: Int, notBefore: Date, credentialIssuer: String, endpoints: CredentialIssuerEndpoints,
        accessToken: AccessToken, target: CredentialRequest.Target, format: String
    ) {
        self.transactionID = transactionID
        self.interval = interval
        self.notBefore = notBefore
        self.credentialIssuer = credentialIssuer
        self.endpoints = endpoints
        self.accessToken = accessToken
        self.target = target
        self.format = format
    }
}

/// What a credential request or deferred poll produced.
public enum CredentialIssuanceOutcome: Sendable, Hashable {
    /// The credentials, ready to verify and store.
    case issued([IssuedCredential])
    /// Not yet: keep the handle (persist it if the wait is long) and poll later.
    case deferred(DeferredCredentialHandle)
}
