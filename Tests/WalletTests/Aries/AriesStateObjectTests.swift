import Aries
import Foundation
import GRDB
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// The seed's state objects serialize to a versioned JSON string and read back at every state,
/// a string written by the first release (version 1, committed under `Fixtures/aries-v1`)
/// still reads, and anything else is a typed error.
@Suite("Aries state objects")
struct AriesStateObjectTests {
    static let fixtures = PackageRoot.url.appendingPathComponent("Tests/WalletTests/Fixtures/aries-v1", isDirectory: true)

    /// Checks that `object` reads back from its string as itself.
    static func expectRoundTrip<Exchange>(_ object: AriesStateObject<Exchange>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = object.serialize()
        let read = try AriesStateObject<Exchange>(serialized: text)
        #expect(read.serialize() == text, sourceLocation: sourceLocation)
        #expect(read.state == object.state && read.threadID == object.threadID && read.id == object.id, sourceLocation: sourceLocation)
    }

    @Test("a credential and a proof round-trip at 3, 2, 4, and a rejected offer at 9", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
    func everyState() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let offer = try await AriesWalletSupport.offer(try await agent.invite(.issueV2, family: .anoncreds), into: wallet)
            try Self.expectRoundTrip(offer)
            let sent = try await wallet.sendAriesCredentialRequest(id: offer.id, returnRoute: false)
            #expect(sent.state == 2)
            try Self.expectRoundTrip(sent)
            let done = try await wallet.updateAriesCredentialState(id: offer.id, polling: AriesWalletSupport.polling)
            #expect(done.state == 4)
            try Self.expectRoundTrip(done)

            let request = try #require(try await wallet.acceptAriesInvitation(
                try await agent.invite(.presentV1).url, polling: AriesWalletSupport.polling).received.proofs.first)
            try Self.expectRoundTrip(request)
            let presented = try await wallet.sendDisclosedProof(id: request.id, returnRoute: false)
            #expect(presented.state == 2)
            try Self.expectRoundTrip(presented)
            try Self.expectRoundTrip(try await wallet.updateDisclosedProofState(id: request.id, polling: AriesWalletSupport.polling))

            let other = try await AriesWalletSupport.offer(try await agent.invite(.issueV1), into: wallet)
            let rejected = try await wallet.rejectAriesCredential(id: other.id, comment: "no")
            #expect(rejected.state == 9)
            try Self.expectRoundTrip(rejected)
        }
    }

    @Test("the version 1 strings the first release wrote read back: a credential with its request sent (2), a proof request received (3)")
    func versionOneFixture() throws {
        let credentialText = try String(contentsOf: Self.fixtures.appendingPathComponent("credential-request-sent.json"), encoding: .utf8)
        let credential = try AriesCredential(serialized: credentialText)
        #expect(credential.state == 2 && credential.sourceID == "fixture-credential")
        #expect(credential.previewAttributes["name"] == "Alice Example")
        #expect(credential.ledger != nil)
        #expect(credential.serialize() == credentialText.trimmingCharacters(in: .whitespacesAndNewlines))

        let proofText = try String(contentsOf: Self.fixtures.appendingPathComponent("proof-request-received.json"), encoding: .utf8)
        let proof = try DisclosedProof(serialized: proofText)
        #expect(proof.state == 3 && proof.sourceID == "fixture-proof")
        #expect(proof.comment == "Proof of age")
    }

    @Test("an offer's own attachments (~attach) are kept and shown as received")
    func attachmentsKept() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("credential-request-sent.json"), encoding: .utf8)
        #expect(try AriesCredential(serialized: text).attachments.isEmpty)
        let photo = #"{"@id":"photo","mime-type":"image/png","filename":"photo.png","data":{"base64":"iVBORw0KGgo="}}"#
        let withPhoto = text.replacingOccurrences(of: #""comment":"Vellum interop degree","#, with: #""comment":"Vellum interop degree","~attach":["# + photo + "],")
        let credential = try AriesCredential(serialized: withPhoto)
        #expect(credential.attachments.map(\.filename) == ["photo.png"])
        #expect(try credential.attachments.first?.data.content() == Data(base64Encoded: "iVBORw0KGgo="))
    }

    @Test("another version, another kind, or no JSON is refused with a typed error")
    func refused() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("credential-request-sent.json"), encoding: .utf8)
        func isMalformed(_ error: WalletError) -> Bool {
            if case .ariesFailed(.refused(.malformedState)) = error { true } else { false }
        }
        expectError(WalletError.self, matching: isMalformed) { _ = try AriesCredential(serialized: text.replacingOccurrences(of: "\"version\":1,\"kind\"", with: "\"version\":2,\"kind\"")) }
        expectError(WalletError.self, matching: isMalformed) { _ = try DisclosedProof(serialized: text) }
        expectError(WalletError.self, matching: isMalformed) { _ = try AriesCredential(serialized: "[1,") }
        expectError(WalletError.self, matching: isMalformed) { _ = try AriesCredential(serialized: String(repeating: "[", count: 5000)) }
    }

    /// Writes the version 1 fixtures with today's code. Skipped unless
    /// `VELLUM_WRITE_ARIES_FIXTURE` is set; it writes into the source tree.
    @Test("writes Fixtures/aries-v1", .enabled(if: ProcessInfo.processInfo.environment["VELLUM_WRITE_ARIES_FIXTURE"] != nil, "set VELLUM_WRITE_ARIES_FIXTURE=1 to rewrite the committed fixture"))
    func writeFixture() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
            let offer = try await AriesWalletSupport.offer(try await agent.invite(.issueV2, family: .anoncreds), into: wallet)
            let sent = try await wallet.sendAriesCredentialRequest(id: offer.id, returnRoute: false)
            let credential = try AriesCredential(serialized: sent.serialize().replacingOccurrences(of: "\"source_id\":\"\(sent.sourceID)\"", with: "\"source_id\":\"fixture-credential\""))
            try (credential.serialize() + "\n").write(to: Self.fixtures.appendingPathComponent("credential-request-sent.json"), atomically: true, encoding: .utf8)
            let request = try #require(try await wallet.acceptAriesInvitation(
                try await agent.invite(.presentV2, family: .anoncreds).url, polling: AriesWalletSupport.polling).received.proofs.first)
            let proof = try DisclosedProof(serialized: request.serialize().replacingOccurrences(of: "\"source_id\":\"\(request.sourceID)\"", with: "\"source_id\":\"fixture-proof\""))
            try (proof.serialize() + "\n").write(to: Self.fixtures.appendingPathComponent("proof-request-received.json"), atomically: true, encoding: .utf8)
        }
    }
}

/// The committed wallet of an earlier schema migrates to the v7 table (issue #28) and keeps a
/// state object in it, sealed and read back.
@Suite("A wallet written by an earlier version gains the Aries records")
struct AriesMigrationTests {
    @Test("wallet-v2 opens with v7-aries-records, keeps the v1 fixture's credential state object and lists it")
    func walletV2Migrates() async throws {
        let copy = try WalletFileFixture.copy("wallet-v2")
        defer { try? FileManager.default.removeItem(at: copy) }
        let wallet = try await WalletFileFixtureTests().open(copy)
        let text = try String(contentsOf: AriesStateObjectTests.fixtures.appendingPathComponent("credential-request-sent.json"), encoding: .utf8)
        let object = try AriesCredential(serialized: text)
        try await wallet.save(object)
        #expect(try await wallet.ariesCredentials().map(\.id) == [object.id])
        #expect(try await wallet.ariesCredential(id: object.id).serialize() == object.serialize())
        try await wallet.close()
        let database = try DatabaseQueue(path: copy.appendingPathComponent(WalletStore.databaseFileName).path)
        let migrations = try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(migrations.last == "v7-aries-records")
        try database.close()
    }
}
