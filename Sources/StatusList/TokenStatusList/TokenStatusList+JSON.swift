import Foundation
import JSONModel
import Multiformats

extension TokenStatusList {
    /// Reads the JSON `StatusList` object (`{"bits": 1, "lst": "…"}`, draft §4.2) and inflates
    /// `lst` under `limits`.
    ///
    /// `bits` must be the integer 1, 2, 4 or 8; `lst` strict unpadded base64url of a ZLIB
    /// stream; `aggregation_uri`, when present, a string. Other members are ignored.
    public init(json: JSONValue, limits: StatusListLimits = .default) throws(StatusListError) {
        guard let object = json.objectValue else { throw .invalidStatusList("status_list is not a JSON object") }
        guard let bitsValue = object["bits"] else { throw .invalidStatusList("bits is missing") }
        guard let number = bitsValue.numberValue, let rawBits = Int(number.text) else {
            throw .invalidBitWidth("bits is not an integer")
        }
        guard let bits = StatusBitWidth(rawValue: rawBits) else { throw .invalidBitWidth("bits is \(rawBits)") }
        guard let lstValue = object["lst"] else { throw .invalidStatusList("lst is missing") }
        guard let lst = lstValue.stringValue else { throw .invalidStatusList("lst is not a string") }
        // Base64url expands 3 bytes to 4 characters; refuse before decoding anything huge.
        guard lst.utf8.count <= (limits.maximumCompressedSize / 3 + 1) * 4 else {
            throw .limitExceeded("lst is longer than \(limits.maximumCompressedSize) bytes of compressed list")
        }
        let compressed: Data
        do throws(MultiformatsError) {
            compressed = try Base64URL.decode(lst)
        } catch {
            throw .invalidEncoding("lst: \(error)")
        }
        var aggregationURI: String?
        if let value = object["aggregation_uri"] {
            guard let text = value.stringValue else { throw .invalidStatusList("aggregation_uri is not a string") }
            aggregationURI = text
        }
        try self.init(bits: bits, compressed: compressed, aggregationURI: aggregationURI, limits: limits)
    }

    /// The JSON `StatusList` object, with `lst` freshly compressed.
    public func jsonValue() throws(StatusListError) -> JSONValue {
        let lst = Base64URL.encode(try compressed())
        var object: JSONObject = ["bits": .number(JSONNumber(bits.rawValue)), "lst": .string(lst)]
        if let aggregationURI { object["aggregation_uri"] = .string(aggregationURI) }
        return .object(object)
    }
}
