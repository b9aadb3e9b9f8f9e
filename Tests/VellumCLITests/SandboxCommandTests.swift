import Foundation
import JSONModel
import Sandbox
import Testing

/// `vellum sandbox`, `sandbox offer` and `sandbox request` through the built binary (issue #24):
/// a sandbox that keeps its keys, says what it did with them, and can be asked for new offers
/// and requests from another terminal.
@Suite("vellum sandbox")
struct SandboxCommandTests {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-cli-sandbox-\(UUID().uuidString)")

    @Test("vellum sandbox prints the offer link, a terminal QR code, the presentation request and how to claim")
    func sandboxCommand() async throws {
        defer { try? FileManager.default.removeItem(at: state) }
        let result = try await WalletCLI.run(
            ["sandbox", "--port", "0", "--tx-code", "1234", "--dry-run", "--state", state.path], passphrase: nil)
        #expect(result.status == 0, "\(result.errorText)")
        let text = result.outputText
        #expect(text.contains("openid-credential-offer://?credential_offer_uri=http%3A%2F%2F127.0.0.1%3A"))
        #expect(text.contains("openid4vp://?client_id=x509_san_dns%3Alocalhost"))
        #expect(text.contains("█") && text.contains("▀"))
        #expect(text.contains("vellum receive '") && text.contains("--tx-code 1234"))
    }

    @Test("the state directory is made once, resumed at the next start, replaced only with --fresh (which says what that costs)")
    func stateDirectory() async throws {
        defer { try? FileManager.default.removeItem(at: state) }
        let arguments = ["sandbox", "--port", "0", "--dry-run", "--no-qr", "--state", state.path]
        let first = try await WalletCLI.run(arguments, passphrase: nil)
        #expect(first.status == 0, "\(first.errorText)")
        #expect(first.outputText.contains("new keys, kept in \(state.path)"))
        let root = try String(contentsOf: state.appendingPathComponent("state.json"), encoding: .utf8)

        let second = try await WalletCLI.run(arguments, passphrase: nil)
        #expect(second.status == 0, "\(second.errorText)")
        #expect(second.outputText.contains("earlier credentials still verify"))
        let fresh = try await WalletCLI.run(arguments + ["--fresh"], passphrase: nil)
        #expect(fresh.status == 0, "\(fresh.errorText)")
        #expect(fresh.outputText.contains("credentials claimed before will no longer verify"))
        #expect(try String(contentsOf: state.appendingPathComponent("state.json"), encoding: .utf8) != root)

        try Data("{".utf8).write(to: state.appendingPathComponent("state.json"))
        let broken = try await WalletCLI.run(arguments, passphrase: nil)
        #expect(broken.status == 8)
        #expect(broken.errorText.contains("vellum: error: the sandbox did not start: the sandbox state is unusable"))
        #expect(broken.errorText.contains("hint: --fresh replaces the state"))
    }

