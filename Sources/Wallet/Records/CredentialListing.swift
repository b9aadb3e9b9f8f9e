import Foundation
import JSONModel

/// What a list of credentials shows of one credential: its type, issuer, display names,
/// validity and latest verification.
///
/// Kept sealed on its own beside the full metadata (the credential row's `listing` column),
/// so listing a wallet opens a record of about a hundred bytes per credential, not the
/// metadata with its display JSON, issuer display information and app extensions, nor the
/// credential itself. It is derived from ``CredentialMetadata`` whenever that is written,
/// so the two never disagree.
public struct CredentialListing: Sendable, Hashable {
    /// The `vct` or `docType`.
    public var credentialType: String?
    /// The issuer identifier (`iss` or `credential_issuer`).
    public var issuer: String?
    /// The issuer's display name, when its metadata gave one.
    public var issuerDisplayName: String?
    /// The common name of the certificate the issuer signed with.
    public var issuerCommonName: String?
    /// The credential's display names, one per `display` entry, in the issuer's order.
    public var displayNames: [DisplayName]
    /// When it is valid.
    public var validity: CredentialValidity
    /// The status the latest verification found.
    public var lastStatus: String?
    /// Whether the latest verification passed.
    public var lastVerified: Bool?
    /// When the latest verification ran.
    public var lastCheckedAt: Date?

    /// A display entry's name and the locale it is written in.
    public struct DisplayName: Sendable, Hashable {
        /// The entry's `locale` (BCP 47), when it names one.
        public var locale: String?
        /// The entry's `name`.
        public var name: String?

        /// A display name in `locale`.
        public init(locale: String?, name: String?) {
            self.locale = locale
            self.name = name
        }
    }

    /// Makes a listing; every field defaults to empty.
    public init(
        credentialType: String? = nil, issuer: String? = nil, issuerDisplayName: String? = nil,
        issuerCommonName: String? = nil, displayNames: [DisplayName] = [], validity: CredentialValidity = CredentialValidity(),
        lastStatus: String? = nil, lastVerified: Bool? = nil, lastCheckedAt: Date? = nil
    ) {
        self.credentialType = credentialType
        self.issuer = issuer
        self.issuerDisplayName = issuerDisplayName
        self.issuerCommonName = issuerCommonName
        self.displayNames = displayNames
        self.validity = validity
        self.lastStatus = lastStatus
        self.lastVerified = lastVerified
        self.lastCheckedAt = lastCheckedAt
    }

    /// The listing of a credential with `metadata`.
    public init(_ metadata: CredentialMetadata) {
        self.init(
            credentialType: metadata.credentialType, issuer: metadata.issuer,
            issuerDisplayName: metadata.issuerDisplayName, issuerCommonName: metadata.issuerCommonName,
            displayNames: Self.displayNames(metadata.display),
            validity: CredentialValidity(
                issuedAt: metadata.issuedAt, validFrom: metadata.validFrom, validUntil: metadata.validUntil,
                expectedUpdate: metadata.expectedUpdate),
            lastStatus: metadata.lastStatus, lastVerified: metadata.lastVerified, lastCheckedAt: metadata.lastCheckedAt)
    }

    /// The issuer's name to show: its display name, else its certificate's common name.
    public var issuerName: String? { issuerDisplayName ?? issuerCommonName }

    /// The display name for `locales` (most preferred first), picked as
    /// ``CredentialBranding/init(display:preferring:)`` picks its entry.
    public func displayName(preferring locales: [String]) -> String? {
        DisplayEntry.pick(displayNames, locale: \.locale, preferring: locales)?.name
    }

    /// The entries of `display` as ``DisplayEntry/pick(_:preferring:)`` sees them: the
    /// objects of an array, or a lone object.
    static func displayNames(_ display: JSONValue?) -> [DisplayName] {
        let entries: [JSONValue]
        switch display {
        case .array(let values)?: entries = values.filter { $0.objectValue != nil }
        case .object?: entries = display.map { [$0] } ?? []
        default: entries = []
        }
        return entries.map { DisplayName(locale: $0["locale"]?.stringValue, name: $0["name"]?.stringValue) }
    }
}
