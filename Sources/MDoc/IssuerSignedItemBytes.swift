import CBOR
import CryptoKeys
import Foundation

/// An ``IssuerSignedItem`` wrapped as `#6.24(bstr .cbor IssuerSignedItem)`, together with
/// the exact bytes it travelled as.
///
/// The MSO digest covers these bytes, not the decoded item: an issuer may order the map's keys
/// any way it likes, so re-encoding the item could change the bytes and break a valid digest.
/// A received item therefore keeps ``taggedBytes`` exactly as received; a new one is encoded
/// once and keeps those bytes from then on.
public struct IssuerSignedItemBytes: Sendable, Hashable {
    /// The decoded item.
    public let item: IssuerSignedItem
    /// The encoded `IssuerSignedItem` inside the byte string.
    public let encodedItem: Data
    /// The whole `#6.24(bstr)` data item as received (or as encoded here): what is digested.
    public let taggedBytes: Data

    /// Encodes `item` (preferred serialization, fields in 18013-5 order) and wraps it.
    public init(item: IssuerSignedItem) {
        self.item = item
        encodedItem = item.cbor.encoded()
        taggedBytes = CBOR.embedded(encoded: encodedItem).encoded()
    }

    /// Reads a received `#6.24(bstr)` item, keeping its bytes.
    init(received raw: CBOR.Raw, path: @autoclosure () -> String, limits: MDocLimits) throws(MDocError) {
        guard let inner = raw.value.embeddedBytes else {
            throw .invalidStructure(path: path(), reason: "expected #6.24(bstr), found \(raw.value.typeName)")
        }
        item = try IssuerSignedItem(cbor: try CBOR.decodeMDoc(inner, limits: limits), path: path())
        encodedItem = inner
        // A compact copy: `raw.bytes` is a slice of the whole response.
        taggedBytes = Data(raw.bytes)
    }

    /// An item read from `encodedItem`, received as `taggedBytes` (by ``DirectDecoding``).
    init(item: IssuerSignedItem, encodedItem: Data, taggedBytes: Data) {
        self.item = item
        self.encodedItem = encodedItem
        self.taggedBytes = taggedBytes
    }

    /// Reads a `#6.24(bstr)` value decoded earlier; the tag and length are re-encoded in
    /// preferred form (the embedded bytes stay exact).
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        guard let inner = cbor.embeddedBytes else {
            throw .invalidStructure(path: "IssuerSignedItemBytes", reason: "expected #6.24(bstr), found \(cbor.typeName)")
        }
        item = try IssuerSignedItem(cbor: try CBOR.decodeMDoc(inner, limits: limits))
        encodedItem = inner
        taggedBytes = CBOR.embedded(encoded: inner).encoded()
    }

    /// The item as CBOR: `#6.24(bstr)` around the kept bytes.
    public var cbor: CBOR { CBOR.embedded(encoded: encodedItem) }

    /// The digest the MSO lists for this item under `algorithm`.
    public func digest(_ algorithm: DigestAlgorithm) -> Data { algorithm.hash(taggedBytes) }
}
