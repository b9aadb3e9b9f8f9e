import AnonCreds
import AnonCredsLedger
import Foundation
import Testing
import VellumTestSupport

/// A directory of JSON files in the `~ledger` layout: objects filed and resolved; a file
/// swapped for another issuer's, an oversized or non-JSON file, and a missing one refused.
@Suite("AnonCredsLedger: file registry")
struct FileAnonCredsRegistryTests {
    static func withDirectory(_ body: (FileAnonCredsRegistry) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(FileAnonCredsRegistry(directory: directory))
    }

    @Test("published objects resolve, filed as schema/ID.json and cred_def/ID.json with ID percent-encoded")
    func publishAndResolve() async throws {
        try await Self.withDirectory { registry in
            try registry.publish(try PublicEntityFixture.schema, id: PublicEntityFixture.schemaID)
            try registry.publish(try PublicEntityFixture.definition, id: PublicEntityFixture.definitionID)
            let schema = try await registry.schema(id: PublicEntityFixture.schemaID)
            let definition = try await registry.credentialDefinition(id: PublicEntityFixture.definitionID)
            #expect(try schema == PublicEntityFixture.schema)
            #expect(try definition == PublicEntityFixture.definition)
            let file = registry.fileURL(for: .credentialDefinition, id: PublicEntityFixture.definitionID)
            #expect(file.lastPathComponent == "did%3Aexample%3Avellum-issuer%2Fcred-def%2F1.json")
            #expect(file.deletingLastPathComponent().lastPathComponent == "cred_def")
        }
    }

    @Test("publishing an object under an identifier that names another issuer is refused; nothing is written")
    func publishMismatch() async throws {
        try await Self.withDirectory { registry in
            expectError(AnonCredsRegistryError.self, matching: { if case .identifierMismatch = $0 { true } else { false } }) {
                try registry.publish(try PublicEntityFixture.definition, id: PublicEntityFixture.legacyDefinitionID)
            }
            #expect(!FileManager.default.fileExists(atPath: registry.fileURL(for: .credentialDefinition, id: PublicEntityFixture.legacyDefinitionID).path))
        }
    }

    @Test("a file swapped for another issuer's definition is refused on read")
    func swappedFile() async throws {
        try await Self.withDirectory { registry in
            let id = PublicEntityFixture.legacyDefinitionID
            try registry.publish(try PublicEntityFixture.legacyDefinition, id: id)
            var forged = try PublicEntityFixture.legacyDefinition
            forged.tag = "other"
            try forged.jsonData().write(to: registry.fileURL(for: .credentialDefinition, id: id))
            await expectError(AnonCredsRegistryError.self, matching: { if case .identifierMismatch(_, "tag", "default", "other") = $0 { true } else { false } }) {
                _ = try await registry.credentialDefinition(id: id)
            }
        }
    }

    @Test("missing is notFound; over the limit is tooLarge (by its size, before reading); not JSON is malformedObject")
    func refusals() async throws {
        try await Self.withDirectory { registry in
            let id = PublicEntityFixture.schemaID
            await expectError(AnonCredsRegistryError.self, matching: { $0 == .notFound(kind: .schema, id: id) }) {
                _ = try await registry.schema(id: id)
            }
            try registry.publish(try PublicEntityFixture.schema, id: id)
            let file = registry.fileURL(for: .schema, id: id)
            try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: file)
            await expectError(AnonCredsRegistryError.self, matching: { $0 == .tooLarge(id: id, limit: 1 << 20) }) {
                _ = try await registry.schema(id: id)
            }
            try Data("name: vellum-test".utf8).write(to: file)
            await expectError(AnonCredsRegistryError.self, matching: { if case .malformedObject = $0 { true } else { false } }) {
                _ = try await registry.schema(id: id)
            }
        }
    }
}
