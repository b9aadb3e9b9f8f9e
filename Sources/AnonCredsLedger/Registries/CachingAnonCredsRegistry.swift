import AnonCreds

/// Another registry's answers kept in memory, so a holder that proves or receives under the
/// same definition again does not ask the network again.
///
/// Schemas and credential definitions are immutable once published (a new key is a new
/// definition under a new identifier), so an answer is kept until it is evicted: at most
/// ``capacity`` objects, the least recently used going first. Failures are not
/// kept — a registry that was unreachable is asked again next time. What is cached is what
/// the wrapped registry returned after its own check against the identifier; the cache checks
/// it once more with its ``policy`` before keeping it, so wrapping a registry written
/// elsewhere does not drop the check.
public actor CachingAnonCredsRegistry: AnonCredsRegistry {
    /// The registry asked on a miss.
    public nonisolated let upstream: any AnonCredsRegistry
    /// The most objects kept.
    public nonisolated let capacity: Int
    /// The check applied before an answer is kept.
    public nonisolated let policy: IdentifierBindingPolicy

    private var entries: LeastRecentlyUsed<PublicEntityReference, any PublicEntity>

    /// Caches `upstream`'s answers, at most `capacity` (at least 1) objects of both kinds together.
    public init(_ upstream: any AnonCredsRegistry, capacity: Int = 512, policy: IdentifierBindingPolicy = .standard) {
        self.upstream = upstream
        self.capacity = max(1, capacity)
        self.policy = policy
        entries = LeastRecentlyUsed(capacity: max(1, capacity))
    }

    public func schema(id: String) async throws(AnonCredsRegistryError) -> Schema { try await lookup(id) }

    public func credentialDefinition(id: String) async throws(AnonCredsRegistryError) -> CredentialDefinition { try await lookup(id) }

    /// The objects cached.
    public var cached: Set<PublicEntityReference> { Set(entries.keys) }

    private func lookup<Entity: PublicEntity>(_ id: String) async throws(AnonCredsRegistryError) -> Entity {
        let key = PublicEntityReference(kind: Entity.kind, id: id)
        if let hit = entries[key] as? Entity { return hit }
        let entity = try await Entity.resolve(id, from: upstream)
        try entity.check(against: id, policy: policy)
        entries[key] = entity
        return entity
    }
}
