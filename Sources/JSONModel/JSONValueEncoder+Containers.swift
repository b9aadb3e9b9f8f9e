import Foundation

// The containers of ``JSONValueEncoder``. Each primitive overload stores its value in the
// parent's slot directly: the generic path would allocate a node and a coding path for it.

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let path: CodingPathNode?
    let userInfo: [CodingUserInfoKey: any Sendable]

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }

    private func put(_ value: JSONValue, _ key: Key) { node.append(.value(value), named: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try EncodingNode.finite(value, CodingPathNode(key, parent: path)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try EncodingNode.finite(value, CodingPathNode(key, parent: path)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(JSONNumber(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let parent = path
        let slot = try EncodingNode.slot(for: value, path: { CodingPathNode(key, parent: parent) }, userInfo: userInfo)
        node.append(slot, named: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(named: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(
            node: child, path: CodingPathNode(key, parent: path), userInfo: userInfo))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(named: key.stringValue)
        child.makeArray()
        return UnkeyedNodeContainer(node: child, path: CodingPathNode(key, parent: path), userInfo: userInfo)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(named: "super"), path: path, userInfo: userInfo)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(named: key.stringValue), path: CodingPathNode(key, parent: path), userInfo: userInfo)
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let path: CodingPathNode?
    let userInfo: [CodingUserInfoKey: any Sendable]

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }
    var count: Int { node.count }

    private func put(_ value: JSONValue) { node.append(.value(value)) }
    private var nextPath: CodingPathNode { CodingPathNode(IndexKey(count), parent: path) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try EncodingNode.finite(value, nextPath)) }
    mutating func encode(_ value: Float) throws { put(try EncodingNode.finite(value, nextPath)) }
    mutating func encode(_ value: Int) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(JSONNumber(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        let parent = path
        node.append(try EncodingNode.slot(
            for: value, path: { CodingPathNode(IndexKey(index), parent: parent) }, userInfo: userInfo))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let childPath = nextPath
        let child = node.appendedChild()
        child.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, path: childPath, userInfo: userInfo))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let childPath = nextPath
        let child = node.appendedChild()
        child.makeArray()
        return UnkeyedNodeContainer(node: child, path: childPath, userInfo: userInfo)
    }

    mutating func superEncoder() -> any Encoder {
        let childPath = nextPath
        return NodeEncoder(node: node.appendedChild(), path: childPath, userInfo: userInfo)
    }
}

struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let path: CodingPathNode?
    let userInfo: [CodingUserInfoKey: any Sendable]

    var codingPath: [any CodingKey] { CodingPathNode.path(path) }

    private func put(_ value: JSONValue) { node.content = .value(value) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try EncodingNode.finite(value, path)) }
    mutating func encode(_ value: Float) throws { put(try EncodingNode.finite(value, path)) }
    mutating func encode(_ value: Int) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int16) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int32) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int64) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt8) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt16) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt32) throws { put(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt64) throws { put(.number(JSONNumber(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, path: path, userInfo: userInfo) }
}
