import Foundation

/// Encodes `Encodable` values as CBOR.
///
/// Keyed containers become maps (text keys, or integer keys with
/// ``CBORKeyEncoding/integerWhenAvailable``), unkeyed containers arrays, `Data` byte strings,
/// `Date` per ``dateStrategy``, ``FullDate`` tag 1004, and a ``CBOR`` value is embedded as is.
public struct CBOREncoder: Sendable {
    /// How coding keys become map keys.
    public var keyEncoding: CBORKeyEncoding
    /// How dates are written.
    public var dateStrategy: CBORDateStrategy
    /// Serialization options for ``encode(_:)``.
    public var encodingOptions: CBOREncodingOptions

    /// An encoder with text keys, RFC 3339 dates (tag 0) and preferred serialization.
    public init(
        keyEncoding: CBORKeyEncoding = .text,
        dateStrategy: CBORDateStrategy = .rfc3339,
        encodingOptions: CBOREncodingOptions = CBOREncodingOptions()
    ) {
        self.keyEncoding = keyEncoding
        self.dateStrategy = dateStrategy
        self.encodingOptions = encodingOptions
    }

    /// The CBOR serialization of `value`.
    public func encode<T: Encodable>(_ value: T) throws(CBORError) -> Data {
        try encodeToCBOR(value).encoded(options: encodingOptions)
    }

    /// The ``CBOR`` value of `value`, for callers that assemble larger structures.
    public func encodeToCBOR<T: Encodable>(_ value: T) throws(CBORError) -> CBOR {
        do {
            let encoder = EncoderState(settings: self, codingPath: [])
            return try encoder.box(value).materialize()
        } catch let error as CBORError {
            throw error
        } catch {
            throw .invalidValue(reason: "\(error)", path: "")
        }
    }
}

/// A node of the value being encoded; a class so containers can fill it after handing it out.
final class EncodedNode {
    enum Kind { case unset, value, array, map }
    var kind = Kind.unset
    var value = CBOR.null
    var elements: [EncodedNode] = []
    var entries: [(key: CBOR, node: EncodedNode)] = []

    init() {}
    init(_ value: CBOR) {
        kind = .value
        self.value = value
    }

    func materialize() throws(CBORError) -> CBOR {
        switch kind {
        case .unset: throw .invalidValue(reason: "value encoded nothing", path: "")
        case .value: return value
        case .array:
            var items: [CBOR] = []
            items.reserveCapacity(elements.count)
            for element in elements { items.append(try element.materialize()) }
            return .array(items)
        case .map:
            var pairs: [(key: CBOR, value: CBOR)] = []
            pairs.reserveCapacity(entries.count)
            for entry in entries { pairs.append((key: entry.key, value: try entry.node.materialize())) }
            return .map(pairs)
        }
    }
}

func pathString(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "(root)" : path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
}

/// The `Encoder` handed to `encode(to:)`: one per value, writing into one ``EncodedNode``.
final class EncoderState: Encoder {
    let settings: CBOREncoder
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let node: EncodedNode

    init(settings: CBOREncoder, codingPath: [any CodingKey], node: EncodedNode = EncodedNode()) {
        self.settings = settings
        self.codingPath = codingPath
        self.node = node
    }

    func key(_ key: any CodingKey) -> CBOR {
        if settings.keyEncoding == .integerWhenAvailable, let int = key.intValue { return CBOR(int) }
        return .textString(key.stringValue)
    }

