import Foundation
import GRDB
import JSONModel
import Testing
@testable import Wallet

/// The listing fast path (WalletStore+Summaries+FastPath.swift) against the plain path it
/// replaces: the same summaries in the same order, the same errors for the same damage.
@Suite("Credential summaries: fast path against the plain path")
struct CredentialSummariesFastPathTests {
    /// Metadata of every shape the stored form takes: empty, full, escaped and non-ASCII
    /// text, fractional and negative dates, nested display, extensions of each JSON kind.
    static func metadata(_ index: Int) -> CredentialMetadata {
        switch index % 5 {
        case 0:
            return CredentialMetadata()
        case 1:
            return CredentialMetadata(
                issuer: "https://issuer.example/\(index)", issuerDisplayName: "Ärztekammer \"Süd\"\n\u{1F600}",
                credentialType: "urn:eudi:pid:1",
                display: [["name": "PID", "locale": "de-DE", "logo": ["uri": "https://issuer.example/l.png"]]],
                validFrom: Date(timeIntervalSinceReferenceDate: 123.456789 * Double(index)),
                validUntil: Date(timeIntervalSince1970: 2_000_000_000),
                issuerCertificateFingerprint: String(repeating: "ab", count: 32),
                issuedAt: Date(timeIntervalSinceReferenceDate: 1.5), expectedUpdate: Date(timeIntervalSince1970: 0),
                issuerCommonName: "Test PID Issuer",
                issuerDisplay: ReceivedCredential.IssuerDisplay(credentialIssuer: "https://issuer.example", issuerDisplay: [["name": "I"]]),
                lastStatus: "revoked", lastVerified: false, lastCheckedAt: Date(timeIntervalSinceReferenceDate: 99.25),
                extensions: ["vellum.lastStatus": "valid", "n": 1.5, "flag": true, "none": nil,
                             "list": [1, "two", [3]], "index": .number(JSONNumber(index))])
        case 2:
            return CredentialMetadata(
                credentialType: "org.iso.18013.5.1.mDL", display: "just text",
                validUntil: Date(timeIntervalSinceReferenceDate: -1e9))
        case 3:
            return CredentialMetadata(issuer: "did:example:\(index)", display: [], extensions: ["empty": [:]])
        default:
            return CredentialMetadata(issuerDisplayName: "", display: ["a": ["b": ["c": [nil, false]]]])
        }
    }

    /// A wallet whose credentials differ in format, holder key, metadata and ids, several of
    /// them stored at the same instant (so `id` decides their order) and out of id order.
    static func variedWallet(_ wallet: TemporaryWallet) async throws -> WalletStore {
        let store = try await wallet.create()
        let area = SoftwareSecureArea(store: store)
        let key = try await area.createKey(curve: .p256)
        let formats = CredentialWallet.standardFormats
        var ids: [String] = []
        for index in 0..<60 {
            let id: String? = switch index % 4 {
            case 0: nil
            case 1: "z-\(60 - index)"
            case 2: "é-\(index)"
            default: "same-prefix-\(index)"
            }
            let stored = try await store.addCredential(StoredCredential.Draft(
                id: id, format: formats[index % formats.count], payload: Data("payload \(index)".utf8),
                metadata: metadata(index), holderKeyID: index % 3 == 0 ? key.id : nil))
            ids.append(stored.id)
        }
        // Ties and an order unlike the insertion order.
        let storedIDs = ids
        try await wallet.rawDatabase().write { db in
            for (index, id) in storedIDs.enumerated() {
                try db.execute(
                    sql: "UPDATE credential SET created_at = ?, updated_at = ? WHERE id = ?",
                    arguments: [Double((index * 7) % 10) + 0.25, Double(index) * 1.5, id])
            }
        }
        return store
    }

