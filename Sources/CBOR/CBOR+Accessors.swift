import Foundation

/// Typed views of a ``CBOR`` value; each is `nil` when the value has another type or does not fit.
extension CBOR {
    /// The value of an integer that fits in `Int64`.
    public var int64Value: Int64? {
        switch self {
        case .unsigned(let v): return v <= UInt64(Int64.max) ? Int64(v) : nil
        case .negative(let v): return v <= UInt64(Int64.max) ? -1 - Int64(v) : nil
        default: return nil
        }
    }

    /// The value of an integer that fits in `Int`.
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The value of a non-negative integer.
    public var uint64Value: UInt64? {
        if case .unsigned(let v) = self { return v }
        return nil
    }

    /// The value of any float, or of an integer converted to `Double`.
    public var doubleValue: Double? {
        switch self {
        case .half(let v), .float(let v): return Double(v)
        case .double(let v): return v
        case .unsigned(let v): return Double(v)
        case .negative(let v): return -1 - Double(v)
        default: return nil
        }
    }

    /// The text of a text string.
    public var stringValue: String? {
        if case .textString(let v) = self { return v }
        return nil
    }

    /// The bytes of a byte string.
    public var bytesValue: Data? {
        if case .byteString(let v) = self { return v }
        return nil
    }

    /// The elements of an array.
    public var arrayValue: [CBOR]? {
        if case .array(let v) = self { return v }
        return nil
    }

    /// The entries of a map, in order.
    public var mapValue: [(key: CBOR, value: CBOR)]? {
        if case .map(let v) = self { return v }
        return nil
    }

    /// The value of `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let v) = self { return v }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The tag number and content of a tagged item.
    public var taggedValue: (tag: UInt64, content: CBOR)? {
        if case .tagged(let tag, let content) = self { return (tag, content) }
        return nil
    }

    /// The value for `key` in a map (the first such entry), or `nil`.
    public subscript(key: CBOR) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The value for a text key in a map.
    public subscript(key: String) -> CBOR? {
        // Text keys compared as text: the general subscript would build a `CBOR` key and
        // compare whole values for every entry of the map.
        guard case .map(let entries) = self else { return nil }
        return entries.first { entry in
            if case .textString(let text) = entry.key { return text == key }
            return false
        }?.value
    }

    /// The element at `index` of an array, or `nil` when out of range.
    public subscript(index: Int) -> CBOR? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// A short name of this value's type, for error messages.
    public var typeName: String {
        switch self {
        case .unsigned, .negative: return "integer"
        case .byteString: return "byte string"
        case .textString: return "text string"
        case .array: return "array"
        case .map: return "map"
        case .tagged(let tag, _): return "tag \(tag)"
        case .simple: return "simple value"
        case .bool: return "boolean"
        case .null: return "null"
        case .undefined: return "undefined"
        case .half, .float, .double: return "float"
        }
    }
}
