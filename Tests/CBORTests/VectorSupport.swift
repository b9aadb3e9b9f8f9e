import Foundation
import Multiformats
import VellumTestSupport
@testable import CBOR

/// A JSON value as found in the vector files ("decoded" fields), numbers kept as precisely
/// as JSON allows.
indirect enum JSONValue: Decodable {
    case null, bool(Bool), unsigned(UInt64), signed(Int64), double(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(UInt64.self) { self = .unsigned(value) }
        else if let value = try? container.decode(Int64.self) { self = .signed(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }
}

/// One entry of an Appendix A style vector file.
struct CBORVector: Decodable {
    var hex: String
    var roundtrip: Bool?
    var decoded: JSONValue?
    var diagnostic: String?

    var bytes: Data {
        get throws { try Base16.decode(hex) }
    }
}

enum VectorFiles {
    static func load(_ path: String) throws -> [CBORVector] {
        try JSONDecoder().decode([CBORVector].self, from: Vectors.data(path))
    }
}

/// Whether a decoded CBOR value is the value a vector's JSON `decoded` field describes.
func matches(_ cbor: CBOR, _ json: JSONValue) -> Bool {
    switch (cbor, json) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.unsigned(a), .unsigned(b)): return a == b
    case let (.negative(n), .signed(b)): return b < 0 && UInt64(-(b + 1)) == n
    case let (.textString(a), .string(b)): return a == b
    case let (.array(a), .array(b)):
        return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
    case let (.map(entries), .object(object)):
        return entries.count == object.count && entries.allSatisfy { entry in
            guard let key = entry.key.stringValue, let expected = object[key] else { return false }
            return matches(entry.value, expected)
        }
    case let (.tagged(tag, .byteString(magnitude)), .double(b)) where tag == 2 || tag == 3:
        // Bignums: JSON only carries them as doubles.
        let value = magnitude.reduce(0.0) { $0 * 256 + Double($1) }
        return (tag == 2 ? value : -1 - value) == b
    case (.negative(let n), .double(let b)): return -1 - Double(n) == b
    default:
        guard let a = cbor.floatBitPattern.map(Double.init(bitPattern:)) else { return false }
        switch json {
        case .double(let b): return a == b
        case .unsigned(let b): return a == Double(b)
        case .signed(let b): return a == Double(b)
        default: return false
        }
    }
}

extension Data {
    init(hex: String) throws {
        self = try Base16.decode(hex)
    }

    var hex: String { Base16.encode(self) }
}
