import CryptoKeys
import Foundation
import GRDB
import JSONModel
import Testing
@testable import Wallet

@Suite("Encryption at rest: nothing sensitive in the file, ciphertexts bound to their rows")
struct WalletEncryptionAtRestTests {
    static let claimValue = "Erika-Mustermann-1964-08-12"
    static let issuerName = "Bundesdruckerei-Test-Issuer"
    static let verifierName = "Pharmacy-Verifier-Example"

    @Test("no claim value, display text, verifier, private key or data key appears in the raw files")
    func noPlaintextOnDisk() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let area = SoftwareSecureArea(store: store)
        let key = try await area.createKey(curve: .p256)
        let payload = Data("eyJhbGciOiJFUzI1NiJ9.x.y~WyJzYWx0IiwiZ2l2ZW5fbmFtZSIsIkVyaWthIl0~\(Self.claimValue)".utf8)
        let stored = try await store.addCredential(StoredCredential.Draft(
            format: .sdJWTVC, payload: payload,
            metadata: CredentialMetadata(
                issuer: "https://issuer.example", issuerDisplayName: Self.issuerName,
                display: .object(["name": .string("PID of \(Self.claimValue)")])
            ),
            holderKeyID: key.id
        ))
        try await store.recordActivity(ActivityEvent(
            kind: .presentation, occurredAt: Date(), credentialIDs: [stored.id],
            counterparty: "x509_san_dns:pharmacy.example", counterpartyName: Self.verifierName,
            disclosedClaims: ["family_name=\(Self.claimValue)"]
        ))
        let privateKey = try await store.key(id: key.id).material
        let dataKey = await store.cipher.key
        try await store.close()

        let bytes = try wallet.allFileBytes()
        // The scan itself works: clear columns are found.
        #expect(bytes.contains(Data("dc+sd-jwt".utf8)))
        #expect(bytes.contains(Data(stored.id.utf8)))
        // Nothing sensitive is.
        for secret in [Self.claimValue, Self.issuerName, Self.verifierName, "pharmacy.example", "issuer.example"] {
            #expect(!bytes.contains(Data(secret.utf8)), "\(secret) found in the wallet file")
        }
        #expect(!bytes.contains(payload.prefix(20)))
        #expect(privateKey.count == 32)
        #expect(!bytes.contains(privateKey))
        #expect(!bytes.contains(dataKey))
    }

    @Test("a payload copied from one row into another fails authentication")
    func rowSwapRejected() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let first = try await store.addCredential(StoredCredential.Draft(id: "first", format: .sdJWTVC, payload: Data("one".utf8)))
        let second = try await store.addCredential(StoredCredential.Draft(id: "second", format: .sdJWTVC, payload: Data("two".utf8)))
        try await wallet.rawDatabase().write { db in
            try db.execute(sql: """
                UPDATE credential SET payload = (SELECT payload FROM credential WHERE id = 'first')
                WHERE id = 'second'
                """)
        }
        await #expect(throws: WalletError.corruptedRecord(table: "credential", id: second.id)) {
            _ = try await store.credential(id: second.id)
        }
        #expect(try await store.credential(id: first.id).payload == Data("one".utf8))
    }

    @Test("a metadata value moved into the payload column of the same row fails authentication")
    func columnSwapRejected() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        _ = try await store.addCredential(StoredCredential.Draft(id: "c", format: .mdoc, payload: Data([1, 2, 3])))
        try await wallet.rawDatabase().write { db in
            try db.execute(sql: "UPDATE credential SET payload = metadata WHERE id = 'c'")
        }
        await #expect(throws: WalletError.corruptedRecord(table: "credential", id: "c")) {
            _ = try await store.credential(id: "c")
        }
    }

    @Test("flipping the clear format column is detected")
    func formatFlipRejected() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        _ = try await store.addCredential(StoredCredential.Draft(id: "c", format: .mdoc, payload: Data([1, 2, 3])))
        try await wallet.rawDatabase().write { db in
            try db.execute(sql: "UPDATE credential SET format = 'dc+sd-jwt' WHERE id = 'c'")
        }
        await #expect(throws: WalletError.corruptedRecord(table: "credential", id: "c")) {
            _ = try await store.credential(id: "c")
        }
    }

    @Test("a key record moved to another key id, or relabelled to another secure area, fails authentication")
    func keySwapRejected() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let area = SoftwareSecureArea(store: store)
        let a = try await area.createKey(curve: .p256)
        let b = try await area.createKey(curve: .p256)
        try await wallet.rawDatabase().write { db in
            try db.execute(
                sql: "UPDATE holder_key SET body = (SELECT body FROM holder_key WHERE id = ?) WHERE id = ?",
                arguments: [a.id, b.id]
            )
            try db.execute(sql: "UPDATE holder_key SET secure_area = 'secure-enclave' WHERE id = ?", arguments: [a.id])
        }
        await #expect(throws: WalletError.corruptedRecord(table: "holder_key", id: b.id)) {
            _ = try await area.sign(Data("m".utf8), keyID: b.id, algorithm: .es256)
        }
        await #expect(throws: WalletError.corruptedRecord(table: "holder_key", id: a.id)) {
            _ = try await store.key(id: a.id)
        }
    }

    @Test("an activity entry re-dated or relabelled in the file fails authentication")
    func activityTamperRejected() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let event = ActivityEvent(id: "e", kind: .presentation, occurredAt: Date(timeIntervalSince1970: 1000), credentialIDs: ["c"])
        try await store.recordActivity(event)
        try await wallet.rawDatabase().write { db in
            try db.execute(sql: "UPDATE activity SET kind = 'issuance' WHERE id = 'e'")
        }
        await #expect(throws: WalletError.corruptedRecord(table: "activity", id: "e")) {
            _ = try await store.activity()
        }
    }

    @Test("a truncated or bit-flipped ciphertext fails authentication, never crashes")
    func damagedCiphertexts() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        _ = try await store.addCredential(StoredCredential.Draft(id: "c", format: .mdoc, payload: Data([1, 2, 3])))
        let raw = try wallet.rawDatabase()
        for damage in ["substr(payload, 1, 10)", "x''", "'text'", "42"] {
            try await raw.write { db in
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                try db.execute(sql: "UPDATE credential SET payload = \(damage) WHERE id = 'c'")
            }
            await #expect(throws: WalletError.corruptedRecord(table: "credential", id: "c")) {
                _ = try await store.credential(id: "c")
            }
        }
    }

    @Test("the sealing format round-trips and rejects a changed binding")
    func recordCipherBinding() throws {
        let cipher = RecordCipher(key: RecordCipher.randomBytes(count: 32))
        let binding = RecordBinding(table: "credential", column: "payload", id: "a")
        let sealed = try cipher.seal(Data("secret".utf8), binding: binding)
        #expect(sealed.count == RecordCipher.overhead + 6)
        #expect(try cipher.open(sealed, binding: binding) == Data("secret".utf8))
        // Length prefixes keep ("ab", "c") and ("a", "bc") apart.
        let shifted = RecordBinding(table: "credentia", column: "lpayload", id: "a")
        #expect(binding.associatedData != shifted.associatedData)
        #expect(throws: WalletError.corruptedRecord(table: "credential", id: "b")) {
            _ = try cipher.open(sealed, binding: RecordBinding(table: "credential", column: "payload", id: "b"))
        }
        var flipped = sealed
        flipped[flipped.count - 1] ^= 1
        #expect(throws: WalletError.self) { _ = try cipher.open(flipped, binding: binding) }
    }
}
