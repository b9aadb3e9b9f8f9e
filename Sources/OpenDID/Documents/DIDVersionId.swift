import Foundation

/// A DID document version number: decimal, no sign, no leading zero (`[1-9][0-9]*`).
///
/// Open DID writes versions as strings (`"versionId": "1"`) and uses them in key
/// references (`did:omn:…?versionId=1#pin`). A malformed value is
/// ``OpenDIDError/invalidVersionId(_:path:)`` when decoding or encoding, never a crash.
@propertyWrapper
public struct DIDVersionId: Codable, Sendable, Hashable {
    /// The version text.
    public var wrappedValue: String

    /// Wraps `wrappedValue`; an invalid value is refused when encoded.
    public init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    /// The version as a number, or `nil` if the text is not a valid version.
    public var projectedValue: UInt64? {
        DIDVersionId.isValid(wrappedValue) ? UInt64(wrappedValue) : nil
    }

    /// Whether `text` matches `[1-9][0-9]*` and fits in 64 bits.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") else {
            return false
        }
        return text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && UInt64(text) != nil
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard DIDVersionId.isValid(text) else {
            throw OpenDIDError.invalidVersionId(text, path: OpenDIDError.path(decoder.codingPath))
        }
        wrappedValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        guard DIDVersionId.isValid(wrappedValue) else {
            throw OpenDIDError.invalidVersionId(wrappedValue, path: OpenDIDError.path(encoder.codingPath))
        }
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}
