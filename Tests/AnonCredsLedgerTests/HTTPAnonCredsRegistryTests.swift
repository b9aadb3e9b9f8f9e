import AnonCreds
import AnonCredsLedger
import Foundation
import HTTP
import Testing
import VellumTestSupport

/// Schemas and credential definitions over real HTTP on loopback by the `~ledger` convention:
/// the honest objects resolved; a missing one, an oversized, non-JSON or mismatched answer and
/// a server error each refused with its own error.
@Suite("AnonCredsLedger: HTTP registry by the ~ledger convention")
struct HTTPAnonCredsRegistryTests {
    static let client = NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(120)))

    static func path(_ kind: PublicEntityKind, _ id: String) -> String {
        "/ledger/\(kind.pathSegment)/" + id.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))!
    }

    /// Serves `pages` (path → page) while `body` runs with a registry over the server.
    static func withRegistry(
        _ pages: [String: LoopbackPages.Page], hits: Locked<Int> = Locked(0), _ body: (HTTPAnonCredsRegistry) async throws -> Void
    ) async throws {
        try await LoopbackPages.serve(label: "anoncreds-ledger", pages: { _ in
            hits.value += 1
            return pages
        }) { port in
            let ledger = try LedgerDecorator(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
            try await body(HTTPAnonCredsRegistry(ledger: ledger, httpClient: client))
        }
    }

    static var honestPages: [String: LoopbackPages.Page] {
        get throws {
            [path(.schema, PublicEntityFixture.schemaID): .init(body: try PublicEntityFixture.schema.jsonString()),
             path(.credentialDefinition, PublicEntityFixture.definitionID): .init(body: try PublicEntityFixture.definition.jsonString()),
             path(.credentialDefinition, PublicEntityFixture.legacyDefinitionID): .init(body: try PublicEntityFixture.legacyDefinition.jsonString())]
        }
    }

    @Test("the schema and credential definition GET at the percent-encoded identifier are resolved")
    func resolves() async throws {
        try await Self.withRegistry(try Self.honestPages) { registry in
            let schema = try await registry.schema(id: PublicEntityFixture.schemaID)
            let definition = try await registry.credentialDefinition(id: PublicEntityFixture.definitionID)
            let legacy = try await registry.credentialDefinition(id: PublicEntityFixture.legacyDefinitionID)
            #expect(try schema == PublicEntityFixture.schema)
            #expect(try definition == PublicEntityFixture.definition)
            #expect(try legacy == PublicEntityFixture.legacyDefinition)
        }
    }

    @Test("404 is notFound")
    func notFound() async throws {
        try await Self.withRegistry([:]) { registry in
            await expectError(AnonCredsRegistryError.self, matching: { $0 == .notFound(kind: .schema, id: PublicEntityFixture.schemaID) }) {
                _ = try await registry.schema(id: PublicEntityFixture.schemaID)
            }
        }
    }

    @Test("another issuer's key served under the identifier is refused: identifierMismatch")
    func substitutedDefinition() async throws {
        var forged = try PublicEntityFixture.legacyDefinition
        forged.issuerID = "Th7MpTaRZVRYnPiabds81Y"
        let pages = [Self.path(.credentialDefinition, PublicEntityFixture.legacyDefinitionID): LoopbackPages.Page(body: forged.jsonString())]
        try await Self.withRegistry(pages) { registry in
            await expectError(AnonCredsRegistryError.self, matching: { if case .identifierMismatch(_, "issuerId", _, _) = $0 { true } else { false } }) {
                _ = try await registry.credentialDefinition(id: PublicEntityFixture.legacyDefinitionID)
            }
        }
    }

    @Test("a schema served where a definition is asked for, or a page that is not JSON, is malformedObject")
    func malformed() async throws {
        let id = PublicEntityFixture.definitionID
        for body in [try PublicEntityFixture.schema.jsonString(), "<html>not json</html>", #"{"schemaId": "#] {
            try await Self.withRegistry([Self.path(.credentialDefinition, id): .init(contentType: "text/html", body: body)]) { registry in
                await expectError(AnonCredsRegistryError.self, matching: { if case .malformedObject(id, _) = $0 { true } else { false } }) {
                    _ = try await registry.credentialDefinition(id: id)
                }
            }
        }
    }

    @Test("an answer over the object limit is tooLarge, within the registry's limit and the client's")
    func oversized() async throws {
        let id = PublicEntityFixture.schemaID
        let huge = LoopbackPages.Page(body: "{\"name\":\"" + String(repeating: "a", count: 2 << 20) + "\"}")
        try await Self.withRegistry([Self.path(.schema, id): huge]) { registry in
            await expectError(AnonCredsRegistryError.self, matching: { $0 == .tooLarge(id: id, limit: 1 << 20) }) {
                _ = try await registry.schema(id: id)
            }
        }
        // A client whose own limit is lower stops reading first; the error is the same.
        try await LoopbackPages.serve(label: "anoncreds-ledger", pages: { _ in [Self.path(.schema, id): huge] }) { port in
            let registry = HTTPAnonCredsRegistry(
                ledger: try LedgerDecorator(baseURL: URL(string: "http://127.0.0.1:\(port)")!),
                httpClient: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(120), maximumResponseBytes: 64 * 1024)))
            await expectError(AnonCredsRegistryError.self, matching: { $0 == .tooLarge(id: id, limit: 64 * 1024) }) {
                _ = try await registry.schema(id: id)
            }
        }
    }

    @Test("a server error is unexpectedStatus")
    func serverError() async throws {
        let id = PublicEntityFixture.schemaID
        try await Self.withRegistry([Self.path(.schema, id): .init(status: .internalServerError, body: "{}")]) { registry in
            await expectError(AnonCredsRegistryError.self, matching: { $0 == .unexpectedStatus(id: id, status: 500) }) {
                _ = try await registry.schema(id: id)
            }
        }
    }

    @Test("an invalid identifier is refused before any request")
    func invalidIdentifier() async throws {
        let hits = Locked(0)
        try await Self.withRegistry([:], hits: hits) { registry in
            await expectError(AnonCredsRegistryError.self, matching: { $0 == .invalidIdentifier(kind: .schema, id: "not an id") }) {
                _ = try await registry.schema(id: "not an id")
            }
        }
        #expect(hits.value == 0)
    }

    @Test("plain http to a host that is not loopback is refused by the client's policy; nothing is connected")
    func insecureLedger() async throws {
        let ledger = try LedgerDecorator(baseURL: URL(string: "http://192.0.2.1")!)
        let registry = HTTPAnonCredsRegistry(ledger: ledger, httpClient: Self.client)
        await expectError(AnonCredsRegistryError.self, matching: { if case .transport = $0 { true } else { false } }) {
            _ = try await registry.schema(id: PublicEntityFixture.schemaID)
        }
    }
}
