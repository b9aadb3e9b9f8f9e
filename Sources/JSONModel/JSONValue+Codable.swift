import Foundation

/// `JSONValue` as a `Codable` value, so typed models can hold arbitrary JSON (a `claims`
/// member, an unknown extension) and still encode and decode.
///
/// Through `Decoder`, member order and number spelling are whatever the decoder exposes
/// (Foundation's `JSONDecoder` does not promise order); parse with ``JSONParser`` when they
/// matter.
extension JSONValue: Codable {
    /// Reads any JSON value from a `Decoder` (for example inside a `Codable` model).
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let keyed = try? decoder.container(keyedBy: MemberKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(JSONNumber(integer))
        } else if let double = try? single.decode(Double.self), let number = JSONNumber(double) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Writes the value to an `Encoder`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case let .bool(flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case let .number(number):
            var single = encoder.singleValueContainer()
            if let integer = number.int64Value {
                try single.encode(integer)
            } else {
                // Beyond Int64 the nearest Double is the best a generic Encoder can take.
                try single.encode(number.doubleValue)
            }
        case let .string(string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case let .array(elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case let .object(object):
            var keyed = encoder.container(keyedBy: MemberKey.self)
            for (name, value) in object { try keyed.encode(value, forKey: MemberKey(stringValue: name)) }
        }
    }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }
}

extension JSONValue {
    /// The JSON a Swift value encodes to, via `JSONEncoder` and then this module's parser.
    ///
    /// Optional properties that are `nil` are omitted (the synthesized `encodeIfPresent`),
    /// which is what the Open DID signing form expects. Member order is the encoder's
    /// output order.
    public init(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws(JSONError) {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .bridging("cannot encode \(type(of: value)): \(error)")
        }
        try self.init(parsing: data, limits: JSONParser.Limits(maximumSize: .max, maximumStringLength: .max, maximumMembers: .max))
    }

    /// Decodes a Swift value from this JSON via `JSONDecoder`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, decoder: JSONDecoder = JSONDecoder()) throws(JSONError) -> T {
        do {
            return try decoder.decode(T.self, from: serialized(.compact))
        } catch {
            throw .bridging("cannot decode \(T.self): \(error)")
        }
    }
}
