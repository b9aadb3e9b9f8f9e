/// A JSON object: members in the order they were written, looked up by exact name.
///
/// Order is kept so that a parsed document can be written back as it came; equality ignores
/// order, as RFC 8259 objects are unordered. Names are compared by Unicode scalars, not by
/// Swift's canonical equivalence: `"é"` (U+00E9) and `"e\u{301}"` are two different members,
/// as they are to every other JSON implementation and to a signature over the bytes.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public typealias Member = (name: String, value: JSONValue)

    private var names: [String] = []
    private var values: [JSONValue] = []
    private var index: [ScalarKey: Int] = [:]

    /// An empty object.
    public init() {}

    /// An object with these members in this order; a repeated name keeps its first position
    /// and its last value.
    public init<Members: Sequence>(_ members: Members) where Members.Element == (String, JSONValue) {
        for (name, value) in members { self[name] = value }
    }

    /// An object from a literal, members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The number of members.
    public var count: Int { names.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { names.isEmpty }
    /// Member names in document order.
    public var keys: [String] { names }
    /// Members in document order.
    public var members: [Member] { zip(names, values).map { ($0, $1) } }

    /// The value of a member, or `nil` if absent. Setting `nil` removes the member; setting
    /// a new name appends it.
    public subscript(name: String) -> JSONValue? {
        get { index[ScalarKey(name)].map { values[$0] } }
        set {
            let key = ScalarKey(name)
            if let position = index[key] {
                if let newValue {
                    values[position] = newValue
                } else {
                    names.remove(at: position)
                    values.remove(at: position)
                    index = Dictionary(uniqueKeysWithValues: names.enumerated().map { (ScalarKey($1), $0) })
                }
            } else if let newValue {
                index[key] = names.count
                names.append(name)
                values.append(newValue)
            }
        }
    }

    /// Whether a member with exactly this name exists.
    public func contains(_ name: String) -> Bool { index[ScalarKey(name)] != nil }

    /// Iterates the members in document order.
    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// Objects are equal when they have the same members with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (name, value) in zip(lhs.names, lhs.values) {
            guard let other = rhs[name], other == value else { return false }
        }
        return true
    }

    /// Hashes the members independently of their order, matching `==`.
    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: combine per-member hashes commutatively.
        var combined = 0
        for (name, value) in zip(names, values) {
            var member = Hasher()
            member.combine(ScalarKey(name))
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

/// A string compared and hashed by its Unicode scalars rather than by canonical equivalence.
struct ScalarKey: Hashable, Sendable {
    let string: String
    init(_ string: String) { self.string = string }
    static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool { lhs.string.utf8.elementsEqual(rhs.string.utf8) }
    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xff as UInt8)
    }
}