    /// Encodes `value` at `path` into a new node, handling the types CBOR represents natively.
    func box<T: Encodable>(_ value: T, at path: [any CodingKey]? = nil) throws -> EncodedNode {
        switch value {
        case let cbor as CBOR: return EncodedNode(cbor)
        case let data as Data: return EncodedNode(.byteString(data))
        case let fullDate as FullDate: return EncodedNode(.fullDate(fullDate))
        case let url as URL: return EncodedNode(.textString(url.absoluteString))
        case let date as Date where settings.dateStrategy != .deferredToDate:
            return EncodedNode(settings.dateStrategy == .rfc3339 ? .dateTime(date) : .epochDate(date))
        default:
            let child = EncoderState(settings: settings, codingPath: path ?? codingPath)
            try value.encode(to: child)
            if child.node.kind == .unset {
                throw CBORError.invalidValue(reason: "\(T.self) encoded nothing", path: pathString(child.codingPath))
            }
            return child.node
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.kind != .map { node.kind = .map; node.entries = [] }
        return KeyedEncodingContainer(KeyedEncoder<Key>(encoder: self, node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.kind != .array { node.kind = .array; node.elements = [] }
        return UnkeyedEncoder(encoder: self, node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}

extension EncoderState: SingleValueEncodingContainer {
    private func set(_ value: CBOR) {
        node.kind = .value
        node.value = value
    }

    func encodeNil() throws { set(.null) }
    func encode(_ value: Bool) throws { set(.bool(value)) }
    func encode(_ value: String) throws { set(.textString(value)) }
    func encode(_ value: Double) throws { set(.double(value)) }
    func encode(_ value: Float) throws { set(.float(value)) }
    func encode(_ value: Int) throws { set(CBOR(value)) }
    func encode(_ value: Int8) throws { set(CBOR(value)) }
    func encode(_ value: Int16) throws { set(CBOR(value)) }
    func encode(_ value: Int32) throws { set(CBOR(value)) }
    func encode(_ value: Int64) throws { set(CBOR(value)) }
    func encode(_ value: UInt) throws { set(CBOR(value)) }
    func encode(_ value: UInt8) throws { set(CBOR(value)) }
    func encode(_ value: UInt16) throws { set(CBOR(value)) }
    func encode(_ value: UInt32) throws { set(CBOR(value)) }
    func encode(_ value: UInt64) throws { set(CBOR(value)) }
    func encode<T: Encodable>(_ value: T) throws {
        let boxed = try box(value)
        node.kind = boxed.kind
        node.value = boxed.value
        node.elements = boxed.elements
        node.entries = boxed.entries
    }
}

struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: EncoderState
    let node: EncodedNode
    let codingPath: [any CodingKey]

    private func add(_ key: Key, _ child: EncodedNode) {
        node.entries.append((key: encoder.key(key), node: child))
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, EncodedNode(.null)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, EncodedNode(.bool(value))) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, EncodedNode(.textString(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, EncodedNode(.double(value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, EncodedNode(.float(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, EncodedNode(CBOR(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, EncodedNode(CBOR(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, EncodedNode(CBOR(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        add(key, try encoder.box(value, at: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = EncoderState(settings: encoder.settings, codingPath: codingPath + [key])
        add(key, child.node)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncoderState(settings: encoder.settings, codingPath: codingPath + [key])
        add(key, child.node)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncoderState(settings: encoder.settings, codingPath: codingPath + [CBORCodingKey.superKey])
        node.entries.append((key: .textString("super"), node: child.node))
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncoderState(settings: encoder.settings, codingPath: codingPath + [key])
        add(key, child.node)
        return child
    }
}

struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let encoder: EncoderState
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var count: Int { node.elements.count }

    private var nextKey: CBORCodingKey { CBORCodingKey(intValue: count) }

    mutating func encodeNil() throws { node.elements.append(EncodedNode(.null)) }
    mutating func encode(_ value: Bool) throws { node.elements.append(EncodedNode(.bool(value))) }
    mutating func encode(_ value: String) throws { node.elements.append(EncodedNode(.textString(value))) }
    mutating func encode(_ value: Double) throws { node.elements.append(EncodedNode(.double(value))) }
    mutating func encode(_ value: Int) throws { node.elements.append(EncodedNode(CBOR(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        node.elements.append(try encoder.box(value, at: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = EncoderState(settings: encoder.settings, codingPath: codingPath + [nextKey])
        node.elements.append(child.node)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncoderState(settings: encoder.settings, codingPath: codingPath + [nextKey])
        node.elements.append(child.node)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncoderState(settings: encoder.settings, codingPath: codingPath + [nextKey])
        node.elements.append(child.node)
        return child
    }
}

/// A coding key for array positions and `super`.
struct CBORCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    static let superKey = CBORCodingKey(stringValue: "super")
}
