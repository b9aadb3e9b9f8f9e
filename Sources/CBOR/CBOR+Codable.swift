import Foundation

/// `CBOR` is itself `Codable`, so a struct can hold an arbitrary CBOR field (an mdoc element
/// value, a COSE header parameter). With ``CBOREncoder``/``CBORDecoder`` the value passes
/// through untouched; other coders (JSON) see the JSON-like subset: scalars, arrays and maps
/// with text keys.
extension CBOR: Codable {
    /// Decodes a value; any other decoder than ``CBORDecoder`` yields the JSON-like subset.
    public init(from decoder: any Decoder) throws {
        if let state = decoder as? DecoderState {
            self = state.value
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [CBOR] = []
            while !array.isAtEnd { elements.append(try array.decode(CBOR.self)) }
            self = .array(elements)
            return
        }
        if let object = try? decoder.container(keyedBy: CBORCodingKey.self) {
            var entries: [(key: CBOR, value: CBOR)] = []
            for key in object.allKeys {
                entries.append((key: .textString(key.stringValue), value: try object.decode(CBOR.self, forKey: key)))
            }
            self = .map(entries)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .bool(value) }
        else if let value = try? single.decode(UInt64.self) { self = .unsigned(value) }
        else if let value = try? single.decode(Int64.self) { self = CBOR(value) }
        else if let value = try? single.decode(Double.self) { self = .double(value) }
        else { self = .textString(try single.decode(String.self)) }
    }

    /// Encodes a value; any other encoder than ``CBOREncoder`` gets the JSON-like subset and
    /// an error for byte strings, tags and non-text map keys.
    public func encode(to encoder: any Encoder) throws {
        if let state = encoder as? EncoderState {
            state.node.kind = .value
            state.node.value = self
            return
        }
        switch self {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .map(let entries):
            var container = encoder.container(keyedBy: CBORCodingKey.self)
            for entry in entries {
                guard case .textString(let key) = entry.key else {
                    throw CBORError.invalidValue(reason: "map key is not text", path: pathString(encoder.codingPath))
                }
                try container.encode(entry.value, forKey: CBORCodingKey(stringValue: key))
            }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .unsigned(let v): try container.encode(v)
            case .negative: try container.encode(int64Value ?? Int64.min)
            case .textString(let v): try container.encode(v)
            case .bool(let v): try container.encode(v)
            case .null, .undefined: try container.encodeNil()
            case .half, .float, .double: try container.encode(doubleValue ?? .nan)
            default:
                throw CBORError.invalidValue(reason: "\(typeName) has no equivalent here", path: pathString(encoder.codingPath))
            }
        }
    }
}
