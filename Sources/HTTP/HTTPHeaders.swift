/// HTTP header fields: ordered as added, names compared case-insensitively (RFC 9110 §5.1).
///
/// Order is kept because some fields repeat (`Set-Cookie`, `Link`) and their order matters;
/// lookups ignore case because servers spell names as they like.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The name as written (compare with ``HTTPHeaders`` lookups, which ignore case).
        public var name: String
        /// The value.
        public var value: String

        /// A field `name: value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field] = []

    /// No fields.
    public init() {}

    /// The fields of `elements`, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name: name, value: value) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` (any case) with one field, or removes them for `nil`.
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            fields.removeAll { Self.same($0.name, name) }
            if let newValue { add(name: name, value: newValue) }
        }
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates the fields in the order they were added (repeated names included).
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    static func same(_ left: String, _ right: String) -> Bool {
        left.lowercased() == right.lowercased()
    }
}
