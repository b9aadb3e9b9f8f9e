import Foundation
import JSONModel
import Multiformats

/// One issued credential as the issuer sent it: a string (SD-JWT VC, JWT VC, base64url mdoc
/// `IssuerSigned`) or a JSON object (`ldp_vc` and other JSON formats), OpenID4VCI 1.0 §8.3.
///
/// Kept verbatim; the format modules verify it.
public enum CredentialPayload: Sendable, Hashable, Codable {
    case string(String)
    case object(JSONObject)

    /// The string form, if the credential is a string.
    public var stringValue: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    /// The `mso_mdoc` `IssuerSigned` CBOR bytes (the string base64url-decoded), if this is a
    /// string that decodes.
    public var base64URLDecoded: Data? {
        guard case let .string(value) = self else { return nil }
        return try? Base64URL.decode(value)
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        switch value {
        case let .string(text): self = .string(text)
        case let .object(object): self = .object(object)
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a string or object"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(text): try container.encode(text)
        case let .object(object): try container.encode(JSONValue.object(object))
        }
    }
}
