import CryptoKeys
import Foundation
import GRDB
import Testing
@testable import Wallet

/// Trust list, listing, search, deletion and the activity log.
@Suite("CredentialWallet: trust, list, search, delete, log")
struct CredentialWalletManagementTests {
    let issuer: HolderTestIssuer
    let fixture = HolderWalletFixture()

    init() throws { issuer = try HolderTestIssuer() }

    @Test("trusted certificates are added from PEM (several per file) or DER, with purposes, listed and removed")
    func trustList() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        let second = try HolderTestIssuer(rootName: "Second Root")
        var bundle = try issuer.rootPEM
        bundle.append(Data("\n".utf8))
        bundle.append(try second.rootPEM)
        let added = try await wallet.addTrustedIssuerCertificates([bundle], purposes: [.issuer])
        #expect(added.map(\.fingerprint) == [issuer.rootFingerprint, second.rootFingerprint])
        #expect(added.first?.subjectCommonName == "Test Root IACA")
        #expect(try await wallet.trustedCertificates(purpose: .verifier).isEmpty)

        // The same certificate again, as DER, for verifiers: one entry, purposes widened.
        let again = try await wallet.addTrustedIssuerCertificates([second.rootDER], purposes: [.verifier])
        #expect(again.first?.purposes == [.issuer, .verifier])
        #expect(try await wallet.trustedCertificates().count == 2)
        #expect(try await wallet.trustedCertificates(purpose: .verifier).map(\.fingerprint) == [second.rootFingerprint])
        #expect(try await wallet.trustAnchors(for: .issuer).count == 2)

