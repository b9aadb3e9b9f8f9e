import Foundation
import JSONModel
import StatusList
import Testing
import VellumTestSupport
import Wallet

/// The offline wallet subcommands, driven through the built `vellum` binary.
@Suite("vellum wallet commands", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct WalletCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-wallet-cli")
    }

    @Test("init creates a wallet (passphrase from VELLUM_PASSPHRASE), refuses a second, and a wrong passphrase exits 4")
    func initAndPassphrase() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let created = try await WalletCLI.run(
            ["init", "--wallet", directory.path, "--scrypt-cost-log2", "10", "--json"], environment: true)
        #expect(created.status == 0, "\(created.errorText)")
        #expect(try WalletCLI.json(created)["created"] == .bool(true))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("wallet.sqlite").path))

        let again = try await WalletCLI.run(["init", "--wallet", directory.path, "--scrypt-cost-log2", "10"])
        #expect(again.status == 3 && again.errorText.contains("already exists"))

        let empty = try await WalletCLI.run(["--wallet", directory.path, "list"])
        #expect(empty.status == 0 && empty.outputText.contains("No credentials."), "\(empty.errorText)")

        let wrong = try await WalletCLI.run(["list", "--wallet", directory.path], passphrase: "not it")
        #expect(wrong.status == 4 && wrong.errorText.contains("wrong passphrase"))

        let missing = try await WalletCLI.run(["list", "--wallet", folder.appendingPathComponent("nowhere").path])
        #expect(missing.status == 3 && missing.errorText.contains("vellum init"))
    }

    @Test("trust add (PEM, --purpose), trust list --json, trust remove; a bad file exits 6, an unknown fingerprint 5")
    func trustCommands() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let issuer = try CLITestIssuer()
        try await WalletCLI.makeWallet(at: directory).close()
        let pem = try write("root.pem", Data(try issuer.rootPEM.utf8))
        let added = try await vellum(["trust", "add", pem, "--purpose", "issuer"])
        #expect(added.status == 0, "\(added.errorText)")
        #expect(added.outputText.contains("for issuer") && added.outputText.contains(issuer.rootFingerprint))

        let listed = try await WalletCLI.run(["--wallet", directory.path, "trust", "list", "--json"])
        #expect(listed.status == 0, "\(listed.errorText)")
        let entries = try #require(try WalletCLI.json(listed).arrayValue)
        #expect(entries.count == 1)
        #expect(entries.first?["fingerprint"] == .string(issuer.rootFingerprint))
        #expect(entries.first?["purposes"] == .array(["issuer"]))

        let bad = try write("bad.pem", Data("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8))
        let refused = try await vellum(["trust", "add", bad])
        #expect(refused.status == 6, "\(refused.errorText)")

        let removed = try await vellum(["trust", "remove", issuer.rootFingerprint])
        #expect(removed.status == 0, "\(removed.errorText)")
        let gone = try await vellum(["trust", "remove", issuer.rootFingerprint])
        #expect(gone.status == 5)
    }

    @Test("list --json, show --json, status (revoked → exit 1), trust removal → untrustedIssuer, delete and log")
    func credentialCommands() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let issuer = try CLITestIssuer()
        try await CLIStatusLists().run { lists in
            try await lists.publish([.valid, .valid], issuer: issuer)
            let wallet = try await WalletCLI.makeWallet(at: directory)
            try await wallet.addTrustedIssuerCertificates([Data(try issuer.rootPEM.utf8)])
            let sdKey = try await wallet.createHolderKey()
            let mdocKey = try await wallet.createHolderKey()
            let sd = try await wallet.addCredential(try ReceivedCredential(
                format: .sdJWTVC,
                credential: try await issuer.sdJWTVC(
                    holderKey: sdKey.publicKey, status: try StatusListReference(index: 1, uri: lists.base + "/jwt").statusClaimJSON),
                holderKeyID: sdKey.id,
                issuer: ReceivedCredential.IssuerDisplay(
                    credentialIssuer: CLITestIssuer.issuerURL, credentialDisplay: [["name": "Person ID", "locale": "en"]])))
            let mdoc = try await wallet.addCredential(ReceivedCredential(
                format: .mdoc,
                payload: try await issuer.mdoc(
                    deviceKey: mdocKey.publicKey, status: try StatusListReference(index: 1, uri: lists.base + "/cwt")),
                holderKeyID: mdocKey.id))
            try await wallet.close()

            let list = try await vellum(["list", "--json"])
            #expect(list.status == 0, "\(list.errorText)")
            let items = try #require(try WalletCLI.json(list).arrayValue)
            #expect(Set(items.compactMap { $0["id"]?.stringValue }) == [sd.id, mdoc.id])
            let sdItem = try #require(items.first { $0["id"] == .string(sd.id) })
            let mdocItem = try #require(items.first { $0["id"] == .string(mdoc.id) })
            #expect(sdItem["format"] == "dc+sd-jwt" && sdItem["vct"] == .string(CLITestIssuer.vct))
            #expect(mdocItem["format"] == "mso_mdoc" && mdocItem["docType"] == .string(CLITestIssuer.docType))
            #expect(sdItem["issuer"] == .string(CLITestIssuer.issuerURL) && sdItem["name"] == "Person ID")
            #expect(sdItem["status"] == "valid" && sdItem["validity"]?["validUntil"]?.stringValue != nil)

            let human = try await WalletCLI.run(["--wallet", directory.path, "list", "--search", "person"])
            #expect(human.status == 0 && human.outputText.contains(sd.id) && !human.outputText.contains(mdoc.id))

            let show = try await vellum(["show", mdoc.id, "--json"])
            #expect(show.status == 0, "\(show.errorText)")
            let shown = try WalletCLI.json(show)
            #expect(shown["claims"]?[CLITestIssuer.nameSpace]?["family_name"] == "Mustermann")
            #expect(shown["issuer"]?["commonName"] == "CLI Document Signer")
            #expect(shown["issuer"]?["trustedCertificate"] == .string(issuer.rootFingerprint))
            #expect(
                shown["verification"]?["verified"] == .bool(true) && shown["verification"]?["status"] == "valid",
                "\(show.outputText)")

            let showText = try await vellum(["show", sd.id])
            #expect(showText.status == 0 && showText.outputText.contains("Given name: Erika"))
            #expect(showText.outputText.hasSuffix("VALID\n"), "\(showText.outputText)")

            let valid = try await vellum(["status", sd.id])
            #expect(valid.status == 0 && valid.outputText.contains("VALID"), "\(valid.outputText)\(valid.errorText)")

            try await lists.publish([.valid, .invalid], issuer: issuer)
            for id in [sd.id, mdoc.id] {
                let revoked = try await vellum(["status", id, "--json"])
                #expect(revoked.status == 1)
                let result = try WalletCLI.json(revoked)
                #expect(result["verified"] == .bool(false) && result["status"] == "revoked")
                #expect(result["reasons"]?[0]?["type"] == "statusRevoked")
            }
            let relisted = try WalletCLI.json(try await vellum(["list", "--json"]))
            #expect(relisted.arrayValue?.map { $0["status"] } == ["revoked", "revoked"])

            try await lists.publish([.valid, .suspended], issuer: issuer)
            let suspended = try await vellum(["status", mdoc.id])
            #expect(suspended.status == 1 && suspended.outputText.contains("statusSuspended"))

            _ = try await vellum(["trust", "remove", issuer.rootFingerprint])
            let untrusted = try await vellum(["status", mdoc.id])
            #expect(untrusted.status == 1 && untrusted.outputText.contains("untrustedIssuer"), "\(untrusted.outputText)")

            let deleted = try await vellum(["delete", sd.id, "--yes"])
            #expect(deleted.status == 0, "\(deleted.errorText)")
            let unknown = try await vellum(["show", sd.id])
            #expect(unknown.status == 5)

            let log = try await vellum(["log", "--json"])
            #expect(log.status == 0)
            let events = try #require(try WalletCLI.json(log).arrayValue)
            #expect(events.map { $0["kind"] } == ["deletion", "issuance", "issuance"])
            #expect(events.first?["credentials"] == .array([.string(sd.id)]))
            let logText = try await vellum(["log"])
            #expect(logText.outputText.contains("deletion  \(sd.id)"))
        }
    }

    @Test("without --wallet the wallet lives in $XDG_DATA_HOME/vellum")
    func defaultDirectory() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try #require(VellumBinary.url)
        let data = folder.appendingPathComponent("data")
        let result = try await Task.detached {
            try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: [
                "XDG_DATA_HOME=\(data.path)", "VELLUM_PASSPHRASE=\(WalletCLI.passphrase)", binary.path,
                "init", "--scrypt-cost-log2", "10",
            ])
        }.value
        #expect(result.status == 0, "\(result.errorText)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("vellum/wallet.sqlite").path))
    }

    @Test("the help of each wallet subcommand documents the exit codes")
    func helpDocumentsExitCodes() async throws {
        for command in [["init"], ["list"], ["show"], ["status"], ["delete"], ["log"], ["trust", "add"]] {
            let help = try await WalletCLI.run(["help"] + command)
            let text = help.outputText.replacingOccurrences(of: "\n", with: " ")
            #expect(text.contains("Exit codes: 0 success"), "\(command)")
            #expect(help.outputText.contains("--wallet"), "\(command)")
        }
    }
}
