import Foundation
import JSONModel
import Multiformats

/// A credential as an issuer delivered it, with what the wallet needs to judge and keep it:
/// the holder key it was requested for and the issuer's display information.
///
/// This is what an OpenID4VCI flow hands to ``CredentialWallet/addCredential(_:)`` for each
/// credential in a credential response.
public struct ReceivedCredential: Sendable, Hashable {
    /// The format the issuer declared.
    public var format: CredentialFormat
    /// The bytes to verify and store: the compact SD-JWT (UTF-8, with every Disclosure), the
    /// mdoc `IssuerSigned` CBOR, or the `jwt_vc_json` JWT (UTF-8).
    public var payload: Data
    /// The wallet key the wallet asked the issuer to bind (`cnf.jwk`, the MSO device key);
    /// `nil` for a credential requested without proof of possession.
    public var holderKeyID: String?
    /// The issuer's display information, kept for showing the credential.
    public var issuer: ReceivedCredential.IssuerDisplay
    /// The type the credential was requested as (the offered configuration's mdoc `doctype`
    /// or SD-JWT VC `vct`), or `nil` for no check: one of another type is refused
    /// (``VerificationFailure/Kind/unexpectedType``), so it is never stored under the name
    /// and branding the user agreed to.
    public var expectedType: String?

    /// A credential from its stored bytes.
    public init(
        format: CredentialFormat, payload: Data, holderKeyID: String?, issuer: ReceivedCredential.IssuerDisplay = IssuerDisplay(),
        expectedType: String? = nil
    ) {
        self.format = format
        self.payload = payload
        self.holderKeyID = holderKeyID
        self.issuer = issuer
        self.expectedType = expectedType
    }

    /// A credential from the `credential` string of an OpenID4VCI credential response: the
    /// SD-JWT or JWT text as is, an mdoc as base64url(`IssuerSigned`) (decoded here).
    ///
    /// Throws ``WalletError/credentialRejected(_:)`` with ``WalletError/Rejection/malformed(_:)``
    /// when an mdoc string is not base64url.
    public init(
        format: CredentialFormat, credential: String, holderKeyID: String?, issuer: ReceivedCredential.IssuerDisplay = IssuerDisplay(),
        expectedType: String? = nil
    ) throws(WalletError) {
        let text = credential.trimmingCharacters(in: .whitespacesAndNewlines)
        let payload: Data
        do throws(WalletError.Rejection) {
            payload = try CredentialFormatRegistry.standard.plugIn(for: format).payload(issued: text)
        } catch {
            throw .credentialRejected(error)
        }
        self.init(format: format, payload: payload, holderKeyID: holderKeyID, issuer: issuer, expectedType: expectedType)
    }
}

extension ReceivedCredential {
    /// What the issuer said about itself and the credential for display, as received in the
    /// OpenID4VCI Credential Issuer Metadata (or an SD-JWT VC's Type Metadata).
    ///
    /// Kept verbatim so a later version can show more of it; ``CredentialBranding`` reads the
    /// common members.
    public struct IssuerDisplay: Sendable, Hashable, Codable {
        /// The `credential_issuer` identifier (an https URL).
        public var credentialIssuer: String?
        /// The issuer metadata's `display` array (`name`, `locale`, `logo`).
        public var issuerDisplay: JSONValue?
        /// The credential configuration's `display` array (`name`, `locale`, `logo`,
        /// `description`, `background_color`, `background_image`, `text_color`), or a Type
        /// Metadata `display` array (`rendering.simple`).
        public var credentialDisplay: JSONValue?
        /// The credential configuration id in the issuer metadata.
        public var credentialConfigurationID: String?
        /// The claims metadata (`claims` with `path` and `display` labels), when given.
        public var claims: JSONValue?

        /// Display information; every member is optional.
        public init(
            credentialIssuer: String? = nil, issuerDisplay: JSONValue? = nil, credentialDisplay: JSONValue? = nil,
            credentialConfigurationID: String? = nil, claims: JSONValue? = nil
        ) {
            self.credentialIssuer = credentialIssuer
            self.issuerDisplay = issuerDisplay
            self.credentialDisplay = credentialDisplay
            self.credentialConfigurationID = credentialConfigurationID
            self.claims = claims
        }

        /// The issuer's name for `locales` (most preferred first), from ``issuerDisplay``.
        public func issuerName(preferring locales: [String] = []) -> String? {
            DisplayEntry.pick(issuerDisplay, preferring: locales)?["name"]?.stringValue
        }
    }
}

/// Picks the display entry for a locale from a `display` array.
enum DisplayEntry {
    /// The entry whose `locale` matches the first of `locales` that any entry has (by
    /// language prefix too), else the first entry; a lone object is taken as is.
    static func pick(_ display: JSONValue?, preferring locales: [String]) -> JSONValue? {
        guard let display else { return nil }
        guard case .array(let entries) = display else { return display.objectValue == nil ? nil : display }
        return pick(entries.filter { $0.objectValue != nil }, locale: { $0["locale"]?.stringValue }, preferring: locales)
    }

    /// The entry of `entries` whose `locale` matches the first of `locales` that any entry
    /// has (by language prefix too), else the first entry: the one rule for the JSON
    /// entries and for a ``CredentialListing``'s display names.
    static func pick<Entry>(_ entries: [Entry], locale: (Entry) -> String?, preferring locales: [String]) -> Entry? {
        for wanted in locales.map({ $0.lowercased() }) {
            if let exact = entries.first(where: { locale($0)?.lowercased() == wanted }) { return exact }
            let language = wanted.split(separator: "-").first.map(String.init) ?? wanted
            if let close = entries.first(where: {
                locale($0)?.lowercased().split(separator: "-").first.map(String.init) == language
            }) { return close }
        }
        return entries.first
    }
}
