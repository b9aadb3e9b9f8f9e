import Foundation
import JSONModel

/// What the wallet remembers about a credential besides its signed bytes: who issued it,
/// how to show it, and when it is valid.
///
/// All of it is encrypted at rest (an issuer name or a card's display text already says a
/// lot about the holder). Fields are optional because formats and issuers differ in what
/// they provide; ``extensions`` carries anything else an app wants to keep with the credential.
public struct CredentialMetadata: Sendable, Hashable, Codable {
    /// The issuer identifier (a `credential_issuer` URL, a DID, an `iss`).
    public var issuer: String?
    /// A name to show for the issuer.
    public var issuerDisplayName: String?
    /// The credential type: an SD-JWT VC `vct` or an mdoc `docType`.
    public var credentialType: String?
    /// The issuer's display metadata (names, logos, colours) as received.
    public var display: JSONValue?
    /// The start of the credential's validity, when known.
    public var validFrom: Date?
    /// The end of the credential's validity, when known.
    public var validUntil: Date?
    /// The SHA-256 fingerprint (lowercase hex) of the trusted certificate the issuer chained to.
    public var issuerCertificateFingerprint: String?
    /// Anything else to keep with the credential, by name.
    public var extensions: [String: JSONValue]

    /// Makes metadata; every field defaults to empty.
    public init(
        issuer: String? = nil, issuerDisplayName: String? = nil, credentialType: String? = nil,
        display: JSONValue? = nil, validFrom: Date? = nil, validUntil: Date? = nil,
        issuerCertificateFingerprint: String? = nil, extensions: [String: JSONValue] = [:]
    ) {
        self.issuer = issuer
        self.issuerDisplayName = issuerDisplayName
        self.credentialType = credentialType
        self.display = display
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.issuerCertificateFingerprint = issuerCertificateFingerprint
        self.extensions = extensions
    }
}
