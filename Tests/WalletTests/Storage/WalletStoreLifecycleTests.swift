import Foundation
import GRDB
import Testing
@testable import Wallet

@Suite("WalletStore lifecycle: create, migrate, reopen, passphrases")
struct WalletStoreLifecycleTests {
    @Test("creating a wallet in an empty directory runs the migrations and makes a WAL database")
    func createFromEmpty() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let (synchronous, foreignKeys) = try await store.database.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA synchronous"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        #expect(synchronous == 2)  // FULL
        #expect(foreignKeys == 1)
        try await store.close()
        let raw = try wallet.rawDatabase()
        let (migrations, journal, tables) = try await raw.read { db in
            (
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            )
        }
        #expect(migrations == ["v1", "v2-claims", "v3-trusted-did-documents", "v3-typed-metadata", "v4-holder-dids", "v4-trusted-exchange-hosts", "v5-open-credential-formats", "v5-link-secrets", "v6-anoncreds-public-entities", "v6-answered-proof-requests", "v7-aries-records"])
        #expect(journal == "wal")
        for table in [
            "activity", "claim", "credential", "holder_key", "trusted_certificate", "trusted_did_document", "wallet_meta",
            "anoncreds_public_entity", "answered_proof_request", "aries_record",
        ] {
            #expect(tables.contains(table))
        }
    }

    @Test("a wallet reopens with its passphrase and keeps its credentials")
    func reopen() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let stored = try await store.addCredential(StoredCredential.Draft(format: .sdJWTVC, payload: Data("eyJ...~".utf8)))
        try await store.close()

        let reopened = try await wallet.open()
        let read = try await reopened.credential(id: stored.id)
        #expect(read.payload == Data("eyJ...~".utf8))
        #expect(read.format == .sdJWTVC)
    }

    @Test("opening a directory with no wallet says so; creating over a wallet is refused")
    func missingAndExisting() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        await #expect(throws: WalletError.walletNotFound(path: wallet.directory.path)) {
            _ = try await wallet.open()
        }
        _ = try await wallet.create()
        await #expect(throws: WalletError.walletAlreadyExists(path: wallet.directory.path)) {
            _ = try await wallet.create(passphrase: "another")
        }
    }

    @Test("a wrong passphrase is a typed error and changes nothing")
    func wrongPassphrase() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let stored = try await store.addCredential(StoredCredential.Draft(format: .mdoc, payload: Data([0xA1, 0x01])))
        try await store.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: wallet.databasePath))

        await #expect(throws: WalletError.wrongPassphrase) { _ = try await wallet.open(passphrase: "Correct horse battery staple") }
        await #expect(throws: WalletError.invalidPassphrase(reason: "empty")) { _ = try await wallet.open(passphrase: "") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: wallet.databasePath)) == before)

        let reopened = try await wallet.open()
        #expect(try await reopened.credential(id: stored.id).payload == Data([0xA1, 0x01]))
    }

    @Test("changing the passphrase re-wraps the data key: the old one stops working, records stay readable")
    func changePassphrase() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create(passphrase: "old passphrase")
        let stored = try await store.addCredential(StoredCredential.Draft(format: .jwtVCJSON, payload: Data("a.b.c".utf8)))
        let payloadBefore = try await wallet.rawDatabase().read { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM credential")
        }

        await #expect(throws: WalletError.wrongPassphrase) {
            try await store.changePassphrase(from: "not it", to: "new passphrase")
        }
        try await store.changePassphrase(from: "old passphrase", to: "new passphrase")
        try await store.close()

        // Only the wrapped key changed: the sealed record is byte-for-byte the same.
        let payloadAfter = try await wallet.rawDatabase().read { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM credential")
        }
        #expect(payloadAfter == payloadBefore)
        await #expect(throws: WalletError.wrongPassphrase) { _ = try await wallet.open(passphrase: "old passphrase") }
        let reopened = try await wallet.open(passphrase: "new passphrase")
        #expect(try await reopened.credential(id: stored.id).payload == Data("a.b.c".utf8))
    }

    @Test("a passphrase change can raise the KDF cost, and the new parameters are stored")
    func raiseKDFCost() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create(passphrase: "p")
        let stronger = PassphraseKeyDerivation.scrypt(costLog2: 11, blockSize: 8, parallelism: 1)
        try await store.changePassphrase(from: "p", to: "q", keyDerivation: stronger)
        #expect(try await store.keyDerivation() == stronger)
        await #expect(throws: WalletError.self) {
            try await store.changePassphrase(from: "q", to: "r", keyDerivation: .scrypt(costLog2: 4, blockSize: 8, parallelism: 1))
        }
        _ = try await WalletStore.open(at: wallet.directory, passphrase: "q")
    }

    @Test("KDF parameters below the floor are refused at creation")
    func weakKDFRefused() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        await #expect(throws: WalletError.self) {
            _ = try await WalletStore.create(
                at: wallet.directory, passphrase: "p", keyDerivation: .pbkdf2SHA256(iterations: 100_000)
            )
        }
        await #expect(throws: WalletError.self) {
            _ = try await WalletStore.create(
                at: wallet.directory, passphrase: "p", keyDerivation: .scrypt(costLog2: 9, blockSize: 8, parallelism: 1)
            )
        }
    }

    @Test("PBKDF2-HMAC-SHA256 with 600 000 iterations works as the alternative KDF")
    func pbkdf2() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await WalletStore.create(at: wallet.directory, passphrase: "p", keyDerivation: .recommendedPBKDF2)
        try await store.close()
        let reopened = try await WalletStore.open(at: wallet.directory, passphrase: "p")
        #expect(try await reopened.keyDerivation() == .pbkdf2SHA256(iterations: 600_000))
        await #expect(throws: WalletError.wrongPassphrase) { _ = try await WalletStore.open(at: wallet.directory, passphrase: "P") }
    }

    @Test("the recommended scrypt parameters (N = 2^17, r = 8) create and open a wallet")
    func recommendedKDF() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let clock = ContinuousClock()
        let start = clock.now
        let store = try await WalletStore.create(at: wallet.directory, passphrase: "p")
        try await store.close()
        let reopened = try await WalletStore.open(at: wallet.directory, passphrase: "p")
        print("scrypt N=2^17 r=8 p=1, create + open: \(clock.now - start)")
        #expect(try await reopened.keyDerivation() == .recommended)
    }

    @Test("KDF parameters edited in the file to an absurd cost are refused before running")
    func tamperedKDFParameters() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        try await wallet.create().close()
        let raw = try wallet.rawDatabase()
        try await raw.write { db in
            let blob = try Data.fetchOne(db, sql: "SELECT wrapped_key FROM wallet_meta") ?? Data()
            var wrapped = try JSONDecoder().decode(WrappedDataKey.self, from: blob)
            wrapped.derivation = .scrypt(costLog2: 30, blockSize: 8, parallelism: 1)
            try db.execute(sql: "UPDATE wallet_meta SET wrapped_key = ?", arguments: [try JSONEncoder().encode(wrapped)])
        }
        try raw.close()
        await #expect {
            _ = try await wallet.open()
        } throws: { error in
            if case WalletError.unsupportedKeyDerivation = error { return true }
            return false
        }
    }

    @Test("a file written by a newer version (unknown migration) is refused, not modified")
    func newerSchema() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        try await wallet.create().close()
        let raw = try wallet.rawDatabase()
        try await raw.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        try raw.close()
        await #expect(throws: WalletError.newerSchema) { _ = try await wallet.open() }
    }

    @Test("a file that is not a wallet database is a storage error")
    func notADatabase() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        try FileManager.default.createDirectory(at: wallet.directory, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: wallet.databasePath))
        await #expect {
            _ = try await wallet.open()
        } throws: { error in
            if case WalletError.storage = error { return true }
            return false
        }
    }
}

