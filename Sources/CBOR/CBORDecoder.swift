import Foundation

/// Decodes `Decodable` values from CBOR.
///
/// The bytes are first decoded with the untrusted-input limits of ``decodingOptions``; then
/// maps feed keyed containers (text keys, and integer keys matched against
/// `CodingKey.intValue`), arrays unkeyed containers. A value of the wrong CBOR type is a
/// ``CBORError/typeMismatch(expected:found:path:)`` with the coding path, never a crash.
public struct CBORDecoder: Sendable {
    /// How dates are read. Tag 0 and tag 1 are both accepted by the two CBOR strategies.
    public var dateStrategy: CBORDateStrategy
    /// Limits and checks for the byte-level decode.
    public var decodingOptions: CBORDecodingOptions

    /// A decoder with RFC 3339 dates and the default limits.
    public init(dateStrategy: CBORDateStrategy = .rfc3339, decodingOptions: CBORDecodingOptions = CBORDecodingOptions()) {
        self.dateStrategy = dateStrategy
        self.decodingOptions = decodingOptions
    }

    /// Decodes a `T` from encoded CBOR.
    public func decode<T: Decodable>(_ type: T.Type, from data: some DataProtocol) throws(CBORError) -> T {
        try decode(type, from: try CBOR.decode(data, options: decodingOptions))
    }

    /// Decodes a `T` from an already decoded ``CBOR`` value.
    public func decode<T: Decodable>(_ type: T.Type, from value: CBOR) throws(CBORError) -> T {
        do {
            return try DecoderState(settings: self, value: value, codingPath: []).unbox(type)
        } catch let error as CBORError {
            throw error
        } catch let DecodingError.typeMismatch(_, context) {
            throw .typeMismatch(expected: "value", found: context.debugDescription, path: pathString(context.codingPath))
        } catch let DecodingError.keyNotFound(key, context) {
            throw .keyNotFound(key: key.stringValue, path: pathString(context.codingPath))
        } catch let DecodingError.dataCorrupted(context) {
            throw .dataCorrupted(reason: context.debugDescription, path: pathString(context.codingPath))
        } catch {
            throw .dataCorrupted(reason: "\(error)", path: "")
        }
    }
}

/// The `Decoder` handed to `init(from:)`: one CBOR value at one coding path.
struct DecoderState: Decoder {
    let settings: CBORDecoder
    let value: CBOR
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> CBORError {
        .typeMismatch(expected: expected, found: value.typeName, path: pathString(codingPath))
    }

    func child(_ value: CBOR, key: any CodingKey) -> DecoderState {
        DecoderState(settings: settings, value: value, codingPath: codingPath + [key])
    }

    /// Decodes `T`, handling the types CBOR represents natively.
    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if type == CBOR.self, let result = value as? T { return result }
        if type == Data.self {
            guard case .byteString(let data) = value else { throw mismatch("byte string") }
            if let result = data as? T { return result }
        }
        if type == FullDate.self {
            let text: String
            switch value {
            case .tagged(1004, .textString(let string)), .textString(let string): text = string
            default: throw mismatch("full-date")
            }
            guard let date = FullDate(text) else {
                throw CBORError.dataCorrupted(reason: "not a full-date: \(text)", path: pathString(codingPath))
            }
            if let result = date as? T { return result }
        }
        if type == URL.self {
            guard case .textString(let text) = value else { throw mismatch("text string") }
            guard let url = URL(string: text) else {
                throw CBORError.dataCorrupted(reason: "not a URL", path: pathString(codingPath))
            }
            if let result = url as? T { return result }
        }
        if type == Date.self, settings.dateStrategy != .deferredToDate {
            guard let date = value.dateValue ?? untaggedEpoch() else { throw mismatch("date (tag 0 or 1)") }
            if let result = date as? T { return result }
        }
        return try T(from: self)
    }

    private func untaggedEpoch() -> Date? {
        guard settings.dateStrategy == .epochSeconds, let seconds = value.doubleValue else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let entries) = value else { throw mismatch("map") }
        return KeyedDecodingContainer(KeyedDecoder<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("array") }
        return UnkeyedDecoder(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension DecoderState: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        switch value {
        case .null, .undefined: return true
        default: return false
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("boolean") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .textString(let text) = value else { throw mismatch("text string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let number = value.doubleValue else { throw mismatch("number") }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float {
        guard let number = value.doubleValue else { throw mismatch("number") }
        return Float(number)
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let result: T?
        switch value {
        case .unsigned(let magnitude): result = T(exactly: magnitude)
        case .negative(let magnitude):
            result = magnitude <= UInt64(Int64.max) ? T(exactly: -1 - Int64(magnitude)) : nil
        default: throw mismatch("integer")
        }
        guard let result else {
            throw CBORError.dataCorrupted(reason: "integer out of range for \(T.self)", path: pathString(codingPath))
        }
        return result
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }
}

struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: DecoderState
    private var textKeys: [String: CBOR] = [:]
    private var intKeys: [Int: CBOR] = [:]
    let allKeys: [Key]
    var codingPath: [any CodingKey] { decoder.codingPath }

    init(decoder: DecoderState, entries: [(key: CBOR, value: CBOR)]) {
        self.decoder = decoder
        var keys: [Key] = []
        for entry in entries {
            switch entry.key {
            case .textString(let text):
                textKeys[text] = entry.value
                if let key = Key(stringValue: text) { keys.append(key) }
            case .unsigned, .negative:
                if let int = entry.key.intValue {
                    intKeys[int] = entry.value
                    if let key = Key(intValue: int) { keys.append(key) }
                }
            default:
                continue
            }
        }
        allKeys = keys
    }

    private func lookup(_ key: Key) -> CBOR? {
        if let int = key.intValue, let found = intKeys[int] { return found }
        return textKeys[key.stringValue]
    }

    private func require(_ key: Key) throws -> DecoderState {
        guard let found = lookup(key) else {
            throw CBORError.keyNotFound(key: key.stringValue, path: pathString(codingPath))
        }
        return decoder.child(found, key: key)
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try require(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try require(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try require(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try require(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try require(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try require(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try require(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try require(key).unbox(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let found = lookup(key) else { return nil }
        let child = decoder.child(found, key: key)
        return child.decodeNil() ? nil : try child.unbox(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try require(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try require(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(textKeys["super"] ?? .null, key: CBORCodingKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(lookup(key) ?? .null, key: key)
    }
}

struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let decoder: DecoderState
    let elements: [CBOR]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(decoder: DecoderState, elements: [CBOR]) {
        self.decoder = decoder
        self.elements = elements
    }

    private mutating func next() throws -> DecoderState {
        guard currentIndex < elements.count else {
            throw CBORError.dataCorrupted(reason: "array has no more elements", path: pathString(codingPath))
        }
        let child = decoder.child(elements[currentIndex], key: CBORCodingKey(intValue: currentIndex))
        currentIndex += 1
        return child
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count else { return false }
        switch elements[currentIndex] {
        case .null, .undefined:
            currentIndex += 1
            return true
        default:
            return false
        }
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().unbox(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
