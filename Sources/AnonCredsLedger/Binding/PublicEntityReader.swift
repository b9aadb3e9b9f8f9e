import AnonCreds
import Foundation

/// Reads a schema or credential definition from bytes a registry fetched and checks it
/// against the identifier it was fetched for: the one path from untrusted bytes to an object
/// every registry here takes (size, JSON, shape, then ``IdentifierBindingPolicy``), and the
/// one a cache of fetched bytes (the wallet's) reads them back through.
public struct PublicEntityReader: Sendable {
    /// The check against the identifier.
    public var policy: IdentifierBindingPolicy
    /// The size limit.
    public var limits: AnonCredsRegistryLimits

    /// A reader; by default the standard policy and limits.
    public init(policy: IdentifierBindingPolicy = .standard, limits: AnonCredsRegistryLimits = .default) {
        self.policy = policy
        self.limits = limits
    }

    /// The object in `data`, fetched for `id`, once it is checked against `id`.
    public func read<Entity: PublicEntity>(_ type: Entity.Type, from data: Data, id: String) throws(AnonCredsRegistryError) -> Entity {
        guard data.count <= limits.maximumObjectBytes else { throw .tooLarge(id: id, limit: limits.maximumObjectBytes) }
        let entity: Entity
        do {
            entity = try Entity(jsonData: data)
        } catch {
            throw .malformedObject(id: id, error)
        }
        try entity.check(against: id, policy: policy)
        return entity
    }
}
