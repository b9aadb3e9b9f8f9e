import Foundation
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
}