@Suite("WalletStore: passphrase text and several connections")
struct WalletStoreSharingTests {
    @Test("a passphrase typed with a combining accent opens a wallet made with the precomposed one (NFC)")
    func passphraseNormalization() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        try await wallet.create(passphrase: "caf\u{E9} cr\u{E8}me").close()
        _ = try await wallet.open(passphrase: "cafe\u{301} cre\u{300}me")
        await #expect(throws: WalletError.wrongPassphrase) { _ = try await wallet.open(passphrase: "cafe creme") }
    }

    @Test("two stores on the same file (as an app and the CLI would be) write concurrently without losing rows")
    func twoConnections() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let first = try await wallet.create()
        let second = try await wallet.open()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    _ = try await store.addCredential(StoredCredential.Draft(format: .mdoc, payload: Data([UInt8(index)])))
                }
            }
            try await group.waitForAll()
        }
        #expect(try await first.credentialCount() == 30)
        #expect(try await second.credentials().count == 30)
    }
}

@Suite("WalletStore: interrupted creation")
struct WalletStoreInterruptedCreationTests {
    @Test("a file whose creation stopped before the key row was written is completed by create, refused by open")
    func resumeCreation() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        try await wallet.create().close()
        let raw = try wallet.rawDatabase()
        try await raw.write { db in try db.execute(sql: "DELETE FROM wallet_meta") }
        try raw.close()
        await #expect(throws: WalletError.walletNotFound(path: wallet.directory.path)) { _ = try await wallet.open() }
        let store = try await wallet.create(passphrase: "second try")
        _ = try await store.addCredential(StoredCredential.Draft(format: .mdoc, payload: Data([1])))
        try await store.close()
        #expect(try await wallet.open(passphrase: "second try").credentialCount() == 1)
    }
}
