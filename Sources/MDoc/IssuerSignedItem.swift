import CBOR
import Foundation

/// One data element as the issuer signed it (18013-5 §8.3.2.1.2.2): the value, its name, the
/// digest ID the MSO lists it under and a random salt that keeps undisclosed values from
/// being guessed from their digests.
public struct IssuerSignedItem: Sendable, Hashable, Codable {
    /// The key of this element's digest in the MSO's `valueDigests` name space.
    public var digestID: UInt64
    /// The salt (at least 16 bytes when issued here).
    public var random: Data
    /// The element's name, such as `family_name`.
    public var elementIdentifier: String
    /// The element's value, any CBOR (`full-date` is tag 1004, portraits are byte strings).
    public var elementValue: CBOR

    /// An item with the given fields.
    public init(digestID: UInt64, random: Data, elementIdentifier: String, elementValue: CBOR) {
        self.digestID = digestID
        self.random = random
        self.elementIdentifier = elementIdentifier
        self.elementValue = elementValue
    }

    /// Reads an `IssuerSignedItem` map.
    public init(cbor: CBOR, path: String = "IssuerSignedItem") throws(MDocError) {
        let fields = try MDocFieldReader(cbor, path: path)
        digestID = try fields.unsigned("digestID")
        random = try fields.bytes("random")
        elementIdentifier = try fields.text("elementIdentifier")
        elementValue = try fields.required("elementValue")
    }

    /// The item as a CBOR map, in the field order of 18013-5.
    public var cbor: CBOR {
        [
            "digestID": .unsigned(digestID), "random": .byteString(random),
            "elementIdentifier": .textString(elementIdentifier), "elementValue": elementValue,
        ]
    }

    /// Decodes from any `Decoder` that can produce a ``CBOR`` value.
    public init(from decoder: any Decoder) throws {
        try self.init(cbor: try decoder.singleValueContainer().decode(CBOR.self))
    }

    /// Encodes as the CBOR map.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cbor)
    }
}
