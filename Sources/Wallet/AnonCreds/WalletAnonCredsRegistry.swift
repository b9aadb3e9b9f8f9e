import AnonCreds
import AnonCredsLedger
import Foundation

/// The wallet's cache of AnonCreds public objects as an ``AnonCredsRegistry``: what
/// ``CredentialWallet/fetchPublicEntities(using:)`` (or an earlier lookup) put there is
/// answered from the sealed table with no network; anything else is asked of `remote`, when
/// there is one, and kept.
///
/// Every object is checked against its identifier on the way in and again on the way out
/// (``PublicEntityReader``): the cache is only as trustworthy as the file, and a sealed row
/// moved under another identifier's key already fails authentication, but the check costs
/// nothing next to a proof. A cache that cannot be written (full, say) does not refuse an
/// object already checked.
public struct WalletAnonCredsRegistry: AnonCredsRegistry {
    /// The wallet's store.
    public let store: WalletStore
    /// The registry asked on a miss, if any.
    public let remote: (any AnonCredsRegistry)?
    /// How objects are read and checked.
    public let reader: PublicEntityReader

    /// The cache of `store`, falling back to `remote`.
    public init(store: WalletStore, remote: (any AnonCredsRegistry)? = nil, reader: PublicEntityReader = PublicEntityReader()) {
        self.store = store
        self.remote = remote
        self.reader = reader
    }

    public func schema(id: String) async throws(AnonCredsRegistryError) -> Schema { try await lookup(id) }

    public func credentialDefinition(id: String) async throws(AnonCredsRegistryError) -> CredentialDefinition { try await lookup(id) }

    private func lookup<Entity: PublicEntity>(_ id: String) async throws(AnonCredsRegistryError) -> Entity {
        try reader.limits.check(id, as: Entity.kind)
        let cached: Data?
        do {
            cached = try await store.anonCredsPublicEntity(Entity.kind, id: id)
        } catch {
            throw .storage(error.description)
        }
        if let cached { return try reader.read(Entity.self, from: cached, id: id) }
        guard let remote else { throw .notFound(kind: Entity.kind, id: id) }
        let entity = try await Entity.resolve(id, from: remote)
        try entity.check(against: id, policy: reader.policy)
        try? await store.addAnonCredsPublicEntity(Entity.kind, id: id, json: entity.jsonData())
        return entity
    }
}
