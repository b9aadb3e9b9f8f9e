import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue``, without writing and
/// re-parsing JSON text.
///
/// Signing code turns the same model into JSON many times (Open DID signs a credential
/// once per claim); going through `JSONEncoder` and ``JSONParser`` costs more than the
/// signatures. Members keep the order the value encodes them in; `nil` optionals are
/// omitted (the synthesized `encodeIfPresent`); a key encoded twice keeps the last value.
/// `Data` becomes base64, `URL` its absolute string, `Date` its `Codable` form — as
/// `JSONEncoder`'s default strategies do. Errors thrown by the value's own `encode(to:)`
/// pass through unchanged; a non-finite floating-point number is
/// `EncodingError.invalidValue`.
public struct JSONValueEncoder: Sendable {
    /// Contextual information for the values' `encode(to:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// The JSON of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = EncodingNode()
        try root.store(value, codingPath: [], userInfo: userInfo)
        return root.value
    }
}

/// One value under construction. Containers hand out references to their children, so a
/// nested container keeps writing into its parent after the call that made it returns.
private final class EncodingNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object(names: [String], nodes: [EncodingNode])
        case array([EncodingNode])
    }

    var content: Content = .empty

    var value: JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case let .value(value): return value
        case let .object(names, nodes):
            var object = JSONObject()
            for (name, node) in zip(names, nodes) { object[name] = node.value }
            return .object(object)
        case let .array(nodes): return .array(nodes.map(\.value))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object(names: [], nodes: [])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func child(named name: String) -> EncodingNode {
        makeObject()
        let node = EncodingNode()
        if case .object(var names, var nodes) = content {
            content = .empty
            names.append(name)
            nodes.append(node)
            content = .object(names: names, nodes: nodes)
        }
        return node
    }

    func appendedChild() -> EncodingNode {
        makeArray()
        let node = EncodingNode()
        if case .array(var nodes) = content {
            content = .empty
            nodes.append(node)
            content = .array(nodes)
        }
        return node
    }

    var count: Int {
        switch content {
        case let .array(nodes): nodes.count
        case let .object(names, _): names.count
        default: 0
        }
    }

    /// Stores `value`: primitives directly, anything else through its `encode(to:)`.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) throws {
        if let primitive = try Self.primitive(value, codingPath: codingPath) {
            content = .value(primitive)
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath, userInfo: userInfo))
        }
    }

    private static func primitive<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue? {
        switch value {
        case let json as JSONValue: return json
        case let string as String: return .string(string)
        case let bool as Bool: return .bool(bool)
        case let number as Int: return .number(JSONNumber(number))
        case let number as Int64: return .number(JSONNumber(number))
        case let number as UInt64: return .number(JSONNumber(number))
        case let number as Double: return try finite(number, codingPath)
        case let data as Data: return .string(data.base64EncodedString())
        case let url as URL: return .string(url.absoluteString)
        default: return nil
        }
    }

    static func finite(_ number: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard let json = JSONNumber(number) else {
            throw EncodingError.invalidValue(number, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(number) has no JSON representation"))
        }
        return .number(json)
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    init(node: EncodingNode, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.node = node
        self.codingPath = codingPath
        self.sendableUserInfo = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath, userInfo: sendableUserInfo))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath, userInfo: sendableUserInfo)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, codingPath: codingPath, userInfo: sendableUserInfo)
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    mutating func encodeNil(forKey key: Key) throws { node.child(named: key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(named: key.stringValue).store(value, codingPath: codingPath + [key], userInfo: userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(named: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key], userInfo: userInfo))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(named: key.stringValue)
        child.makeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key], userInfo: userInfo)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(named: "super"), codingPath: codingPath, userInfo: userInfo)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(named: key.stringValue), codingPath: codingPath + [key], userInfo: userInfo)
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    var count: Int { node.count }

    mutating func encodeNil() throws { node.appendedChild().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try node.appendedChild().store(value, codingPath: path, userInfo: userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendedChild()
        child.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path, userInfo: userInfo))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendedChild()
        child.makeArray()
        return UnkeyedNodeContainer(node: child, codingPath: path, userInfo: userInfo)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendedChild(), codingPath: path, userInfo: userInfo)
    }
}

private struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(try EncodingNode.finite(value, codingPath)) }
    mutating func encode(_ value: Float) throws {
        guard value.isFinite, let number = JSONNumber("\(value)") else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) has no JSON representation"))
        }
        node.content = .value(.number(number))
    }
    mutating func encode(_ value: Int) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt8) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt32) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(.number(JSONNumber(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath, userInfo: userInfo) }
}
