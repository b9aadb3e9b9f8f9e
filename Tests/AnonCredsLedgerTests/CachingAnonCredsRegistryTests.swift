import AnonCreds
import AnonCredsLedger
import Foundation
import HTTP
import Testing
import VellumTestSupport

/// The caching wrapper over a real HTTP registry: a second lookup asks nobody, a failure is
/// not kept, the least recently used object goes first; the in-memory registry checks what
/// it is given.
@Suite("AnonCredsLedger: caching and in-memory registries")
struct CachingAnonCredsRegistryTests {
    @Test("answers are kept: the second lookup makes no request; a failure is asked again")
    func cachesAnswers() async throws {
        let hits = Locked(0)
        let pages = try HTTPAnonCredsRegistryTests.honestPages
        try await HTTPAnonCredsRegistryTests.withRegistry(pages, hits: hits) { http in
            let cache = CachingAnonCredsRegistry(http)
            for _ in 0..<3 { _ = try await cache.credentialDefinition(id: PublicEntityFixture.definitionID) }
            #expect(hits.value == 1)
            for _ in 0..<2 {
                await expectError(AnonCredsRegistryError.self, matching: { if case .notFound = $0 { true } else { false } }) {
                    _ = try await cache.schema(id: "did:example:vellum-issuer/schema/absent")
                }
            }
            #expect(hits.value == 3)
        }
    }

    @Test("at capacity, the least recently used object is forgotten first")
    func evictsLeastRecentlyUsed() async throws {
        var memory = InMemoryAnonCredsRegistry()
        let ids = ["did:example:vellum-issuer/schema/1", "did:example:vellum-issuer/schema/2", "did:example:vellum-issuer/schema/3"]
        for id in ids { try memory.add(try PublicEntityFixture.schema, id: id) }
        let cache = CachingAnonCredsRegistry(memory, capacity: 2)
        _ = try await cache.schema(id: ids[0])
        _ = try await cache.schema(id: ids[1])
        _ = try await cache.schema(id: ids[0])   // ids[1] is now the least recently used
        _ = try await cache.schema(id: ids[2])
        #expect(await cache.cached == [.init(kind: .schema, id: ids[0]), .init(kind: .schema, id: ids[2])])
    }

    @Test("the in-memory registry refuses an object under an identifier that names another issuer")
    func inMemoryChecks() throws {
        var memory = InMemoryAnonCredsRegistry()
        expectError(AnonCredsRegistryError.self, matching: { if case .identifierMismatch = $0 { true } else { false } }) {
            try memory.add(try PublicEntityFixture.schema, id: PublicEntityFixture.legacySchemaID)
        }
        #expect(memory.schemas.isEmpty)
    }
}
