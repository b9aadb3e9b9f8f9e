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
        guard let issuer = string("issuer"), let issuerDisplayName = string("issuerDisplayName"),
              let credentialType = string("credentialType"), let fingerprint = string("issuerCertificateFingerprint"),
              let validFrom = date("validFrom"), let validUntil = date("validUntil")
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
            validFrom: validFrom, validUntil: validUntil, issuerCertificateFingerprint: fingerprint, extensions: extensions)
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
