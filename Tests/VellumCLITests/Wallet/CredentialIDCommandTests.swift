import CryptoKeys
import Foundation
import JOSE
import Sandbox
import Testing
import VellumTestSupport
import Wallet

/// Credential ids as a person types them (issue #24): a unique prefix in either case is
/// enough; an ambiguous one lists the matches and acts on none; `delete` asks first.
@Suite("vellum: credential ids and delete", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct CredentialIDCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-ids-\(UUID().uuidString)")
    var directory: URL { folder.appendingPathComponent("wallet") }

    /// A wallet with 17 imported PIDs: two of them must share the first character of their ids.
    func withWallet(_ body: ([String]) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let issuer = try SandboxIssuer()
        _ = try await issuer.start()
        let wallet = try await WalletCLI.makeWallet(at: directory)
        try await wallet.addTrustedIssuerCertificates([Data(issuer.rootCertificatePEM.utf8)], purposes: [.issuer])
        var ids: [String] = []
        for _ in 0..<17 {
            let key = PrivateKey(curve: .p256)
            let pid = try await issuer.issueSample(.pid, boundTo: JWK(publicKey: key.publicKey))
            ids.append(try await wallet.importCredential(Data(pid.utf8), holderKey: key).id)
        }
        try await wallet.close()
        await issuer.stop()
        try await body(ids)
    }

    @Test("a unique prefix in upper case shows the credential; an ambiguous prefix lists its matches (exit 5)")
    func prefixes() async throws {
        try await withWallet { ids in
            let target = ids[0]
            let unique = (4...target.count).map { String(target.prefix($0)) }.first { prefix in
                ids.filter { $0.hasPrefix(prefix) }.count == 1
            }!
            let shown = try await WalletCLI.run(["show", unique.uppercased(), "--json", "--wallet", directory.path])
            #expect(shown.status == 0, "\(shown.errorText)")
            #expect(try WalletCLI.json(shown)["id"]?.stringValue == target)

            let first = Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 }!
            let ambiguous = try await WalletCLI.run(["export", String(first.key), "--wallet", directory.path])
            #expect(ambiguous.status == 5)
            #expect(ambiguous.errorText.contains("credentials have ids starting with \(first.key)"))
            for id in first.value.prefix(10) { #expect(ambiguous.errorText.contains(id)) }
            #expect(ambiguous.errorText.contains("hint: type more of the id"))
        }
    }

    @Test("delete asks y/N: no (or no answer) keeps the credential, exit 9; y deletes it; --yes does not ask")
    func deleteAsks() async throws {
        try await withWallet { ids in
            let kept = try await WalletCLI.run(["delete", ids[0], "--wallet", directory.path], answers: ["n"])
            #expect(kept.status == 9)
            #expect(kept.errorText.contains("Delete \(ids[0])"))
            let silent = try await WalletCLI.run(["delete", ids[0], "--wallet", directory.path])
            #expect(silent.status == 9)
            #expect(try await WalletCLI.run(["show", ids[0], "--wallet", directory.path]).status == 0)
            let deleted = try await WalletCLI.run(["delete", ids[0], "--wallet", directory.path], answers: ["y"])
            #expect(deleted.status == 0, "\(deleted.errorText)")
            #expect(try await WalletCLI.run(["show", ids[0], "--wallet", directory.path]).status == 5)
            let forced = try await WalletCLI.run(["delete", ids[1], "--yes", "--wallet", directory.path])
            #expect(forced.status == 0)
            #expect(!forced.errorText.contains("[y/N]"))
        }
    }
}