    @Test("sandbox offer and sandbox request ask a running sandbox for new links, as text or JSON")
    func offerAndRequest() async throws {
        let issuer = try SandboxIssuer()
        let base = try await issuer.start()
        defer { try? FileManager.default.removeItem(at: state) }
        do {
            let offer = try await WalletCLI.run(
                ["sandbox", "offer", "--url", base.absoluteString, "--credential", "pid", "--tx-code", "4321", "--no-qr"], passphrase: nil)
            #expect(offer.status == 0, "\(offer.errorText)")
            #expect(offer.outputText.contains("openid-credential-offer://?credential_offer_uri="))
            #expect(offer.outputText.contains("--tx-code 4321"))

            let request = try await WalletCLI.run(
                ["sandbox", "request", "--url", base.absoluteString, "--query", "age-over-18", "--response-mode", "direct_post", "--json"],
                passphrase: nil)
            #expect(request.status == 0, "\(request.errorText)")
            let answer = try JSONValue(parsing: Data(request.outputText.utf8))
            #expect(answer["link"]?.stringValue?.hasPrefix("openid4vp://") == true)
            let id = try #require(answer["transactionId"]?.stringValue)
            #expect(try await issuer.presentationOutcome(transactionID: id) == nil)

            let scanLink = try await WalletCLI.run(
                ["sandbox", "scan-link", "--url", base.absoluteString, "--kind", "query-by-example", "--json"], passphrase: nil)
            #expect(scanLink.status == 0, "\(scanLink.errorText)")
            let made = try JSONValue(parsing: Data(scanLink.outputText.utf8))
            #expect(made["url"]?.stringValue?.contains("/credible/requests/") == true)
            let plain = try await WalletCLI.run(["sandbox", "scan-link", "--url", base.absoluteString, "--kind", "vc-api"], passphrase: nil)
            #expect(plain.outputText.contains("vellum scan '\(base.absoluteString)/exchanges/"))
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()

        let nobody = try await WalletCLI.run(["sandbox", "offer", "--url", base.absoluteString], passphrase: nil)
        #expect(nobody.status == 8)
        #expect(nobody.errorText.contains("nothing answers at \(base.absoluteString)"))
        #expect(nobody.errorText.contains("hint: start one with `vellum sandbox`"))
        #expect(!nobody.errorText.contains("errno"))
        let usage = try await WalletCLI.run(["sandbox", "request", "--url", "ftp://x", "--state", state.path], passphrase: nil)
        #expect(usage.status == 64)
    }

    @Test("sandbox invitation asks a running sandbox's Aries agent for an invitation, as text, JSON or the link alone")
    func ariesInvitation() async throws {
        var configuration = SandboxConfiguration()
        configuration.ariesSafePrimeBits = 256
        let issuer = try SandboxIssuer(configuration: configuration)
        let base = try await issuer.start()
        do {
            let json = try await WalletCLI.run(["sandbox", "invitation", "--url", base.absoluteString, "--json"], passphrase: nil)
            #expect(json.status == 0, "\(json.errorText)")
            let answer = try JSONValue(parsing: Data(json.outputText.utf8))
            #expect(answer["link"]?.stringValue?.hasPrefix(base.absoluteString + "/aries?oob=") == true)
            #expect(answer["steps"] == ["issue-v2", "present-v2"])
            #expect(answer["invitation"]?["handshake_protocols"] == ["https://didcomm.org/didexchange/1.0"])
            let id = try #require(answer["id"]?.stringValue)
            #expect(try await issuer.ariesExchanges(invitationID: id).map(\.state) == [.waiting, .waiting])

            let link = try await WalletCLI.run(
                ["sandbox", "invitation", "--url", base.absoluteString, "--step", "present-v1", "--connectionless", "--link"], passphrase: nil)
            #expect(link.status == 0, "\(link.errorText)")
            #expect(link.outputText.hasPrefix(base.absoluteString + "/aries?oob=") && !link.outputText.contains("Accept it"))
            let text = try await WalletCLI.run(["sandbox", "invitation", "--url", base.absoluteString], passphrase: nil)
            #expect(text.outputText.contains("Accept it:  vellum aries connect '\(base.absoluteString)/aries?oob="))
            let usage = try await WalletCLI.run(["sandbox", "invitation", "--url", base.absoluteString, "--step", "issue-v3"], passphrase: nil)
            #expect(usage.status == 64)
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    @Test("--samples writes a PID, a presentation, an mDL, their holder keys and the root; verify and import take them as the README says")
    func samples() async throws {
        defer { try? FileManager.default.removeItem(at: state) }
        let samples = state.appendingPathComponent("samples")
        let written = try await WalletCLI.run(
            ["sandbox", "--port", "0", "--state", state.appendingPathComponent("state").path, "--samples", samples.path], passphrase: nil)
        #expect(written.status == 0, "\(written.errorText)")
        for file in SandboxSamples.files {
            #expect(FileManager.default.fileExists(atPath: samples.appendingPathComponent(file.name).path), "\(file.name)")
        }
        func path(_ name: String) -> String { samples.appendingPathComponent(name).path }
        for arguments in [
            ["verify", path("pid.sd-jwt"), "--trust", path("iaca.pem")],
            ["verify", path("vp.sd-jwt"), "--trust", path("iaca.pem"), "--nonce", "n-42", "--client-id", "x509_san_dns:verifier.example"],
            ["verify", path("mdl.cbor"), "--trust", path("iaca.pem")],
            ["verify", path("opendid-vc.json"), "--did-doc", path("opendid-issuer-did.json")],
        ] {
            let verified = try await WalletCLI.run(arguments, passphrase: nil)
            #expect(verified.status == 0, "\(arguments): \(verified.outputText) \(verified.errorText)")
            #expect(verified.outputText.contains("VALID"))
        }
        let wallet = state.appendingPathComponent("wallet")
        try await WalletCLI.makeWallet(at: wallet).close()
        let trusted = try await WalletCLI.run(["trust", "add", path("iaca.pem"), "--wallet", wallet.path])
        #expect(trusted.status == 0, "\(trusted.errorText)")
        let trustedDIDs = try await WalletCLI.run(
            ["trust", "add-did", path("opendid-issuer-did.json"), path("opendid-holder-did.json"), "--wallet", wallet.path])
        #expect(trustedDIDs.status == 0, "\(trustedDIDs.errorText)")
        for (credential, key) in [("pid.sd-jwt", "pid-holder.pem"), ("mdl.cbor", "mdl-holder.pem"), ("opendid-vc.json", "opendid-holder.pem")] {
            let imported = try await WalletCLI.run(["import", path(credential), "--holder-key", path(key), "--wallet", wallet.path])
            #expect(imported.status == 0, "\(credential): \(imported.errorText)")
        }
    }
}
