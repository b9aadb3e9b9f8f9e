/// A JSON value (RFC 8259), as data: what credentials, JWT claims, DID documents and
/// protocol messages are made of before they become typed models.
///
/// Parse with ``init(parsing:limits:duplicateMembers:)``; write with ``serialized(_:)`` (order-keeping
/// compact or pretty, or code-point sorted for Open DID signing input) or
/// ``canonicalized()`` (RFC 8785 JCS).
///
/// Design decisions:
/// - Numbers are ``JSONNumber``s that keep their text, so parse → serialize is exact.
/// - Objects are ``JSONObject``s that keep member order but compare order-insensitively.
/// - Strings (and member names) compare by Unicode scalars, not Swift's canonical
///   equivalence, because two differently normalized strings are different JSON.
/// - The enum is not `indirect`: a string or number is stored in the value itself, with no
///   box of its own (nesting already goes through the storage of `Array` and
///   ``JSONObject``). An SD-JWT verify + present makes a quarter fewer allocations so.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Values are equal as JSON data: numbers by value, strings by Unicode scalars, objects
    /// regardless of member order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(left), .bool(right)): return left == right
        case let (.number(left), .number(right)): return left == right
        case let (.string(left), .string(right)): return ScalarKey(left) == ScalarKey(right)
        case let (.array(left), .array(right)): return left == right
        case let (.object(left), .object(right)): return left == right
        default: return false
        }
    }

    /// Hashes consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(value): hasher.combine(1); hasher.combine(value)
        case let .number(value): hasher.combine(2); hasher.combine(value)
        case let .string(value): hasher.combine(3); hasher.combine(ScalarKey(value))
        case let .array(value): hasher.combine(4); hasher.combine(value)
        case let .object(value): hasher.combine(5); hasher.combine(value)
        }
    }
}

// MARK: - Accessors

extension JSONValue {
    /// Whether this is `null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }
    /// The Boolean, if this is one.
    public var boolValue: Bool? { if case let .bool(value) = self { return value } else { return nil } }
    /// The number, if this is one.
    public var numberValue: JSONNumber? { if case let .number(value) = self { return value } else { return nil } }
    /// The number as `Double`, if this is a number.
    public var doubleValue: Double? { numberValue?.doubleValue }
    /// The number as `Int`, if this is an integer number in range.
    public var intValue: Int? { numberValue?.intValue }
    /// The number as `Int64`, if this is an integer number in range.
    public var int64Value: Int64? { numberValue?.int64Value }
    /// The string, if this is one.
    public var stringValue: String? { if case let .string(value) = self { return value } else { return nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case let .array(value) = self { return value } else { return nil } }
    /// The members, if this is an object.
    public var objectValue: JSONObject? { if case let .object(value) = self { return value } else { return nil } }

    /// The member `name` of an object; `nil` if this is not an object or has no such member.
    public subscript(name: String) -> JSONValue? {
        objectValue?[name]
    }

    /// The element at `index` of an array; `nil` if this is not an array or out of range.
    public subscript(index: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` in a literal is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A float literal; a non-finite one (which JSON cannot hold) becomes `null`.
    public init(floatLiteral value: Double) { self = JSONNumber(value).map(JSONValue.number) ?? .null }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object literal, members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}
