import Foundation
import GRDB
import JSONModel
import Testing
@testable import Wallet

@Suite("Credentials: CRUD, search, limits, atomic writes, concurrency")
struct WalletCredentialTests {
    @Test("a credential is stored, read, updated and deleted; the deletion is logged")
    func crud() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let metadata = CredentialMetadata(
            issuer: "https://issuer.example", credentialType: "urn:eudi:pid:1",
            validUntil: Date(timeIntervalSince1970: 2_000_000_000), extensions: ["batch": .bool(true)]
        )
        let stored = try await store.addCredential(StoredCredential.Draft(format: .sdJWTVC, payload: Data("sd-jwt".utf8), metadata: metadata))
        #expect(try await store.credential(id: stored.id) == stored)
        #expect(try await store.credentialCount() == 1)

        var changed = metadata
        changed.issuerDisplayName = "Issuer"
        try await store.updateMetadata(changed, forCredential: stored.id)
        #expect(try await store.credential(id: stored.id).metadata == changed)

        try await store.deleteCredential(id: stored.id)
        await #expect(throws: WalletError.notFound(kind: "credential", id: stored.id)) {
            _ = try await store.credential(id: stored.id)
        }
        await #expect(throws: WalletError.notFound(kind: "credential", id: stored.id)) {
            try await store.deleteCredential(id: stored.id)
        }
        await #expect(throws: WalletError.notFound(kind: "credential", id: "nope")) {
            try await store.updateMetadata(changed, forCredential: "nope")
        }
        let log = try await store.activity()
        #expect(log.map(\.kind) == [.deletion])
        #expect(log.first?.credentialIDs == [stored.id])
    }

    @Test("credentials are searched by format")
    func searchByFormat() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        _ = try await store.addCredentials([
            StoredCredential.Draft(id: "a", format: .sdJWTVC, payload: Data([1])),
            StoredCredential.Draft(id: "b", format: .mdoc, payload: Data([2])),
            StoredCredential.Draft(id: "c", format: .sdJWTVC, payload: Data([3])),
            StoredCredential.Draft(id: "d", format: .openDID, payload: Data([4])),
        ])
        #expect(try await store.credentials(format: .sdJWTVC).map(\.id).sorted() == ["a", "c"])
        #expect(try await store.credentials(format: .mdoc).map(\.id) == ["b"])
        #expect(try await store.credentials(format: .jwtVCJSON).isEmpty)
        #expect(try await store.credentials().count == 4)
    }

    @Test("a duplicate id, an unknown holder key and oversized inputs are refused")
    func refusals() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        _ = try await store.addCredential(StoredCredential.Draft(id: "x", format: .mdoc, payload: Data([1])))
        await #expect(throws: WalletError.duplicate(kind: "credential", id: "x")) {
            _ = try await store.addCredential(StoredCredential.Draft(id: "x", format: .mdoc, payload: Data([1])))
        }
        await #expect(throws: WalletError.notFound(kind: "key", id: "k")) {
            _ = try await store.addCredential(StoredCredential.Draft(format: .mdoc, payload: Data([1]), holderKeyID: "k"))
        }
        let limits = WalletLimits.default
        await #expect(throws: WalletError.inputTooLarge(field: "payload", limit: limits.maximumPayloadBytes)) {
            _ = try await store.addCredential(StoredCredential.Draft(format: .mdoc, payload: Data(count: limits.maximumPayloadBytes + 1)))
        }
        let bigMetadata = CredentialMetadata(display: .string(String(repeating: "a", count: limits.maximumMetadataBytes)))
        await #expect(throws: WalletError.inputTooLarge(field: "metadata", limit: limits.maximumMetadataBytes)) {
            _ = try await store.addCredential(StoredCredential.Draft(format: .mdoc, payload: Data([1]), metadata: bigMetadata))
        }
        await #expect(throws: WalletError.inputTooLarge(field: "credential id", limit: limits.maximumIDBytes)) {
            _ = try await store.addCredential(StoredCredential.Draft(id: String(repeating: "i", count: 129), format: .mdoc, payload: Data()))
        }
        await #expect(throws: WalletError.invalidInput("credential id is empty")) {
            _ = try await store.credential(id: "")
        }
        let batch = (0...limits.maximumBatchCount).map { StoredCredential.Draft(format: .mdoc, payload: Data([UInt8($0 % 256)])) }
        await #expect(throws: WalletError.inputTooLarge(field: "credentials", limit: limits.maximumBatchCount)) {
            _ = try await store.addCredentials(batch)
        }
        #expect(try await store.credentialCount() == 1)
    }

    @Test("a batch that fails midway (third row a duplicate) stores none of it")
    func batchIsAtomic() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        _ = try await store.addCredential(StoredCredential.Draft(id: "existing", format: .mdoc, payload: Data([0])))
        await #expect(throws: WalletError.duplicate(kind: "credential", id: "existing")) {
            _ = try await store.addCredentials([
                StoredCredential.Draft(id: "new-1", format: .sdJWTVC, payload: Data([1])),
                StoredCredential.Draft(id: "new-2", format: .sdJWTVC, payload: Data([2])),
                StoredCredential.Draft(id: "existing", format: .sdJWTVC, payload: Data([3])),
            ])
        }
        #expect(try await store.credentials().map(\.id) == ["existing"])
    }

    @Test("a write transaction that throws after changing rows leaves the previous state on disk")
    func failedTransactionRollsBack() async throws {
        struct Midway: Error {}
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let kept = try await store.addCredential(StoredCredential.Draft(id: "kept", format: .mdoc, payload: Data([7])))
        await #expect(throws: WalletError.self) {
            try await store.write { db in
                try db.execute(sql: "DELETE FROM credential")
                try db.execute(sql: "DELETE FROM wallet_meta")
                throw Midway()
            }
        }
        try await store.close()
        let reopened = try await wallet.open()
        #expect(try await reopened.credential(id: "kept") == kept)
    }

    @Test("parallel writers on one store all succeed and every record reads back")
    func parallelWrites() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<40 {
                group.addTask {
                    if index % 4 == 0 {
                        try await store.recordActivity(ActivityEvent(kind: .issuance, occurredAt: Date(), credentialIDs: ["\(index)"]))
                    }
                    return try await store.addCredential(StoredCredential.Draft(
                        format: index.isMultiple(of: 2) ? .mdoc : .sdJWTVC, payload: Data("payload-\(index)".utf8)
                    )).id
                }
            }
            var collected: [String] = []
            for try await id in group { collected.append(id) }
            return collected
        }
        #expect(Set(ids).count == 40)
        let all = try await store.credentials()
        #expect(all.count == 40)
        #expect(Set(all.map { String(decoding: $0.payload, as: UTF8.self) }) == Set((0..<40).map { "payload-\($0)" }))
        #expect(try await store.credentials(format: .mdoc).count == 20)
        #expect(try await store.activity().count == 10)
    }

    @Test("the activity log lists newest first, ties in insertion order, and keeps what was disclosed")
    func activityOrdering() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let t = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.recordActivity(ActivityEvent(id: "2", kind: .presentation, occurredAt: t.addingTimeInterval(60), credentialIDs: ["c1"],
                                                     counterparty: "x509_san_dns:verifier.example", counterpartyName: "Verifier",
                                                     disclosedClaims: ["age_over_18"]))
        try await store.recordActivity(ActivityEvent(id: "1", kind: .issuance, occurredAt: t, credentialIDs: ["c1", "c2"],
                                                     counterparty: "https://issuer.example"))
        try await store.recordActivity(ActivityEvent(id: "3a", kind: .deletion, occurredAt: t.addingTimeInterval(120), credentialIDs: ["c2"]))
        try await store.recordActivity(ActivityEvent(id: "3b", kind: .deletion, occurredAt: t.addingTimeInterval(120), credentialIDs: ["c1"]))

        let log = try await store.activity()
        #expect(log.map(\.id) == ["3b", "3a", "2", "1"])
        #expect(log[2].disclosedClaims == ["age_over_18"])
        #expect(log[2].counterpartyName == "Verifier")
        #expect(log[3].credentialIDs == ["c1", "c2"])
        #expect(try await store.activity(limit: 2).map(\.id) == ["3b", "3a"])
        #expect(try await store.activity(limit: 0).isEmpty)
        await #expect(throws: WalletError.duplicate(kind: "activity", id: "1")) {
            try await store.recordActivity(ActivityEvent(id: "1", kind: .issuance, occurredAt: t, credentialIDs: []))
        }
    }
}
