import Foundation
import JOSE
import OpenID4VCI

/// How ``CredentialWallet/retrieveCredentials(from:clientID:redirectURI:trustingPublishedIACAs:options:)``
/// goes about a claim: the user's inputs (transaction code, browser step), the wallet's
/// preferences (batch size, encryption, DPoP) and progress reporting.
public struct CredentialRetrievalOptions: Sendable {
    /// The transaction code the user entered, for a pre-authorized code that needs one
    /// (checked against the offer's `tx_code` before it is sent).
    public var transactionCode: String?
    /// The browser step of the authorization code flow: open the authorization URL, wait for
    /// the redirect to the wallet's `redirectUri`, return it. Required for that flow.
    public var authorize: (@Sendable (URL) async throws -> URL)?
    /// How many credentials of each configuration to ask for, each bound to its own key; more
    /// than one needs the issuer's `batch_credential_issuance` (capped by its `batch_size`).
    public var credentialsPerConfiguration: Int
    /// Ask for encrypted credential responses when the issuer supports them (they are used
    /// whenever the issuer requires them).
    public var prefersEncryptedResponses: Bool
    /// Bind the access token to a DPoP key when the authorization server supports DPoP.
    public var usesDPoP: Bool
    /// How often a deferred issuance is polled before giving up.
    public var maximumDeferredPolls: Int
    /// Tells the issuer's notification endpoint whether each credential was stored.
    public var sendsNotifications: Bool
    /// Called as each network step starts, for a progress display.
    public var progress: (@Sendable (CredentialRetrievalStep) -> Void)?
    /// Waits between deferred polls; tests pass one that returns at once.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        transactionCode: String? = nil, authorize: (@Sendable (URL) async throws -> URL)? = nil,
        credentialsPerConfiguration: Int = 1, prefersEncryptedResponses: Bool = false, usesDPoP: Bool = true,
        maximumDeferredPolls: Int = 5, sendsNotifications: Bool = true,
        progress: (@Sendable (CredentialRetrievalStep) -> Void)? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.transactionCode = transactionCode
        self.authorize = authorize
        self.credentialsPerConfiguration = credentialsPerConfiguration
        self.prefersEncryptedResponses = prefersEncryptedResponses
        self.usesDPoP = usesDPoP
        self.maximumDeferredPolls = maximumDeferredPolls
        self.sendsNotifications = sendsNotifications
        self.progress = progress
        self.sleep = sleep
    }
}

/// A step of a claim, reported through ``CredentialRetrievalOptions/progress``.
public enum CredentialRetrievalStep: Sendable, Hashable, CustomStringConvertible {
    /// Fetching the issuer's IACA list from `mdoc_iacas_uri`.
    case fetchingIssuerCertificates(URL)
    /// Waiting for the user to authorize in the browser.
    case awaitingAuthorization(URL)
    /// Exchanging the code for an access token.
    case requestingAccessToken(URL)
    /// Requesting the credentials of one configuration.
    case requestingCredential(configurationID: String)
    /// The issuer deferred issuance; polling.
    case awaitingDeferredCredential(configurationID: String)
    /// Validating and storing what arrived.
    case storingCredential(configurationID: String)

    public var description: String {
        switch self {
        case .fetchingIssuerCertificates(let url): "fetching the issuer's IACA certificates from \(url.absoluteString)"
        case .awaitingAuthorization(let url): "waiting for authorization at \(url.absoluteString)"
        case .requestingAccessToken(let url): "requesting an access token from \(url.absoluteString)"
        case .requestingCredential(let id): "requesting \(id)"
        case .awaitingDeferredCredential(let id): "issuance of \(id) deferred; waiting"
        case .storingCredential(let id): "validating and storing \(id)"
        }
    }
}