    @Test("the same summaries in the same order, for every format filter")
    func sameSummaries() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await Self.variedWallet(wallet)
        let all = try await store.credentialSummariesPlainPath(format: nil)
        #expect(all.count == 60)
        #expect(Set(all.map(\.format)).count == CredentialWallet.standardFormats.count)
        #expect(all.contains { $0.holderKeyID != nil } && all.contains { $0.holderKeyID == nil })
        #expect(try await store.credentialSummariesFastPath(format: nil) == all)
        #expect(try await store.credentialSummaries() == all)
        for format in CredentialWallet.standardFormats {
            let plain = try await store.credentialSummariesPlainPath(format: format)
            #expect(!plain.isEmpty)
            #expect(try await store.credentialSummariesFastPath(format: format) == plain, "\(format)")
        }
        // The order both keep: creation time, then id by its bytes.
        let keys = all.map { ($0.storedAt, Array($0.id.utf8)) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1.lexicographicallyPrecedes($1.1)) })
        #expect(try await store.credentialSummariesFastPath(format: nil).map(\.id) != all.sorted { $0.id < $1.id }.map(\.id))
        try await store.close()
    }

    @Test("an empty wallet lists nothing on both paths")
    func emptyWallet() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        #expect(try await store.credentialSummariesFastPath(format: nil).isEmpty)
        #expect(try await store.credentialSummariesPlainPath(format: nil).isEmpty)
        try await store.close()
    }

    @Test("a damaged listing is reported as its row's corrupted record; a damaged clear column as the plain path reports it", arguments: [
        // The listing of another row: the binding to the row id fails.
        "UPDATE credential SET listing = (SELECT listing FROM credential WHERE id = 'z-59') WHERE id = 'é-2'",
        // The sealed metadata in the listing column of the same row: the binding to the column fails.
        "UPDATE credential SET listing = metadata WHERE id = 'é-2'",
        // A flipped byte.
        """
        UPDATE credential SET listing = substr(listing, 1, 20)
            || (CASE WHEN substr(listing, 21, 1) = x'00' THEN x'01' ELSE x'00' END) || substr(listing, 22)
        WHERE id = 'é-2'
        """,
        // Not a blob, or too short to be a sealed value.
        "UPDATE credential SET listing = 'text' WHERE id = 'é-2'",
        "UPDATE credential SET listing = 42 WHERE id = 'é-2'",
        "UPDATE credential SET listing = x'01' WHERE id = 'é-2'",
        // Unreadable clear columns: the plain path reports them.
        "UPDATE credential SET created_at = 'yesterday' WHERE id = 'é-2'",
        "UPDATE credential SET updated_at = x'00' WHERE id = 'é-2'",
        // No listing (a row the migration could not read) and damaged metadata: the plain path.
        "UPDATE credential SET listing = NULL, metadata = payload WHERE id = 'é-2'",
    ])
    func damagedRowReported(damage: String) async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await Self.variedWallet(wallet)
        try await wallet.rawDatabase().write { db in try db.execute(sql: damage) }
        let fast = await Self.error { () async throws(WalletError) in try await store.credentialSummariesFastPath(format: nil) }
        #expect(fast == .corruptedRecord(table: "credential", id: "é-2"))
        try await store.close()
    }

    @Test("a list does not read the metadata: damage there is reported when the credential is read")
    func damagedMetadataNotListed() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await Self.variedWallet(wallet)
        let before = try await store.credentialSummaries()
        try await wallet.rawDatabase().write { db in
            try db.execute(sql: "UPDATE credential SET metadata = (SELECT metadata FROM credential WHERE id = 'z-59') WHERE id = 'é-2'")
        }
        #expect(try await store.credentialSummaries() == before)
        await #expect(throws: WalletError.corruptedRecord(table: "credential", id: "é-2")) {
            try await store.credential(id: "é-2")
        }
        try await store.close()
    }

    @Test("the listing queries read the covering index alone, in its order (no table pages, no sort)")
    func queryPlan() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await Self.variedWallet(wallet)
        let cases: [(String, StatementArguments)] = [
            (WalletStore.listingQuery, StatementArguments()), (WalletStore.listingQueryByFormat, ["mso_mdoc"]),
        ]
        let raw = try wallet.rawDatabase()
        for (sql, arguments) in cases {
            let details = try await raw.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { row -> String in row["detail"] }
            }
            let plan = details.joined(separator: "; ")
            #expect(plan.contains("USING COVERING INDEX credential_listing"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
        try await store.close()
    }

    @Test("the opener's associated data is RecordBinding's, for any id, and it opens what the plain path sealed, in place too")
    func associatedData() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let store = try await wallet.create()
        let cipher = await store.cipher
        for (table, column) in [("credential", "metadata"), ("credential", "payload"), ("", "")] {
            var opener = RecordColumnOpener(cipher: cipher, table: table, column: column)
            for id in ["", "a", "é", UUID().uuidString, String(repeating: "x", count: 300), "\u{1F600}\0"] {
                let binding = RecordBinding(table: table, column: column, id: id)
                #expect(Data(opener.associatedData(id: id)) == binding.associatedData)
                // And it opens what the plain path sealed, under that binding only.
                let sealed = try cipher.seal(Data("plain \(id)".utf8), binding: binding)
                #expect(try opener.open(sealed, id: id) == Data("plain \(id)".utf8))
                #expect(throws: WalletError.corruptedRecord(table: table, id: id + "!")) {
                    try opener.open(sealed, id: id + "!")
                }
                // Opened in place (one OpenSSL context for every record): the same plaintext,
                // and the same refusals, of another binding and of any flipped byte.
                #expect(try sealed.withUnsafeBytes { bytes in try opener.open(bytes, id: id) { Data($0) } }
                        == Data("plain \(id)".utf8))
                #expect(throws: WalletError.corruptedRecord(table: table, id: id + "!")) {
                    try sealed.withUnsafeBytes { bytes in try opener.open(bytes, id: id + "!") { Data($0) } }
                }
                for position in [0, 1, 13, sealed.count - 1] {
                    var flipped = sealed
                    flipped[flipped.startIndex + position] ^= 0x01
                    #expect(throws: WalletError.corruptedRecord(table: table, id: id)) {
                        try flipped.withUnsafeBytes { bytes in try opener.open(bytes, id: id) { Data($0) } }
                    }
                }
            }
        }
        try await store.close()
    }

    static func error(_ body: () async throws(WalletError) -> [CredentialSummary]) async -> WalletError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }
}
