import DID
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `vellum did list` and `vellum did add`: the wallet's own DIDs, through the built binary.
@Suite("vellum did list/add", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct DIDHolderCommandTests {
    @Test("a new wallet lists no DID; add makes Ed25519 by default or the key type asked for; list shows them in order")
    func addAndList() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-did-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await WalletCLI.makeWallet(at: directory).close()

        let empty = try await WalletCLI.run(["did", "list", "--wallet", directory.path])
        #expect(empty.status == 0 && empty.outputText.contains("No DIDs yet"), "\(empty.errorText)")
        #expect(try WalletCLI.json(try await WalletCLI.run(["did", "list", "--wallet", directory.path, "--json"])) == [])

        let added = try await WalletCLI.run(["did", "add", "--wallet", directory.path, "--json"])
        #expect(added.status == 0, "\(added.errorText)")
        let first = try WalletCLI.json(added)
        let did = try DIDIdentifier(try #require(first["did"]?.stringValue))
        #expect(did.method == "key" && first["keyType"] == "Ed25519")
        #expect(try DIDKey.publicKey(of: did).curve == .ed25519)
        #expect(first["verificationMethod"]?.stringValue == "\(did)#\(did.methodSpecificID)")

        let p256 = try await WalletCLI.run(["did", "add", "--wallet", directory.path, "--key-type", "p256"])
        #expect(p256.status == 0 && p256.outputText.hasPrefix("Made did:key:zDn"), "\(p256.outputText)")

        let listed = try WalletCLI.json(try await WalletCLI.run(["did", "list", "--wallet", directory.path, "--json"]))
        #expect(listed.arrayValue?.map { $0["keyType"]?.stringValue } == ["Ed25519", "P-256"])
        #expect(listed[0]?["did"] == first["did"])
        let text = try await WalletCLI.run(["did", "list", "--wallet", directory.path])
        #expect(text.outputText.contains("\(did)  Ed25519, made "))
    }

    @Test("without a wallet: exit 3 with the hint to create one; --help names the exit codes")
    func noWallet() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-did-missing-\(UUID().uuidString)")
        let missing = try await WalletCLI.run(["did", "list", "--wallet", directory.path])
        #expect(missing.status == 3 && missing.errorText.contains("vellum init"), "\(missing.errorText)")
        let help = try await VellumBinary.run(["did", "add", "--help"])
        #expect(help.status == 0 && help.standardOutput.contains("--key-type") && help.standardOutput.contains("Exit codes"))
    }
}
