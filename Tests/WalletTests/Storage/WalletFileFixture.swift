import CryptoKeys
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// A wallet file written by an earlier version of the code, committed under
/// `Tests/WalletTests/Fixtures/`, so that every schema migration is tested against a file
/// that really was written before it, not one the test makes with today's code.
///
/// Each fixture is a directory with the wallet file (`wallet.sqlite`, opened with
/// ``passphrase``; the cheapest scrypt the store accepts) and `expected.json`, what the
/// wallet read back right after writing it (a ``WalletFileSnapshot``). A test copies the
/// directory (opening migrates the file, and the committed one must stay as it was), opens
/// the copy with today's code and compares what it reads with `expected.json`.
///
/// `wallet-v2` was written by the code of commit e313c5b (schema `v1`, `v2-claims`; the
/// wallet's own facts kept as `vellum.*` extension strings) with
/// `VELLUM_WRITE_WALLET_FIXTURE=1 swift test --filter WalletFileFixtureWriter`, which
/// writes into the source tree and is skipped otherwise. Run today, the writer writes a file
/// of today's schema: that is how the fixture for the next migration is made (under a new
/// name; a committed fixture is never rewritten).
enum WalletFileFixture {
    static let passphrase = "fixture passphrase 2026"

    /// The committed fixture directory named `name`.
    static func directory(_ name: String) -> URL {
        PackageRoot.url.appendingPathComponent("Tests/WalletTests/Fixtures/\(name)", isDirectory: true)
    }

    /// A scratch copy of the fixture `name`, for a test to open (and so migrate).
    static func copy(_ name: String) throws -> URL {
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("vellum-fixture-\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: directory(name).appendingPathComponent(WalletStore.databaseFileName),
            to: copy.appendingPathComponent(WalletStore.databaseFileName))
        return copy
    }

    static func expected(_ name: String) throws -> WalletFileSnapshot {
        let data = try Data(contentsOf: directory(name).appendingPathComponent("expected.json"))
        return try JSONDecoder().decode(WalletFileSnapshot.self, from: data)
    }

    /// The wallet's clock when the fixture was written: the test issuer's "now", so its
    /// credentials and root are valid (they are not at the real time some months later).
    static let writtenAt = HolderTestIssuer.now
}

/// Everything a wallet file holds, as the wallet's API reads it back: the credentials (list
/// entries, stored records with the wallet's own facts as typed values), holder keys,
/// trusted certificates and the activity log. Two snapshots are equal when a reader of the
/// wallet could not tell the files apart.
struct WalletFileSnapshot: Codable, Equatable {
    struct Credential: Codable, Equatable {
        var id: String
        var format: String
        var payload: Data
        var holderKeyID: String?
        var createdAt: Date
        var updatedAt: Date
        var issuer: String?
        var issuerDisplayName: String?
        var credentialType: String?
        var display: JSONValue?
        var validFrom: Date?
        var validUntil: Date?
        var issuerCertificateFingerprint: String?
        var issuedAt: Date?
        var expectedUpdate: Date?
        var issuerCommonName: String?
        var issuerDisplay: ReceivedCredential.IssuerDisplay?
        var lastStatus: String?
        var lastVerified: Bool?
        var lastCheckedAt: Date?
        /// The app's own extensions (the wallet's facts are the typed members above).
        var extensions: [String: JSONValue]
    }

    /// A ``CredentialSummary`` as `list` shows it.
    struct ListEntry: Codable, Equatable {
        var id: String
        var format: String
        var credentialType: String?
        var issuer: String?
        var issuerName: String?
        var displayName: String?
        var validity: CredentialValidity
        var lastStatus: String?
        var lastVerified: Bool?
        var lastCheckedAt: Date?
        var holderKeyID: String?
        var storedAt: Date
    }

    struct Key: Codable, Equatable {
        var id: String
        var secureArea: String
        var curve: KeyCurve
        var publicKeyDER: Data
        var material: Data
        var createdAt: Date
    }

