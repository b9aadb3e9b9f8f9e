import Foundation
import JSONModel
import StatusList

/// A credential the sandbox issued, as its admin API reports it.
public struct SandboxIssuedCredential: Sendable, Hashable {
    /// The sandbox's id for the credential (for ``SandboxIssuer/setStatus(_:credentialID:)``).
    public let id: String
    /// What was issued.
    public let kind: SandboxCredentialKind
    /// The credential's index in the status list.
    public let statusIndex: Int
    /// The status list URI the credential refers to.
    public let statusListURI: String
    /// The RFC 7638 thumbprint of the holder key the credential is bound to.
    public let holderKeyThumbprint: String
    /// When it was issued.
    public let issuedAt: Date
}

/// A notification a wallet sent to the notification endpoint (OpenID4VCI §11).
public struct SandboxNotification: Sendable, Hashable {
    /// The `notification_id` from the credential response.
    public let notificationID: String
    /// `credential_accepted`, `credential_failure` or `credential_deleted`.
    public let event: String
    /// `event_description`, if sent.
    public let eventDescription: String?
    /// The credentials the notification id covers.
    public let credentialIDs: [String]
}

/// An offer the sandbox made, waiting to be redeemed.
struct OfferRecord: Sendable {
    let id: String
    let kinds: [SandboxCredentialKind]
    let preAuthorizedCode: String?
    let transactionCode: String?
    let issuerState: String?
    let json: JSONValue
    var failedTransactionCodeAttempts = 0
    var redeemed = false
}

/// An authorization request, pushed or sent directly, while it waits for approval.
struct AuthorizationRequestRecord: Sendable {
    let clientID: String
    let redirectURI: String
    let state: String?
    let codeChallenge: String
    let kinds: [SandboxCredentialKind]
    /// Whether the wallet used `authorization_details` (the token response must then echo them).
    let usedAuthorizationDetails: Bool
    /// The DPoP key thumbprint the request was bound to at PAR (`dpop_jkt` or a DPoP proof).
    let dpopThumbprint: String?
    let issuerState: String?
    let expiresAt: Date
}

/// An access token and what it allows.
struct AccessGrant: Sendable {
    let kinds: [SandboxCredentialKind]
    /// `credential_identifiers` by identifier, when the token response returned them.
    let credentialIdentifiers: [String: SandboxCredentialKind]
    /// The DPoP key thumbprint (`cnf.jkt`) for DPoP-bound tokens.
    let dpopThumbprint: String?
    /// The client, `nil` for anonymous pre-authorized access.
    let clientID: String?
    let expiresAt: Date
}

/// A deferred issuance waiting for its polls.
struct DeferredTransaction: Sendable {
    let accessToken: String
    let credentials: [JSONValue]
    let credentialIDs: [String]
    var remainingPolls: Int
}

/// Expiring single-use values: nonces, DPoP `jti`s, codes.
struct ExpiringSet: Sendable {
    private var expiries: [String: Date] = [:]

    /// The most values remembered; the oldest are dropped first beyond it.
    static let capacity = 10_000

    mutating func insert(_ value: String, expiresAt: Date, now: Date) {
        prune(now: now)
        if expiries.count >= Self.capacity, let oldest = expiries.min(by: { $0.value < $1.value })?.key {
            expiries[oldest] = nil
        }
        expiries[value] = expiresAt
    }

    func contains(_ value: String, now: Date) -> Bool {
        guard let expiry = expiries[value] else { return false }
        return expiry > now
    }

    @discardableResult
    mutating func remove(_ value: String) -> Bool { expiries.removeValue(forKey: value) != nil }

    mutating func prune(now: Date) {
        if expiries.count > Self.capacity / 2 { expiries = expiries.filter { $0.value > now } }
    }
}
