import Foundation

/// A stored credential as a list shows it: its listing (type, issuer, display names,
/// validity, latest verification) without the issuer-signed bytes.
///
/// Listing reads and decrypts only each credential's small sealed listing (see
/// ``CredentialListing``), never the payload (an mDL with a portrait is tens of kilobytes)
/// nor the full metadata, so a wallet with a hundred thousand credentials lists in one pass
/// over an index. ``WalletStore/credentialSummaries(format:)`` and
/// ``CredentialWallet/listCredentials()`` both return it; the wallet's picks the display
/// name in its configured locales.
public struct CredentialSummary: Sendable, Hashable, Identifiable {
    /// The wallet's id for the credential.
    public let id: String
    /// The credential format.
    public let format: CredentialFormat
    /// Type, issuer, display names, validity and the latest verification.
    public let listing: CredentialListing
    /// The id of the holder key the credential is bound to, if any.
    public let holderKeyID: String?
    /// When the wallet stored it.
    public let storedAt: Date
    /// When the credential's metadata last changed.
    public let updatedAt: Date
    /// The credential's display name in the most preferred locale the issuer wrote one for
    /// (the issuer's first entry when no locale is preferred).
    public private(set) var displayName: String?

    /// A summary read from the store; the display name is the issuer's first.
    init(id: String, format: CredentialFormat, listing: CredentialListing, holderKeyID: String?, storedAt: Date, updatedAt: Date) {
        self.id = id
        self.format = format
        self.listing = listing
        self.holderKeyID = holderKeyID
        self.storedAt = storedAt
        self.updatedAt = updatedAt
        self.displayName = listing.displayName(preferring: [])
    }

    /// This summary with the display name picked for `locales` (most preferred first).
    func preferring(_ locales: [String]) -> CredentialSummary {
        var summary = self
        summary.displayName = listing.displayName(preferring: locales)
        return summary
    }

    /// The `vct` or `docType`.
    public var credentialType: String? { listing.credentialType }
    /// The issuer identifier (`iss` or `credential_issuer`).
    public var issuer: String? { listing.issuer }
    /// The issuer's name to show (its display name, else its certificate's common name).
    public var issuerName: String? { listing.issuerName }
    /// When it is valid.
    public var validity: CredentialValidity { listing.validity }
    /// The status found by the latest verification (at issuance or a later read).
    public var lastStatus: String? { listing.lastStatus }
    /// Whether the latest verification passed.
    public var lastVerified: Bool? { listing.lastVerified }
    /// When the latest verification ran.
    public var lastCheckedAt: Date? { listing.lastCheckedAt }

    /// The state to show without verifying again: `expired` or `not-yet-valid` by the dates
    /// at `time`, else the latest status (`valid`, `revoked`, `suspended`, `unknown`, …).
    public func state(at time: Date) -> String {
        if validity.isExpired(at: time) { return "expired" }
        if validity.isNotYetValid(at: time) { return "not-yet-valid" }
        return lastStatus ?? "unchecked"
    }
}