    struct Certificate: Codable, Equatable {
        var fingerprint: String
        var derBytes: Data
        var subject: String
        var purposes: [String]
        var addedAt: Date
    }

    struct Activity: Codable, Equatable {
        var id: String
        var kind: String
        var occurredAt: Date
        var credentialIDs: [String]
        var counterparty: String?
        var counterpartyName: String?
        var disclosedClaims: [String]
        var outcome: String?
    }

    var credentials: [Credential]
    var list: [ListEntry]
    var keys: [Key]
    var trustedCertificates: [Certificate]
    var activity: [Activity]

    /// Reads `wallet` as the code of this version does.
    static func read(_ wallet: CredentialWallet) async throws -> WalletFileSnapshot {
        let store = wallet.store
        var credentials: [Credential] = []
        for stored in try await store.credentials() {
            credentials.append(Credential(stored))
        }
        let list = try await wallet.listCredentials().map { summary in
            ListEntry(
                id: summary.id, format: summary.format.rawValue, credentialType: summary.credentialType,
                issuer: summary.issuer, issuerName: summary.issuerName, displayName: summary.displayName,
                validity: summary.validity, lastStatus: summary.lastStatus, lastVerified: summary.lastVerified,
                lastCheckedAt: summary.lastCheckedAt, holderKeyID: summary.holderKeyID, storedAt: summary.storedAt)
        }
        var keys: [Key] = []
        for id in try await store.keyIDs(secureArea: SoftwareSecureArea.areaName).sorted() {
            let key = try await store.key(id: id)
            keys.append(Key(
                id: key.id, secureArea: key.secureArea, curve: key.curve, publicKeyDER: key.publicKeyDER,
                material: key.material, createdAt: key.createdAt))
        }
        let certificates = try await store.trustedCertificates().map { certificate in
            Certificate(
                fingerprint: certificate.fingerprint, derBytes: certificate.derBytes, subject: certificate.subject,
                purposes: certificate.purposes.map(\.rawValue).sorted(), addedAt: certificate.addedAt)
        }.sorted { $0.fingerprint < $1.fingerprint }
        let activity = try await store.activity(limit: 1000).map { event in
            Activity(
                id: event.id, kind: event.kind.rawValue, occurredAt: event.occurredAt, credentialIDs: event.credentialIDs,
                counterparty: event.counterparty, counterpartyName: event.counterpartyName,
                disclosedClaims: event.disclosedClaims, outcome: event.outcome)
        }
        return WalletFileSnapshot(
            credentials: credentials, list: list, keys: keys, trustedCertificates: certificates, activity: activity)
    }
}

extension WalletFileSnapshot.Credential {
    /// The stored record, the wallet's own facts read from its typed members.
    init(_ stored: StoredCredential) {
        let metadata = stored.metadata
        self.init(
            id: stored.id, format: stored.format.rawValue, payload: stored.payload, holderKeyID: stored.holderKeyID,
            createdAt: stored.createdAt, updatedAt: stored.updatedAt, issuer: metadata.issuer,
            issuerDisplayName: metadata.issuerDisplayName, credentialType: metadata.credentialType,
            display: metadata.display, validFrom: metadata.validFrom, validUntil: metadata.validUntil,
            issuerCertificateFingerprint: metadata.issuerCertificateFingerprint, issuedAt: metadata.issuedAt,
            expectedUpdate: metadata.expectedUpdate, issuerCommonName: metadata.issuerCommonName,
            issuerDisplay: metadata.issuerDisplay, lastStatus: metadata.lastStatus, lastVerified: metadata.lastVerified,
            lastCheckedAt: metadata.lastCheckedAt, extensions: metadata.extensions)
    }
}

/// Writes a fixture wallet with today's code. Skipped unless `VELLUM_WRITE_WALLET_FIXTURE`
/// is set: it writes into the source tree, `Fixtures/<the variable's value>` (`1` wrote
/// `wallet-v2`), replacing what is there.
@Suite("Wallet file fixture writer")
struct WalletFileFixtureWriter {
    static let enabled = ProcessInfo.processInfo.environment["VELLUM_WRITE_WALLET_FIXTURE"] != nil

