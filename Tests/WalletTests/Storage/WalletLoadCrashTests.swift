import CryptoKeys
import Foundation
import GRDB
import Sandbox
import Testing
import VellumTestSupport
@testable import Wallet
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue #29: "a test that runs concurrent `receive`/`import`/`delete` against one wallet from
/// several processes, SIGKILLs them at random moments (≥ 200 kills), and then proves every
/// committed credential intact, no orphan keys or trust entries, and `PRAGMA integrity_check`
/// ok."
///
/// Each round starts three `wallet-crash-probe … load` workers on the same wallet — one claiming
/// offers from the sandbox issuer, one importing issued credentials with their holder keys, one
/// deleting credentials with theirs — lets them run for a random while and kills all three.
/// Every tenth round, and at the end, the wallet is checked with plain SQLite and reopened.
@Suite("Wallet under load from several processes, killed at random",
       .enabled(if: CrashProbe.url != nil, "skipped: wallet-crash-probe not built"))
struct WalletLoadCrashTests {
    static let passphrase = "load test passphrase"
    static let rounds = 70
    static let roles = ["receive", "import", "delete"]

    @Test("three workers killed with SIGKILL 210 times: integrity ok, no claim left, no orphan key, every credential verifies")
    func killedUnderLoad() async throws {
        let wallet = TemporaryWallet()
        defer { wallet.cleanUp() }
        let issuer = try SandboxIssuer()
        _ = try await issuer.start()
        do {
            try await prepare(wallet, issuer: issuer)
            let inputs = try await writeInputs(wallet, issuer: issuer)
            var kills = 0, operations = 0
            var generator = SystemRandomNumberGenerator()
            for round in 1...Self.rounds {
                let probe = try #require(CrashProbe.url)
                let directory = wallet.directory
                let workers = try await WalletCrashSafetyTests.blocking {
                    try Self.roles.map { role in
                        let child = try ChildProcess.start(
                            probe, arguments: [directory.path, Self.passphrase, "load", role] + (inputs[role].map { [$0.path] } ?? []))
                        _ = child.waitForOutput(containing: "ready", timeout: 60)
                        return child
                    }
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 100...900, using: &generator)))
                for worker in workers { worker.send(SIGKILL) }
                for worker in workers {
                    let (result, endedBySignal) = try await WalletCrashSafetyTests.blocking { worker.wait() }
                    if endedBySignal && result.status == SIGKILL { kills += 1 } else {
                        Issue.record("round \(round): a worker ended on its own: \(worker.errorText)")
                    }
                    operations += worker.outputText.split(separator: "\n").count - 1
                }
                if round % 10 == 0 || round == Self.rounds { try await check(wallet, round: round) }
            }
            #expect(kills >= 200)
            #expect(operations > 0, "the workers never got an operation done before being killed")
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    /// The wallet, trusting the sandbox's issuer root (so imports verify).
    func prepare(_ wallet: TemporaryWallet, issuer: SandboxIssuer) async throws {
        let created = try await CredentialWallet.create(
            at: wallet.directory, passphrase: Self.passphrase,
            configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF))
        try await created.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
        try await created.close()
    }

    /// Offer links for the receiving worker and credentials with their keys for the importing one.
    func writeInputs(_ wallet: TemporaryWallet, issuer: SandboxIssuer) async throws -> [String: URL] {
        var offers: [String] = []
        for _ in 0..<300 { offers.append(try await issuer.createOffer().byValueLink) }
        var credentials: [String] = []
        for _ in 0..<100 {
            let key = PrivateKey(curve: .p256)
            let text = try await issuer.issueCredential(.pid, boundTo: JWK(publicKey: key.publicKey))
            credentials.append(text + "\t" + key.rawRepresentation.map { String(format: "%02x", $0) }.joined())
        }
        let offersFile = wallet.directory.appendingPathComponent("offers.txt")
        let credentialsFile = wallet.directory.appendingPathComponent("credentials.txt")
        try offers.joined(separator: "\n").write(to: offersFile, atomically: true, encoding: .utf8)
        try credentials.joined(separator: "\n").write(to: credentialsFile, atomically: true, encoding: .utf8)
        return ["receive": offersFile, "import": credentialsFile]
    }

    /// With plain SQLite, then through a reopened wallet: integrity, no pending claim or row
    /// tagged with one, no holder key without its credential, every credential readable and
    /// verified.
    func check(_ wallet: TemporaryWallet, round: Int) async throws {
        let database = try wallet.rawDatabase()
        let integrity = try await database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        try database.close()
        #expect(integrity == ["ok"], "round \(round)")

        let reopened = try await CredentialWallet.open(
            at: wallet.directory, passphrase: Self.passphrase,
            configuration: CredentialWalletConfiguration(httpClient: TemporaryWallet.loopbackHTTPClient()))
        let summaries = try await reopened.searchCredentials(CredentialQuery())
        for summary in summaries {
            let credential = try await reopened.credential(id: summary.id)
            #expect(credential.verificationResult.verified, "round \(round): \(summary.id) does not verify")
        }
        try await reopened.close()

        let raw = try wallet.rawDatabase()
        defer { try? raw.close() }
        let counts = try await raw.read { db in
            (
                claims: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM claim") ?? -1,
                tagged: try ["trusted_certificate", "holder_key", "credential"].map {
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0) WHERE claim_id IS NOT NULL") ?? -1
                },
                orphanKeys: try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM holder_key WHERE NOT EXISTS (SELECT 1 FROM credential WHERE holder_key_id = holder_key.id)
                      AND NOT EXISTS (SELECT 1 FROM holder_did WHERE key_id = holder_key.id)
                    """) ?? -1
            )
        }
        #expect(counts.claims == 0 && counts.tagged == [0, 0, 0], "round \(round): a dead claim's rows remain")
        #expect(counts.orphanKeys == 0, "round \(round): \(counts.orphanKeys) holder keys no credential uses")
    }
}
