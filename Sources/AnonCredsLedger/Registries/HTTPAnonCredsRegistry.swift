import AnonCreds
import Foundation
import HTTP

/// Schemas and credential definitions fetched over HTTP by the `~ledger` convention: `GET`
/// the decorator's template with the percent-encoded identifier, and the body is the
/// object's JSON (``LedgerDecorator``).
///
/// The request goes through the caller's `HTTPClient`, whose policy bounds time, size and
/// redirects and decides which addresses may be reached (https, or http to loopback). The
/// answer must be 200 (404 and 410 are ``AnonCredsRegistryError/notFound(kind:id:)``), at most
/// ``AnonCredsRegistryLimits/maximumObjectBytes``, the object's JSON, and the object its
/// identifier names (``IdentifierBindingPolicy``) — the server is whoever the sender of the
/// decorator chose, so nothing it says is taken on trust.
public struct HTTPAnonCredsRegistry: AnonCredsRegistry {
    /// Where the objects are published.
    public let ledger: LedgerDecorator
    /// The transport.
    public let httpClient: any HTTPClient
    /// The check of each object against its identifier.
    public let policy: IdentifierBindingPolicy
    /// The size limits.
    public let limits: AnonCredsRegistryLimits

    /// A registry reading `ledger`'s URLs through `httpClient`.
    public init(
        ledger: LedgerDecorator, httpClient: any HTTPClient, policy: IdentifierBindingPolicy = .standard,
        limits: AnonCredsRegistryLimits = .default
    ) {
        self.ledger = ledger
        self.httpClient = httpClient
        self.policy = policy
        self.limits = limits
    }

    public func schema(id: String) async throws(AnonCredsRegistryError) -> Schema { try await fetch(id) }

    public func credentialDefinition(id: String) async throws(AnonCredsRegistryError) -> CredentialDefinition { try await fetch(id) }

    private func fetch<Entity: PublicEntity>(_ id: String) async throws(AnonCredsRegistryError) -> Entity {
        let kind = Entity.kind
        try limits.check(id, as: kind)
        let url = try ledger.url(for: kind, id: id)
        let response: HTTPResponse
        do {
            response = try await httpClient.get(url, headers: ["Accept": "application/json"])
        } catch .tooLarge(let limit) {
            throw .tooLarge(id: id, limit: min(limit, limits.maximumObjectBytes))
        } catch {
            throw .transport(id: id, reason: error.description)
        }
        switch response.status {
        case 200: return try PublicEntityReader(policy: policy, limits: limits).read(Entity.self, from: response.body, id: id)
        case 404, 410: throw .notFound(kind: kind, id: id)
        default: throw .unexpectedStatus(id: id, status: response.status)
        }
    }
}
