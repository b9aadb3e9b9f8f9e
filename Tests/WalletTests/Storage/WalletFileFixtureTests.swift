import Foundation
import GRDB
import Testing
@testable import Wallet

/// A wallet file written by an earlier version opens with today's code and reads back as
/// it did when written: every credential, list entry, holder key, trusted certificate and
/// activity entry (see ``WalletFileFixture``).
@Suite("A wallet written by an earlier version")
struct WalletFileFixtureTests {
    func open(_ directory: URL) async throws -> CredentialWallet {
        let clock = ManualClock(WalletFileFixture.writtenAt + 86_400)
        return try await CredentialWallet.open(
            at: directory, passphrase: WalletFileFixture.passphrase,
            configuration: CredentialWalletConfiguration(clock: clock.closure, checksStatus: false, locales: ["en"]))
    }

    @Test("wallet-v2 (schema v2-claims, facts as vellum.* strings) opens and reads back everything it held")
    func walletV2ReadsBack() async throws {
        let copy = try WalletFileFixture.copy("wallet-v2")
        defer { try? FileManager.default.removeItem(at: copy) }
        let expected = try WalletFileFixture.expected("wallet-v2")
        let wallet = try await open(copy)
        let snapshot = try await WalletFileSnapshot.read(wallet)
        #expect(snapshot.credentials == expected.credentials)
        #expect(snapshot.list == expected.list)
        #expect(snapshot.keys == expected.keys)
        #expect(snapshot.trustedCertificates == expected.trustedCertificates)
        #expect(snapshot.activity == expected.activity)
        // The fixture is what it claims to be: both formats, bound and view-only, facts kept.
        #expect(Set(expected.credentials.map(\.format)) == ["dc+sd-jwt", "mso_mdoc"])
        #expect(expected.credentials.count == 4 && expected.keys.count == 3)
        #expect(expected.credentials.contains { $0.holderKeyID == nil })
        #expect(expected.credentials.allSatisfy { $0.lastStatus != nil && $0.lastCheckedAt != nil && $0.issuedAt != nil })
        #expect(expected.credentials.contains { $0.issuerDisplay != nil && $0.issuerCommonName != nil })
        #expect(expected.credentials.contains { $0.extensions["app.note"] != nil })
        #expect(Set(expected.activity.map(\.kind)) == ["issuance", "presentation", "deletion"])
        try await wallet.close()
    }

    @Test("a credential of wallet-v2 still verifies and shows the issuer facts kept at issuance")
    func walletV2CredentialVerifies() async throws {
        let copy = try WalletFileFixture.copy("wallet-v2")
        defer { try? FileManager.default.removeItem(at: copy) }
        let expected = try WalletFileFixture.expected("wallet-v2")
        let wallet = try await open(copy)
        for record in expected.credentials {
            let shown = try await wallet.credential(id: record.id)
            #expect(shown.verificationResult.verified, "\(record.id): \(shown.verificationResult.failures)")
            #expect(shown.payload == record.payload)
            #expect(shown.issuerDisplay == record.issuerDisplay)
            #expect(shown.validity.issuedAt == record.issuedAt)
            #expect(shown.isViewOnly == (record.holderKeyID == nil))
        }
        try await wallet.close()
    }

    static let unchangedColumns = "SELECT id, format, payload, holder_key_id, created_at, updated_at, claim_id FROM credential ORDER BY id"

    @Test("v5-open-credential-formats keeps every row and index of wallet-v2 and lets a new format in; a control character stays out")
    func walletV2OpensFormats() async throws {
        let copy = try WalletFileFixture.copy("wallet-v2")
        defer { try? FileManager.default.removeItem(at: copy) }
        let path = copy.appendingPathComponent(WalletStore.databaseFileName).path
        let before = try DatabaseQueue(path: path)
        let (rowsBefore, indexesBefore) = try await before.read { db in
            (try Row.fetchAll(db, sql: Self.unchangedColumns).map(\.description),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'credential' ORDER BY name"))
        }
        try before.close()
        try await open(copy).close()
        let after = try DatabaseQueue(path: path)
        try await after.write { db in
            // v3-typed-metadata reseals the metadata and adds the listing; the rest is as written.
            #expect(try Row.fetchAll(db, sql: Self.unchangedColumns).map(\.description) == rowsBefore)
            let indexesAfter = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'credential' ORDER BY name")
            #expect(indexesAfter == (indexesBefore + ["credential_listing"]).sorted())
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            let row = try #require(try Row.fetchOne(db, sql: "SELECT payload, metadata FROM credential"))
            let insert = "INSERT INTO credential (id, format, payload, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)"
            try db.execute(sql: insert, arguments: ["ldp", "ldp_vc", row["payload"] as Data, row["metadata"] as Data])
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: insert, arguments: ["bad", "ldp_vc\n", row["payload"] as Data, row["metadata"] as Data])
            }
        }
        try after.close()
    }

    @Test("v3-typed-metadata gives every credential of wallet-v2 a sealed listing, keeps updated_at, and runs once")
    func walletV2Migrated() async throws {
        let copy = try WalletFileFixture.copy("wallet-v2")
        defer { try? FileManager.default.removeItem(at: copy) }
        let before = try DatabaseQueue(path: copy.appendingPathComponent(WalletStore.databaseFileName).path)
        let updatedBefore = try await before.read { db in
            try Row.fetchAll(db, sql: "SELECT id, updated_at FROM credential ORDER BY id").map { "\($0[0] as String) \($0[1] as Double)" }
        }
        try before.close()
        try await open(copy).close()
        let after = try DatabaseQueue(path: copy.appendingPathComponent(WalletStore.databaseFileName).path)
        try await after.read { db in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").contains("v3-typed-metadata"))
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM credential WHERE listing IS NULL") == 0)
            let updatedAfter = try Row.fetchAll(db, sql: "SELECT id, updated_at FROM credential ORDER BY id")
                .map { "\($0[0] as String) \($0[1] as Double)" }
            #expect(updatedAfter == updatedBefore)
        }
        try after.close()
        // Opened again: nothing left to migrate, everything reads back the same.
        let wallet = try await open(copy)
        let expected = try WalletFileFixture.expected("wallet-v2")
        #expect(try await WalletFileSnapshot.read(wallet) == expected)
        try await wallet.close()
    }

    @Test("a wallet-v2 credential whose metadata is damaged is left as it was by the migration and reported, the rest read")
    func walletV2DamagedRowReported() async throws {
        let copy = try WalletFileFixture.copy("wallet-v2")
        defer { try? FileManager.default.removeItem(at: copy) }
        let expected = try WalletFileFixture.expected("wallet-v2")
        let damaged = expected.credentials[1].id
        let raw = try DatabaseQueue(path: copy.appendingPathComponent(WalletStore.databaseFileName).path)
        try await raw.write { db in
            try db.execute(
                sql: "UPDATE credential SET metadata = (SELECT metadata FROM credential WHERE id = ?) WHERE id = ?",
                arguments: [expected.credentials[0].id, damaged])
        }
        try raw.close()
        let wallet = try await open(copy)
        await #expect(throws: WalletError.corruptedRecord(table: "credential", id: damaged)) {
            try await wallet.listCredentials()
        }
        for record in expected.credentials where record.id != damaged {
            #expect(try await wallet.store.credential(id: record.id).payload == record.payload)
        }
        try await wallet.close()
    }
}
