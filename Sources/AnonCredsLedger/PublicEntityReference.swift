/// A schema or credential definition named by kind and identifier, ordered by both.
public struct PublicEntityReference: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Schema or credential definition.
    public var kind: PublicEntityKind
    /// The identifier.
    public var id: String

    /// A reference to the object of `kind` named `id`.
    public init(kind: PublicEntityKind, id: String) {
        self.kind = kind
        self.id = id
    }

    public static func < (lhs: PublicEntityReference, rhs: PublicEntityReference) -> Bool {
        (lhs.kind.rawValue, lhs.id) < (rhs.kind.rawValue, rhs.id)
    }

    public var description: String { "\(kind) \(id)" }
}
