import Foundation
import JSONModel

/// A file that came with a credential — a photo, a scanned document — kept with it so an app
/// can show it (seed 002's "credentials with attachments").
///
/// Two kinds arrive over Aries, and they differ in what vouches for them:
/// - a credential attribute the offer's `credential_preview` gives a `mime-type` (RFC 0036):
///   its value is the file, base64, and the issuer's signature covers it like any value;
/// - an attachment of the offer itself (the RFC 0017 `~attach` decorator): shown as received,
///   covered by nothing but the DIDComm envelope it came in.
public struct CredentialAttachment: Sendable, Hashable {
    /// Where the attachment came from, and so whether the issuer signed it.
    public enum Source: String, Sendable, Hashable {
        /// A signed attribute whose preview gave a `mime-type`.
        case signedAttribute = "attribute"
        /// The offer's `~attach` decorator: not signed by the issuer.
        case offerAttachment = "offer"
    }

    /// The attribute's name, or the attachment's `filename` (else its `@id`).
    public var name: String
    /// The media type, as the issuer gave it.
    public var mimeType: String
    /// The file's bytes.
    public var data: Data
    /// Where it came from.
    public var source: Source

    /// Whether the issuer's signature covers ``data``.
    public var isSigned: Bool { source == .signedAttribute }

    /// At most this many attachments are kept with one credential.
    public static let maximumCount = 16
    /// The largest attachment kept, in bytes (an attribute value is bounded by the stored
    /// record's own limit; an offer's decorator is the peer's to fill).
    public static let maximumBytes = 256 * 1024

    /// An attachment from its parts.
    public init(name: String, mimeType: String, data: Data, source: Source) {
        self.name = name
        self.mimeType = mimeType
        self.data = data
        self.source = source
    }

    /// The stored form: `{name, mimeType, source, base64}`.
    var json: JSONValue {
        [
            "name": .string(name), "mimeType": .string(mimeType), "source": .string(source.rawValue),
            "base64": .string(data.base64EncodedString()),
        ]
    }

    /// Reads the stored form; `nil` for anything else.
    init?(json: JSONValue) {
        guard let name = json["name"]?.stringValue, let mimeType = json["mimeType"]?.stringValue,
              let source = json["source"]?.stringValue.flatMap(Source.init(rawValue:)),
              let text = json["base64"]?.stringValue, let data = Data(base64Encoded: text)
        else { return nil }
        self.init(name: name, mimeType: mimeType, data: data, source: source)
    }
}