        #expect(try await wallet.removeTrustedCertificate(fingerprint: second.rootFingerprint))
        let removedAgain = try await wallet.removeTrustedCertificate(fingerprint: second.rootFingerprint)
        #expect(!removedAgain)
        #expect(try await wallet.trustedCertificates().map(\.fingerprint) == [issuer.rootFingerprint])
    }

    @Test("a malformed certificate input adds nothing, not even the good ones beside it")
    func malformedTrustInput() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        let inputs: [Data] = [
            Data("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8),
            Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8),
            Data([0x30, 0x03, 0x02, 0x01, 0x01]),
            issuer.rootDER.dropLast(5),
            Data(repeating: 0x30, count: 2 * 1024 * 1024),
        ]
        for bad in inputs {
            do throws(WalletError) {
                try await wallet.addTrustedIssuerCertificates([issuer.rootDER, bad])
                Issue.record("a malformed certificate was accepted")
            } catch .invalidCertificate, .inputTooLarge {
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(try await wallet.trustedCertificates().isEmpty)
        await #expect(throws: WalletError.self) { try await wallet.removeTrustedCertificate(fingerprint: "abc") }
    }

    @Test("rows written before purposes existed read as trusted for both")
    func legacyTrustRows() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        let body = TrustedCertificateBody(
            der: issuer.rootDER, fingerprint: issuer.rootFingerprint, subjectCommonName: "Test Root IACA",
            subject: issuer.root.subject.description, notValidAfter: issuer.root.notValidAfter, purposes: nil)
        let encoded = try JSONEncoder().encode(body)
        #expect(!String(decoding: encoded, as: UTF8.self).contains("purposes"))
        let store = wallet.store
        let rowID = await store.blindIndex(issuer.rootFingerprint)
        let sealed = try await store.cipher.seal(encoded, binding: RecordBinding(table: "trusted_certificate", column: "body", id: rowID))
        try await store.write { db in
            try db.execute(sql: "INSERT INTO trusted_certificate (id, body, added_at) VALUES (?, ?, 0)", arguments: [rowID, sealed])
        }
        #expect(try await wallet.trustedCertificates(purpose: .issuer).first?.purposes == TrustPurpose.all)
    }

    @Test("list reads metadata only; search by format, type, issuer and display text; delete logs and frees the key")
    func listSearchDelete() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
        let sdKey = try await wallet.createHolderKey()
        let mdocKey = try await wallet.createHolderKey()
        let sd = try await wallet.addCredential(try ReceivedCredential(
            format: .sdJWTVC, credential: try await issuer.sdJWTVC(holderKey: sdKey.publicKey), holderKeyID: sdKey.id,
            issuer: HolderTestIssuer.display))
        fixture.clock.advance(by: 1)  // the list is ordered by time stored
        let mdoc = try await wallet.addCredential(try ReceivedCredential(
            format: .mdoc, credential: HolderTestIssuer.base64url(try await issuer.mdoc(deviceKey: mdocKey.publicKey)),
            holderKeyID: mdocKey.id))

        let all = try await wallet.listCredentials()
        #expect(all.map(\.id) == [sd.id, mdoc.id])
        let first = try #require(all.first)
        #expect(first.credentialType == HolderTestIssuer.vct && first.displayName == "Person ID")
        #expect(first.issuer == HolderTestIssuer.issuerURL && first.issuerName == "Test Issuer")
        #expect(first.lastStatus == "none" && first.lastVerified == true)
        #expect(first.validity.validUntil == HolderTestIssuer.now + 365 * HolderTestIssuer.day)
        #expect(first.state(at: HolderTestIssuer.now) == "none")
        #expect(all.last?.issuerName == "Test Document Signer")

        #expect(try await wallet.searchCredentials(CredentialQuery(format: .mdoc)).map(\.id) == [mdoc.id])
        #expect(try await wallet.searchCredentials(CredentialQuery(credentialType: HolderTestIssuer.docType)).map(\.id) == [mdoc.id])
        #expect(try await wallet.searchCredentials(CredentialQuery(issuer: HolderTestIssuer.issuerURL)).map(\.id) == [sd.id])
        #expect(try await wallet.searchCredentials(CredentialQuery(issuer: "document")).map(\.id) == [mdoc.id])
        #expect(try await wallet.searchCredentials(CredentialQuery(text: "person")).map(\.id) == [sd.id])
        #expect(try await wallet.searchCredentials(CredentialQuery(text: "nothing like it")).isEmpty)

        // A summary never needs the payload: list works with the payload column unreadable.
        let store = wallet.store
        try await store.write { db in try db.execute(sql: "UPDATE credential SET payload = x'00'") }
        #expect(try await wallet.listCredentials().count == 2)
        await #expect(throws: WalletError.corruptedRecord(table: "credential", id: sd.id)) {
            _ = try await wallet.credential(id: sd.id)
        }

        try await wallet.deleteCredential(id: sd.id)
        #expect(try await wallet.listCredentials().map(\.id) == [mdoc.id])
        #expect(try await store.keyIDs(secureArea: SoftwareSecureArea.areaName) == [mdocKey.id])
        let log = try await wallet.activityLog()
        #expect(log.map(\.kind) == [.deletion, .issuance, .issuance])
        #expect(log.first?.credentialIDs == [sd.id])
        await #expect(throws: WalletError.notFound(kind: "credential", id: sd.id)) {
            try await wallet.deleteCredential(id: sd.id)
        }
        await #expect(throws: WalletError.notFound(kind: "credential", id: "missing")) {
            _ = try await wallet.credential(id: "missing")
        }
    }

    @Test("presentations are logged with verifier and disclosed claims, newest first")
    func presentationLog() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        try await wallet.recordPresentation(
            credentialIDs: ["a"], verifier: "https://verifier.example", verifierName: "Verifier",
            disclosedClaims: ["org.iso.18013.5.1/age_over_18"])
        fixture.clock.advance(by: 1)
        try await wallet.recordPresentation(credentialIDs: ["b"], verifier: nil, disclosedClaims: [])
        let log = try await wallet.activityLog()
        #expect(log.map(\.credentialIDs) == [["b"], ["a"]])
        #expect(log.last?.counterpartyName == "Verifier" && log.last?.disclosedClaims == ["org.iso.18013.5.1/age_over_18"])
    }

    @Test("a wallet reopens with its passphrase; a wrong one is refused")
    func reopen() async throws {
        defer { fixture.cleanUp() }
        let wallet = try await fixture.create()
        try await wallet.addTrustedIssuerCertificates([issuer.rootDER])
        try await wallet.close()
        #expect(CredentialWallet.exists(at: fixture.directory))
        await #expect(throws: WalletError.wrongPassphrase) {
            _ = try await CredentialWallet.open(at: fixture.directory, passphrase: "wrong")
        }
        let reopened = try await CredentialWallet.open(at: fixture.directory, passphrase: "correct horse battery staple")
        #expect(try await reopened.trustedCertificates().count == 1)
        await #expect(throws: WalletError.walletAlreadyExists(path: fixture.directory.path)) {
            _ = try await fixture.create()
        }
    }
}