    @Test("writes Fixtures/wallet-v2: SD-JWT VCs and an mdoc with holder keys, a view-only import, a trusted root, activity",
          .enabled(if: enabled, "set VELLUM_WRITE_WALLET_FIXTURE=1 to rewrite the committed fixture"))
    func write() async throws {
        // VELLUM_WRITE_WALLET_FIXTURE=1 rewrote wallet-v2; any other value names the new fixture.
        let name = ProcessInfo.processInfo.environment["VELLUM_WRITE_WALLET_FIXTURE"].flatMap { $0 == "1" ? nil : $0 }
        let target = WalletFileFixture.directory(name ?? "wallet-v2")
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let clock = ManualClock(WalletFileFixture.writtenAt)
        let configuration = CredentialWalletConfiguration(
            keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), clock: clock.closure,
            checksStatus: false, locales: ["en"])
        let wallet = try await CredentialWallet.create(
            at: target, passphrase: WalletFileFixture.passphrase, configuration: configuration)
        let issuer = try HolderTestIssuer()
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER], purposes: [.issuer])

        // Two SD-JWT VCs issued as one batch, each with its own key.
        clock.advance(by: 60)
        let first = try await wallet.createHolderKey()
        let second = try await wallet.createHolderKey()
        let batch = try await wallet.addCredentials([
            try ReceivedCredential(
                format: .sdJWTVC, credential: issuer.sdJWTVC(holderKey: first.publicKey), holderKeyID: first.id,
                issuer: HolderTestIssuer.display),
            try ReceivedCredential(
                format: .sdJWTVC, credential: issuer.sdJWTVC(holderKey: second.publicKey, issuedAt: HolderTestIssuer.now - 3600),
                holderKeyID: second.id, issuer: HolderTestIssuer.display),
        ])
        // An mdoc on a P-384 key, with no display information.
        clock.advance(by: 60)
        let deviceKey = try await wallet.createHolderKey(curve: .p384)
        let mdoc = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc, credential: HolderTestIssuer.base64url(issuer.mdoc(deviceKey: deviceKey.publicKey)),
            holderKeyID: deviceKey.id))
        // A view-only import (bound to a key the wallet does not hold).
        clock.advance(by: 60)
        let foreign = PrivateKey(curve: .p256)
        let imported = try await wallet.importCredential(Data(try await issuer.sdJWTVC(holderKey: foreign.publicKey).utf8))
        // One read later (the verification is remembered), an app extension, a presentation
        // and a deletion in the log.
        clock.advance(by: 3600)
        _ = try await wallet.credential(id: mdoc.id)
        var withNote = try await wallet.store.credential(id: batch[1].id).metadata
        withNote.extensions["app.note"] = .string("kept for the migration test")
        withNote.extensions["app.pinned"] = .bool(true)
        try await wallet.store.updateMetadata(withNote, forCredential: batch[1].id)
        clock.advance(by: 60)
        try await wallet.recordPresentation(
            credentialIDs: [batch[0].id], verifier: "https://verifier.example.org", verifierName: "Example Verifier",
            disclosedClaims: ["$.given_name"], outcome: "accepted")
        clock.advance(by: 60)
        let doomedKey = try await wallet.createHolderKey()
        let doomed = try await wallet.addCredential(try ReceivedCredential(
            format: .sdJWTVC, credential: issuer.sdJWTVC(holderKey: doomedKey.publicKey), holderKeyID: doomedKey.id))
        clock.advance(by: 60)
        try await wallet.deleteCredential(id: doomed.id)
        _ = imported

        let snapshot = try await WalletFileSnapshot.read(wallet)
        try await wallet.close()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(snapshot).write(to: target.appendingPathComponent("expected.json"))
        // Only the database file is the fixture: closing checkpointed the WAL into it; the
        // claims/ lock folder holds nothing once every claim has ended.
        try? FileManager.default.removeItem(at: target.appendingPathComponent("claims"))
        let left = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(left == ["expected.json", WalletStore.databaseFileName])
    }
}
