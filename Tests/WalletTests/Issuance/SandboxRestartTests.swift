import CryptoKeys
import Foundation
import JOSE
import Multiformats
import Sandbox
import Testing
@testable import Wallet

/// A sandbox with a state directory keeps what it issued verifiable across a restart (issue
/// #24): the same roots, the same status list (a revocation stays), and new credentials
/// never reuse an old status index.
@Suite("Sandbox: state kept across restarts")
struct SandboxRestartTests {
    @Test("credentials claimed before a restart still verify after it, and a revocation stays")
    func credentialsOutliveARestart() async throws {
        let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-sandbox-state-\(UUID().uuidString)")
        let walletDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-restart-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: stateDirectory)
            try? FileManager.default.removeItem(at: walletDirectory)
        }
        let stateFile = SandboxStateFile(directory: stateDirectory)
        let pidKey = PrivateKey(curve: .p256)
        let mdlKey = PrivateKey(curve: .p256)

        let first = try SandboxIssuer(configuration: SandboxConfiguration(), stateFile: stateFile)
        #expect(first.stateOrigin == .created)
        let base = try await first.start()
        let pid = try await first.issueCredential(.pid, boundTo: JWK(publicKey: pidKey.publicKey))
        let mdl = try Base64URL.decodeLenient(try await first.issueCredential(.mDL, boundTo: JWK(publicKey: mdlKey.publicKey)))
        let records = await first.issuedCredentials()
        try await first.revoke(credentialID: try #require(records.last).id)
        let rootBefore = await first.certificates.rootDER
        let verifierRootBefore = try await first.verifierRootPEM()
        await first.stop()

        let port = try #require(base.port)
        let second = try SandboxIssuer(configuration: SandboxConfiguration(port: port), stateFile: stateFile)
        guard case .resumed(_, let servedAt) = second.stateOrigin else {
            Issue.record("the state was not resumed: \(second.stateOrigin)")
            return
        }
        #expect(servedAt == base.absoluteString)
        #expect(try await second.start() == base)
        #expect(await second.certificates.rootDER == rootBefore)
        #expect(try await second.verifierRootPEM() == verifierRootBefore)
        #expect(await second.issuedCredentials() == records)
        #expect(try await second.status(ofCredential: records[1].id) == .invalid)

        let wallet = try await CredentialWallet.create(
            at: walletDirectory, passphrase: "correct horse battery staple",
            configuration: CredentialWalletConfiguration(
                keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), locales: ["en"]))
        try await wallet.addTrustedIssuerCertificates([await second.certificates.rootDER], purposes: [.issuer])
        let imported = try await wallet.importCredential(Data(pid.utf8), holderKey: pidKey)
        #expect(imported.verificationResult.verified)
        await #expect(throws: WalletError.self) {
            _ = try await wallet.importCredential(mdl, holderKey: mdlKey)
        }
        _ = try await second.issueCredential(.pid, boundTo: JWK(publicKey: pidKey.publicKey))
        #expect(await second.issuedCredentials().map(\.statusIndex) == [0, 1, 2])
        try await wallet.close()
        await second.stop()
    }
}
