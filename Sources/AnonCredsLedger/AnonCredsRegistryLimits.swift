import AnonCreds

/// The bounds every registry applies to what it resolves, so a hostile server or file cannot
/// make a holder read unbounded input.
public struct AnonCredsRegistryLimits: Sendable, Hashable {
    /// The largest object read, in bytes. A credential definition of anoncreds' 125 attributes
    /// is about 60 kB; a revocation key adds a few more.
    public var maximumObjectBytes: Int
    /// The longest identifier looked up, in UTF-8 bytes.
    public var maximumIdentifierBytes: Int

    /// Limits; the defaults are 1 MiB per object and 1 024 bytes per identifier.
    public init(maximumObjectBytes: Int = 1 << 20, maximumIdentifierBytes: Int = 1024) {
        self.maximumObjectBytes = maximumObjectBytes
        self.maximumIdentifierBytes = maximumIdentifierBytes
    }

    /// The defaults.
    public static let `default` = AnonCredsRegistryLimits()

    /// Checks that `id` is an identifier of `kind` within the length limit.
    public func check(_ id: String, as kind: PublicEntityKind) throws(AnonCredsRegistryError) {
        guard id.utf8.count <= maximumIdentifierBytes else { throw .invalidIdentifier(kind: kind, id: String(id.prefix(64)) + "…") }
        do {
            try AnonCredsIdentifier.validate(id, as: kind.identifierKind)
        } catch {
            throw .invalidIdentifier(kind: kind, id: id)
        }
    }
}
