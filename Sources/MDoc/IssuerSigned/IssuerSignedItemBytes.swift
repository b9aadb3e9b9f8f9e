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
    /// The whole `#6.24(bstr)` data item as received (or as encoded here): what is digested.
    public let taggedBytes: Data
    /// Where the byte string's content starts in ``taggedBytes`` (after the tag and length
    /// heads): the embedded item is kept once, inside the tagged bytes, not as a second copy.
    private let contentOffset: Int

    /// The encoded `IssuerSignedItem` inside the byte string.
    public var encodedItem: Data {
        Data(taggedBytes[(taggedBytes.startIndex + contentOffset)...])
    }

    /// Encodes `item` (preferred serialization, fields in 18013-5 order) and wraps it.
    public init(item: IssuerSignedItem) {
        self.init(item: item, embedding: item.cbor.encoded())
    }

    /// `item`, whose encoding is `encoded`, wrapped in preferred form.
    private init(item: IssuerSignedItem, embedding encoded: Data) {
        self.item = item
        taggedBytes = CBOR.embedded(encoded: encoded).encoded()
        contentOffset = taggedBytes.count - encoded.count
    }

    /// Reads a received `#6.24(bstr)` item, keeping its bytes.
    init(received raw: CBOR.Raw, path: @autoclosure () -> String, limits: MDocLimits) throws(MDocError) {
        guard let inner = raw.value.embeddedBytes else {
            throw .invalidStructure(path: path(), reason: "expected #6.24(bstr), found \(raw.value.typeName)")
        }
        item = try IssuerSignedItem(cbor: try CBOR.decodeMDoc(inner, limits: limits), path: path())
        // A compact copy: `raw.bytes` is a slice of the whole response.
        taggedBytes = Data(raw.bytes)
        contentOffset = taggedBytes.count - inner.count
    }

    /// An item received as `taggedBytes`, whose embedded bytes start at `contentOffset`
    /// (read by ``DirectDecoding``).
    init(item: IssuerSignedItem, taggedBytes: Data, contentOffset: Int) {
        self.item = item
        self.taggedBytes = taggedBytes
        self.contentOffset = contentOffset
    }

    /// Reads a `#6.24(bstr)` value decoded earlier; the tag and length are re-encoded in
    /// preferred form (the embedded bytes stay exact).
    public init(cbor: CBOR, limits: MDocLimits = .default) throws(MDocError) {
        guard let inner = cbor.embeddedBytes else {
            throw .invalidStructure(path: "IssuerSignedItemBytes", reason: "expected #6.24(bstr), found \(cbor.typeName)")
        }
        self.init(item: try IssuerSignedItem(cbor: try CBOR.decodeMDoc(inner, limits: limits)), embedding: inner)
    }

    /// The item as CBOR: `#6.24(bstr)` around the kept bytes.
    public var cbor: CBOR { CBOR.embedded(encoded: encodedItem) }

    /// The digest the MSO lists for this item under `algorithm`.
    public func digest(_ algorithm: DigestAlgorithm) -> Data { algorithm.hash(taggedBytes) }
}
