import Foundation
import JSONModel
import W3CCredentials

/// A `CredentialOffer` as a scanned URL answers it (seed 000, Spruce's Credible): a preview
/// of the W3C credential the issuer will sign, and when the offer expires.
///
/// The holder accepts by POSTing its DID as `subject_id` back to the same URL; the signed
/// credential must then match the preview (same issuer, the holder as every subject).
public struct QRCredentialOffer: Sendable, Equatable {
    /// The message as received.
    public let json: JSONObject
    /// The credential to come, unsigned: its `issuer`, `type` and `credentialSubject` are
    /// what the holder is shown.
    public let credentialPreview: JSONObject
    /// When the offer stops being valid, if it says.
    public let expires: Date?

    /// Reads a `CredentialOffer` message.
    public init(json: JSONObject) throws(QRExchangeError) {
        guard json["type"]?.stringValue == "CredentialOffer" else {
            throw .malformedMessage("not a CredentialOffer")
        }
        guard let preview = json["credentialPreview"]?.objectValue else {
            throw .malformedMessage("a CredentialOffer needs a credentialPreview object")
        }
        self.json = json
        credentialPreview = preview
        switch json["expires"] {
        case nil, .null?: expires = nil
        case .string(let text)?:
            guard let date = XSDDateTime.parse(text, requireTimeZone: true) else { throw .malformedMessage("expires is not a date-time: \(text)") }
            expires = date
        default: throw .malformedMessage("expires is not a date-time string")
        }
    }

    /// The issuer the preview names (a string or an object's `id`).
    public var issuer: String? { JSONLDTerms.identifier(credentialPreview["issuer"]) }
    /// The preview's types.
    public var types: [String] { JSONLDTerms.strings(credentialPreview["type"]) }
    /// The claims previewed: the `credentialSubject` object (the first, when several).
    public var claims: JSONObject? {
        credentialPreview["credentialSubject"]?.objectValue ?? credentialPreview["credentialSubject"]?[0]?.objectValue
    }

    /// Whether the offer has expired at `time`.
    public func isExpired(at time: Date) -> Bool { expires.map { $0 < time } ?? false }
}
