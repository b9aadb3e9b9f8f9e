import CBOR
import Foundation

extension TokenStatusList {
    /// Reads the CBOR `StatusList` map (draft §4.3) and inflates `lst` under `limits`.
    ///
    /// Keys are text strings; `bits` must be the unsigned integer 1, 2, 4 or 8, `lst` a byte
    /// string holding a ZLIB stream, `aggregation_uri` (optional) a text string.
    public init(cbor: CBOR, limits: StatusListLimits = .default) throws(StatusListError) {
        guard case .map = cbor else { throw .invalidStatusList("status_list is a CBOR \(cbor.typeName), not a map") }
        guard let bitsValue = cbor["bits"] else { throw .invalidStatusList("bits is missing") }
        guard case .unsigned(let rawBits) = bitsValue else { throw .invalidBitWidth("bits is not an unsigned integer") }
        guard let bits = StatusBitWidth(rawValue: Int(clamping: rawBits)) else {
            throw .invalidBitWidth("bits is \(rawBits)")
        }
        guard let lstValue = cbor["lst"] else { throw .invalidStatusList("lst is missing") }
        guard case .byteString(let compressed) = lstValue else { throw .invalidStatusList("lst is not a byte string") }
        var aggregationURI: String?
        if let value = cbor["aggregation_uri"] {
            guard case .textString(let text) = value else {
                throw .invalidStatusList("aggregation_uri is not a text string")
            }
            aggregationURI = text
        }
        try self.init(bits: bits, compressed: compressed, aggregationURI: aggregationURI, limits: limits)
    }

    /// The CBOR `StatusList` map, with `lst` freshly compressed.
    public func cbor() throws(StatusListError) -> CBOR {
        var entries: [(key: CBOR, value: CBOR)] = [
            (key: .textString("bits"), value: CBOR(bits.rawValue)),
            (key: .textString("lst"), value: .byteString(try compressed())),
        ]
        if let aggregationURI { entries.append((key: .textString("aggregation_uri"), value: .textString(aggregationURI))) }
        return .map(entries)
    }
}
