import Foundation
import JSONModel

/// What the wallet remembers about a credential besides its signed bytes: who issued it,
/// how to show it, when it is valid, and how its latest verification went.
///
/// All of it is encrypted at rest (an issuer name or a card's display text already says a
/// lot about the holder). Fields are optional because formats and issuers differ in what
/// they provide. The wallet's own facts are typed members (they were `"vellum.*"`
/// extension strings before the `v3-typed-metadata` migration); ``extensions`` carries
/// anything else an app wants to keep with the credential.
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
    /// When the issuer signed the credential (an SD-JWT VC `iat`, the MSO's `signed`).
    public var issuedAt: Date?
    /// When the issuer means to re-sign it (the MSO's `expectedUpdate`).
    public var expectedUpdate: Date?
    /// The common name of the certificate the issuer signed with: the name a list shows
    /// when the issuer's metadata gave none.
    public var issuerCommonName: String?
    /// The issuer's OpenID4VCI display information as received with the credential, kept
    /// whole so a later version can show more of it.
    public var issuerDisplay: ReceivedCredential.IssuerDisplay?
    /// The status the latest verification found (`valid`, `revoked`, `none`, …; see
    /// ``CredentialStatus/name``), so a list shows it without verifying again.
    public var lastStatus: String?
    /// Whether the latest verification passed.
    public var lastVerified: Bool?
    /// When the latest verification ran (the wallet's clock).
    public var lastCheckedAt: Date?
    /// Anything else to keep with the credential, by name.
    public var extensions: [String: JSONValue]

    /// Makes metadata; every field defaults to empty.
    public init(
        issuer: String? = nil, issuerDisplayName: String? = nil, credentialType: String? = nil,
        display: JSONValue? = nil, validFrom: Date? = nil, validUntil: Date? = nil,
        issuerCertificateFingerprint: String? = nil, issuedAt: Date? = nil, expectedUpdate: Date? = nil,
        issuerCommonName: String? = nil, issuerDisplay: ReceivedCredential.IssuerDisplay? = nil, lastStatus: String? = nil,
        lastVerified: Bool? = nil, lastCheckedAt: Date? = nil, extensions: [String: JSONValue] = [:]
    ) {
        self.issuer = issuer
        self.issuerDisplayName = issuerDisplayName
        self.credentialType = credentialType
        self.display = display
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.issuerCertificateFingerprint = issuerCertificateFingerprint
        self.issuedAt = issuedAt
        self.expectedUpdate = expectedUpdate
        self.issuerCommonName = issuerCommonName
        self.issuerDisplay = issuerDisplay
        self.lastStatus = lastStatus
        self.lastVerified = lastVerified
        self.lastCheckedAt = lastCheckedAt
        self.extensions = extensions
    }

    /// Remembers the outcome of a verification, for lists to show without verifying again.
    public mutating func record(_ result: VerificationResult) {
        lastStatus = result.status.name
        lastVerified = result.verified
        lastCheckedAt = result.checkedAt
    }
}

extension CredentialMetadata {
    /// Reads the stored form (what `JSONEncoder` wrote: dates as seconds since 2001) with the
    /// project's JSON parser.
    ///
    /// Listing decodes one metadata blob per credential; `JSONDecoder` going through
    /// `JSONValue`'s generic `Codable` (which probes containers with thrown errors) costs
    /// milliseconds per row in a debug build, this a small fraction of it. `nil` when the
    /// bytes are not that form, so the caller can fall back to `JSONDecoder`.
    init?(storedJSON data: Data) {
        guard case .object(let object)? = try? JSONValue(parsing: data) else { return nil }
        func string(_ name: String) -> String?? {
            switch object[name] {
            case nil, .null?: return .some(nil)
            case .string(let text)?: return .some(text)
            default: return nil
            }
        }
        func date(_ name: String) -> Date?? {
            switch object[name] {
            case nil, .null?: return .some(nil)
            case .number(let number)?: return .some(Date(timeIntervalSinceReferenceDate: number.doubleValue))
            default: return nil
            }
        }
        func bool(_ name: String) -> Bool?? {
            switch object[name] {
            case nil, .null?: return .some(nil)
            case .bool(let value)?: return .some(value)
            default: return nil
            }
        }
        guard let issuer = string("issuer"), let issuerDisplayName = string("issuerDisplayName"),
              let credentialType = string("credentialType"), let fingerprint = string("issuerCertificateFingerprint"),
              let validFrom = date("validFrom"), let validUntil = date("validUntil"),
              let issuedAt = date("issuedAt"), let expectedUpdate = date("expectedUpdate"),
              let issuerCommonName = string("issuerCommonName"), let lastStatus = string("lastStatus"),
              let lastVerified = bool("lastVerified"), let lastCheckedAt = date("lastCheckedAt"),
              let issuerDisplay = Self.issuerDisplay(object["issuerDisplay"])
        else { return nil }
        var extensions: [String: JSONValue] = [:]
        switch object["extensions"] {
        case nil, .null?: break
        case .object(let members)?: for (name, value) in members { extensions[name] = value }
        default: return nil
        }
        let display = object["display"].flatMap { $0.isNull ? nil : $0 }
        self.init(
            issuer: issuer, issuerDisplayName: issuerDisplayName, credentialType: credentialType, display: display,
            validFrom: validFrom, validUntil: validUntil, issuerCertificateFingerprint: fingerprint,
            issuedAt: issuedAt, expectedUpdate: expectedUpdate, issuerCommonName: issuerCommonName,
            issuerDisplay: issuerDisplay, lastStatus: lastStatus, lastVerified: lastVerified,
            lastCheckedAt: lastCheckedAt, extensions: extensions)
    }

    /// The stored `issuerDisplay` member (`ReceivedCredential.IssuerDisplay`'s synthesized `Codable` form):
    /// `.some(nil)` when absent or `null`, `nil` for anything else than that form.
    static func issuerDisplay(_ value: JSONValue?) -> ReceivedCredential.IssuerDisplay?? {
        guard let value, !value.isNull else { return .some(nil) }
        guard case .object(let members) = value else { return nil }
        var info = ReceivedCredential.IssuerDisplay()
        for (name, member) in members {
            let kept: JSONValue? = member.isNull ? nil : member
            switch name {
            case "credentialIssuer":
                guard kept == nil || kept?.stringValue != nil else { return nil }
                info.credentialIssuer = kept?.stringValue
            case "credentialConfigurationID":
                guard kept == nil || kept?.stringValue != nil else { return nil }
                info.credentialConfigurationID = kept?.stringValue
            case "issuerDisplay": info.issuerDisplay = kept
            case "credentialDisplay": info.credentialDisplay = kept
            case "claims": info.claims = kept
            default: return nil
            }
        }
        return .some(info)
    }

    /// Decodes the stored form: the stepwise reader (CredentialMetadata+FastPath.swift), else
    /// ``decodeStoredPlainPath(_:)``, which has the last word on anything the first leaves.
    static func decodeStored(_ data: Data) -> CredentialMetadata? {
        CredentialMetadata(storedJSONFastPath: data) ?? decodeStoredPlainPath(data)
    }

    /// Decodes the stored form: ``init(storedJSON:)``, else `JSONDecoder`.
    static func decodeStoredPlainPath(_ data: Data) -> CredentialMetadata? {
        CredentialMetadata(storedJSON: data) ?? (try? JSONDecoder().decode(CredentialMetadata.self, from: data))
    }
}
