import AnonCreds

/// A schema or a credential definition: an object a registry resolves by identifier and checks
/// against it. Code written once over this protocol (caches, readers) serves both kinds.
public protocol PublicEntity: AnonCredsObject, Hashable {
    /// Which kind it is.
    static var kind: PublicEntityKind { get }

    /// The object `registry` resolves for `id`.
    static func resolve(_ id: String, from registry: any AnonCredsRegistry) async throws(AnonCredsRegistryError) -> Self

    /// Checks that this object is the one `id` names, under `policy`.
    func check(against id: String, policy: IdentifierBindingPolicy) throws(AnonCredsRegistryError)
}

extension Schema: PublicEntity {
    public static var kind: PublicEntityKind { .schema }

    public static func resolve(_ id: String, from registry: any AnonCredsRegistry) async throws(AnonCredsRegistryError) -> Schema {
        try await registry.schema(id: id)
    }

    public func check(against id: String, policy: IdentifierBindingPolicy) throws(AnonCredsRegistryError) {
        try policy.check(self, id: id)
    }
}

extension CredentialDefinition: PublicEntity {
    public static var kind: PublicEntityKind { .credentialDefinition }

    public static func resolve(_ id: String, from registry: any AnonCredsRegistry) async throws(AnonCredsRegistryError) -> CredentialDefinition {
        try await registry.credentialDefinition(id: id)
    }

    public func check(against id: String, policy: IdentifierBindingPolicy) throws(AnonCredsRegistryError) {
        try policy.check(self, id: id)
    }
}
