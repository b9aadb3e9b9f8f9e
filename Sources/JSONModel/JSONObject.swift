import Foundation

/// A JSON object: members in the order they were written, looked up by exact name.
///
/// Order is kept so that a parsed document can be written back as it came; equality ignores
/// order, as RFC 8259 objects are unordered. Names are compared by Unicode scalars, not by
/// Swift's canonical equivalence: `"é"` (U+00E9) and `"e\u{301}"` are two different members,
/// as they are to every other JSON implementation and to a signature over the bytes.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public typealias Member = (name: String, value: JSONValue)

    /// A member as the object stores it. A struct rather than the ``Member`` tuple: arrays
    /// of tuples are copied and destroyed through the runtime's generic tuple operations,
    /// one element at a time, where a struct's are compiled code.
    struct Entry {
        var name: String
        var value: JSONValue
    }

    /// The members in order, in one list: one allocation per object, one reference to
    /// retain when an object is copied.
    private var storage: [Entry] = []
    /// Positions by name, kept only for objects larger than ``indexThreshold``: hashing a
    /// name costs more than comparing it with a few dozen others, and most objects are small.
    private var index: [ScalarKey: Int]?

    /// The member count above which lookups go through a hash index.
    static let indexThreshold = 32

    /// An empty object.
    public init() {}

    /// An object with these members in this order; a repeated name keeps its first position
    /// and its last value.
    public init<Members: Sequence>(_ members: Members) where Members.Element == (String, JSONValue) {
        for (name, value) in members { self[name] = value }
    }

    /// An object from parallel lists of names and values (as an encoder collects them),
    /// with the same rule for a repeated name; taking the lists whole spares the per-member
    /// lookup and growth when, as almost always, every name is distinct. Values beyond the
    /// last name (or names beyond the last value) are ignored.
    public init(names: [String], values: [JSONValue]) {
        if names.count == values.count, Self.areDistinct(names) {
            storage.reserveCapacity(names.count)
            for (name, value) in zip(names, values) { storage.append(Entry(name: name, value: value)) }
            rebuildIndex()
        } else {
            for (name, value) in zip(names, values) { self[name] = value }
        }
    }

    /// Members whose names the caller has already found distinct (the parser does, as it
    /// reads them), taken without another check.
    init(distinctEntries entries: [Entry]) {
        self.storage = entries
        rebuildIndex()
    }

    private static func areDistinct(_ names: [String]) -> Bool {
        guard names.count > indexThreshold else {
            for (position, name) in names.enumerated() {
                for earlier in names[..<position] where ScalarKey.sameScalars(earlier, name) { return false }
            }
            return true
        }
        return Set(names.lazy.map(ScalarKey.init)).count == names.count
    }

    /// An object from a literal, members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The number of members.
    public var count: Int { storage.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { storage.isEmpty }
    /// Member names in document order.
    public var keys: [String] { storage.map(\.name) }
    /// Members in document order, as a new array (iterating the object itself copies none).
    public var members: [Member] { storage.map { ($0.name, $0.value) } }

    /// The value of a member, or `nil` if absent. Setting `nil` removes the member; setting
    /// a new name appends it.
    public subscript(name: String) -> JSONValue? {
        get { position(of: name).map { storage[$0].value } }
        set {
            if let position = position(of: name) {
                if let newValue {
                    storage[position].value = newValue
                } else {
                    storage.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                append(name, newValue)
            }
        }
    }

    /// Makes room for `count` members, so an object built member by member (a processed
    /// payload, say) grows its list once rather than at every power of two.
    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    /// Appends a member whose name the caller knows is not in the object yet (one copied
    /// from another object, which has distinct names), without looking it up first.
    package mutating func append(distinctName name: String, _ value: JSONValue) {
        append(name, value)
    }

    /// Sets `name` to `value`, appending it when new; returns whether it replaced a member.
    /// (One lookup per member, where `contains` then the subscript take two.)
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forName name: String) -> Bool {
        if let position = position(of: name) {
            storage[position].value = value
            return true
        }
        append(name, value)
        return false
    }

    /// The name and value at `position` in document order.
    func member(at position: Int) -> Member {
        let entry = storage[position]
        return (entry.name, entry.value)
    }

    private mutating func append(_ name: String, _ value: JSONValue) {
        storage.append(Entry(name: name, value: value))
        if index != nil {
            index?[ScalarKey(name)] = storage.count - 1
        } else if storage.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    private mutating func rebuildIndex() {
        index = storage.count > Self.indexThreshold
            ? Dictionary(uniqueKeysWithValues: storage.enumerated().map { (ScalarKey($1.name), $0) })
            : nil
    }

    private func position(of name: String) -> Int? {
        if let index { return index[ScalarKey(name)] }
        return storage.firstIndex { ScalarKey.sameScalars($0.name, name) }
    }

    /// Whether a member with exactly this name exists.
    public func contains(_ name: String) -> Bool { position(of: name) != nil }

    /// The members in document order, read from the object's own list.
    public struct Iterator: IteratorProtocol {
        var entries: IndexingIterator<[Entry]>

        /// The next member, or `nil` after the last.
        public mutating func next() -> Member? {
            entries.next().map { ($0.name, $0.value) }
        }
    }

    /// Iterates the members in document order.
    public func makeIterator() -> Iterator { Iterator(entries: storage.makeIterator()) }

    /// Objects are equal when they have the same members with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for entry in lhs.storage {
            guard let other = rhs[entry.name], other == entry.value else { return false }
        }
        return true
    }

    /// Hashes the members independently of their order, matching `==`.
    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: combine per-member hashes commutatively.
        var combined = 0
        for entry in storage {
            var member = Hasher()
            member.combine(ScalarKey(entry.name))
            member.combine(entry.value)
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
    static func == (lhs: ScalarKey, rhs: ScalarKey) -> Bool { sameScalars(lhs.string, rhs.string) }

    /// Whether two strings have the same UTF-8 bytes: a length check, then Swift's own
    /// comparison, which tells most unequal names apart in a few instructions (two short
    /// names are compared as two words) and whose "unequal" is final, since strings with
    /// the same scalars are always canonically equivalent. Its "equal" is confirmed byte for
    /// byte, since canonically equivalent strings may differ in their scalars.
    static func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count, lhs == rhs else { return false }
        return sameBytes(lhs, rhs)
    }

    /// `memcmp` over native storage (the generic comparison walks the views a byte at a
    /// time); for strings of the same length.
    private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return true }  // both empty
                return memcmp(leftBytes, rightBytes, left.count) == 0
            }
        }
        return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Whether `lhs` sorts before `rhs` by UTF-8 bytes, which is code point order.
    static func precedesInCodePointOrder(_ lhs: String, _ rhs: String) -> Bool {
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                var order: Int32 = 0
                if let leftBytes = left.baseAddress, let rightBytes = right.baseAddress {
                    order = memcmp(leftBytes, rightBytes, min(left.count, right.count))
                }
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
        return (compared ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(0xff as UInt8)
    }
}
