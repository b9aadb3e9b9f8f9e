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
        try root.store(value, path: nil, userInfo: userInfo)
        return root.value
    }
}

/// A coding path as a chain from the leaf up, so nesting a value costs one small
/// allocation instead of copying the whole path array; the array is built only when a
/// value's `encode(to:)` asks for it.
final class CodingPathNode {
    let key: any CodingKey
    let parent: CodingPathNode?

    init(_ key: any CodingKey, parent: CodingPathNode?) {
        self.key = key
        self.parent = parent
    }

    static func path(_ node: CodingPathNode?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = node
        while let node = current {
            keys.append(node.key)
            current = node.parent
        }
        return keys.reversed()
    }
}

/// One value under construction. Containers hand out references to their children, so a
/// nested container keeps writing into its parent after the call that made it returns.
/// Finished primitives sit in their parent's slots directly; only values that encode
/// themselves get a node.
final class EncodingNode {
    enum Slot {
        case value(JSONValue)
        case node(EncodingNode)

        var value: JSONValue {
            switch self {
            case let .value(value): return value
            case let .node(node): return node.value
            }
        }
    }

    enum Content {
        case empty
        case value(JSONValue)
        case object(names: [String], slots: [Slot])
        case array([Slot])
    }

    var content: Content = .empty

    var value: JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case let .value(value): return value
        case let .object(names, slots):
            return .object(JSONObject(names: names, values: slots.map(\.value)))
        case let .array(slots): return .array(slots.map(\.value))
        }
    }

    func makeObject() {
        if case .object = content { return }
        // Room for a typical model's members up front: growing both arrays one doubling at
        // a time costs more allocations than the members themselves.
        var names: [String] = []
        var slots: [Slot] = []
        names.reserveCapacity(8)
        slots.reserveCapacity(8)
        content = .object(names: names, slots: slots)
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func append(_ slot: Slot, named name: String) {
        makeObject()
        if case .object(var names, var slots) = content {
            content = .empty  // keep the arrays uniquely referenced while appending
            names.append(name)
            slots.append(slot)
            content = .object(names: names, slots: slots)
        }
    }

    func append(_ slot: Slot) {
        makeArray()
        if case .array(var slots) = content {
            content = .empty
            slots.append(slot)
            content = .array(slots)
        }
    }

    func child(named name: String) -> EncodingNode {
        let node = EncodingNode()
        append(.node(node), named: name)
        return node
    }

    func appendedChild() -> EncodingNode {
        let node = EncodingNode()
        append(.node(node))
        return node
    }

    var count: Int {
        switch content {
        case let .array(slots): slots.count
        case let .object(names, _): names.count
        default: 0
        }
    }

    /// Stores `value`: primitives directly, anything else through its `encode(to:)`.
    func store<T: Encodable>(_ value: T, path: CodingPathNode?, userInfo: [CodingUserInfoKey: any Sendable]) throws {
        if let primitive = try Self.primitive(value, path: { path }) {
            content = .value(primitive)
        } else {
            try value.encode(to: NodeEncoder(node: self, path: path, userInfo: userInfo))
        }
    }

    /// The slot for `value` under `key`: the value itself when it is a primitive, else a
    /// node it encodes itself into.
    ///
    /// The coding path is made by `path` only when it is needed — for a value that encodes
    /// itself, or to report a bad number — because most members are primitives.
    static func slot<T: Encodable>(
        for value: T, path: () -> CodingPathNode?, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> Slot {
        if let primitive = try primitive(value, path: path) { return .value(primitive) }
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, path: path(), userInfo: userInfo))
        return .node(node)
    }

    /// The JSON of a value `JSONEncoder` would write without calling its `encode(to:)`.
    /// The type is identified first by comparing metadata pointers, so a model type pays
    /// for no dynamic casts at all.
    private static func primitive<T: Encodable>(_ value: T, path: () -> CodingPathNode?) throws -> JSONValue? {
        let type = ObjectIdentifier(T.self)
        if type == ObjectIdentifier(String.self) { return (value as? String).map(JSONValue.string) }
        if type == ObjectIdentifier(JSONValue.self) { return value as? JSONValue }
        if type == ObjectIdentifier(Bool.self) { return (value as? Bool).map(JSONValue.bool) }
        if type == ObjectIdentifier(Int.self) { return (value as? Int).map { .number(JSONNumber($0)) } }
        if type == ObjectIdentifier(Int64.self) { return (value as? Int64).map { .number(JSONNumber($0)) } }
        if type == ObjectIdentifier(UInt64.self) { return (value as? UInt64).map { .number(JSONNumber($0)) } }
        if type == ObjectIdentifier(Double.self) {
            guard let number = value as? Double else { return nil }
            return try finite(number, path())
        }
        if type == ObjectIdentifier(Data.self) { return (value as? Data).map { .string($0.base64EncodedString()) } }
        if type == ObjectIdentifier(URL.self) { return (value as? URL).map { .string($0.absoluteString) } }
        return nil
    }

    static func finite(_ number: Double, _ path: CodingPathNode?) throws -> JSONValue {
        guard let json = JSONNumber(number) else {
            throw EncodingError.invalidValue(number, EncodingError.Context(
                codingPath: CodingPathNode.path(path), debugDescription: "\(number) has no JSON representation"))
        }
        return .number(json)
    }

    static func finite(_ number: Float, _ path: CodingPathNode?) throws -> JSONValue {
        guard number.isFinite, let json = JSONNumber("\(number)") else {
            throw EncodingError.invalidValue(number, EncodingError.Context(
                codingPath: CodingPathNode.path(path), debugDescription: "\(number) has no JSON representation"))
        }
        return .number(json)
    }
}

struct NodeEncoder: Encoder {
    let node: EncodingNode
    let path: CodingPathNode?
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    init(node: EncodingNode, path: CodingPathNode?, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.node = node
        self.path = path
        self.sendableUserInfo = userInfo
    }

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }
    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, path: path, userInfo: sendableUserInfo))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, path: path, userInfo: sendableUserInfo)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, path: path, userInfo: sendableUserInfo)
    }
}

struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}
