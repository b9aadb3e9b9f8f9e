import AnonCreds
import AnonCredsLedger
import Foundation
import GRDB
import Testing
@testable import Wallet

/// The committed wallet of an earlier schema migrates to the v6 tables (issue #28) and uses
/// them: a public object cached and read back, a proof-request nonce remembered.
@Suite("A wallet written by an earlier version gains the AnonCreds caches")
struct AnonCredsMigrationTests {
    @Test("wallet-v2 opens with v6-anoncreds-public-entities and v6-answered-proof-requests, and both work")
    func walletV2Migrates() async throws {
        let copy = try WalletFileFixture.copy("wallet-v2")
        defer { try? FileManager.default.removeItem(at: copy) }
        let wallet = try await WalletFileFixtureTests().open(copy)
        let registry = wallet.anonCredsRegistry()
        let id = AnonCredsWalletTests.schema.issuerID + "/schema/degree"
        try await wallet.store.addAnonCredsPublicEntity(.schema, id: id, json: AnonCredsWalletTests.schema.jsonData())
        let schema = try await registry.schema(id: id)
        #expect(schema == AnonCredsWalletTests.schema)
        let request = try PresentationRequest(jsonString: #"{"nonce":"12345","name":"p","version":"1.0","requested_attributes":{},"requested_predicates":{}}"#)
        try await wallet.recordAnswered(request)
        #expect(try await wallet.hasAnswered(request))
        try await wallet.close()
        let database = try DatabaseQueue(path: copy.appendingPathComponent(WalletStore.databaseFileName).path)
        let migrations = try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(migrations.contains("v6-anoncreds-public-entities") && migrations.contains("v6-answered-proof-requests"))
        try database.close()
    }
}
