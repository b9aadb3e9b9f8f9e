import CBOR
import Foundation

/// One data element as the issuer signed it (18013-5 §8.3.2.1.2.2): the value, its name, the
/// digest ID the MSO lists it under and a random salt that keeps undisclosed values from
/// being guessed from their digests.
public struct IssuerSignedItem: Sendable, Hashable {
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
    ///
    /// One pass over the map (a presentation holds many items); a missing or mistyped field is
    /// reported with the path `path()` builds, which is only built then.
    public init(cbor: CBOR, path: @autoclosure () -> String = "IssuerSignedItem") throws(MDocError) {
        guard case .map(let entries) = cbor else {
            throw .invalidStructure(path: path(), reason: "expected a map, found \(cbor.typeName)")
        }
        var digestID: UInt64?, random: Data?, elementIdentifier: String?, elementValue: CBOR?
        for entry in entries {
            guard case .textString(let key) = entry.key else { continue }
            switch key {
            case "digestID": digestID = entry.value.uint64Value
            case "random": random = entry.value.bytesValue
            case "elementIdentifier": elementIdentifier = entry.value.stringValue
            case "elementValue": elementValue = entry.value
            default: break
            }
        }
        guard let digestID else { throw .invalidStructure(path: path(), reason: "digestID is missing or not an unsigned integer") }
        guard let random else { throw .invalidStructure(path: path(), reason: "random is missing or not a byte string") }
        guard let elementIdentifier else {
            throw .invalidStructure(path: path(), reason: "elementIdentifier is missing or not text")
        }
        guard let elementValue else { throw .invalidStructure(path: path(), reason: "elementValue is missing") }
        self.digestID = digestID
        self.random = random
        self.elementIdentifier = elementIdentifier
        self.elementValue = elementValue
    }

    /// The item as a CBOR map, in the field order of 18013-5.
    public var cbor: CBOR {
        [
            "digestID": .unsigned(digestID), "random": .byteString(random),
            "elementIdentifier": .textString(elementIdentifier), "elementValue": elementValue,
        ]
    }

}

extension IssuerSignedItem: CBORValueCodable {
    public init(cborValue: CBOR) throws { try self.init(cbor: cborValue) }
    public var cborValue: CBOR { cbor }
}
