import AnonCreds

/// Schemas and credential definitions a caller already holds, by identifier: an issuer's own
/// (the sandbox serves its objects from one), or what a test sets up.
///
/// Each object is checked against its identifier when added, so lookups hand back only
/// objects their identifiers name, like every other registry.
public struct InMemoryAnonCredsRegistry: AnonCredsRegistry, Hashable {
    /// The schemas, by identifier.
    public private(set) var schemas: [String: Schema] = [:]
    /// The credential definitions, by identifier.
    public private(set) var credentialDefinitions: [String: CredentialDefinition] = [:]
    /// The policy objects are checked with when added.
    public let policy: IdentifierBindingPolicy
    /// The limits identifiers are checked with.
    public let limits: AnonCredsRegistryLimits

    /// An empty registry.
    public init(policy: IdentifierBindingPolicy = .standard, limits: AnonCredsRegistryLimits = .default) {
        self.policy = policy
        self.limits = limits
    }

    /// Adds `schema` under `id` (replacing one there), after checking it against `id`.
    public mutating func add(_ schema: Schema, id: String) throws(AnonCredsRegistryError) {
        schemas[id] = try checked(schema, id: id)
    }

    /// Adds `definition` under `id` (replacing one there), after checking it against `id`.
    public mutating func add(_ definition: CredentialDefinition, id: String) throws(AnonCredsRegistryError) {
        credentialDefinitions[id] = try checked(definition, id: id)
    }

    private func checked<Entity: PublicEntity>(_ entity: Entity, id: String) throws(AnonCredsRegistryError) -> Entity {
        try limits.check(id, as: Entity.kind)
        try entity.check(against: id, policy: policy)
        return entity
    }

    public func schema(id: String) async throws(AnonCredsRegistryError) -> Schema {
        try limits.check(id, as: .schema)
        guard let schema = schemas[id] else { throw .notFound(kind: .schema, id: id) }
        return schema
    }

    public func credentialDefinition(id: String) async throws(AnonCredsRegistryError) -> CredentialDefinition {
        try limits.check(id, as: .credentialDefinition)
        guard let definition = credentialDefinitions[id] else { throw .notFound(kind: .credentialDefinition, id: id) }
        return definition
    }
}
