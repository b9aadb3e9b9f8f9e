import CryptoKeys
import Foundation
import JSONModel
import Testing
import VellumTestSupport
import Wallet

/// `vellum import` and `vellum export` through the built binary: a credential file is verified
/// against the wallet's roots before it is stored, with its holder key or view-only, and is
/// written back byte-identical.
@Suite("vellum import and export", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct ImportExportCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-import-cli")
    }

    /// A wallet trusting `issuer`'s root for issuers.
    func makeWallet(trusting issuer: CLITestIssuer) async throws {
        let wallet = try await WalletCLI.makeWallet(at: directory)
        try await wallet.addTrustedIssuerCertificates([Data(try issuer.rootPEM.utf8)], purposes: [.issuer])
        try await wallet.close()
    }

    @Test("import with --holder-key (JWK, PEM) → list → show → status → export: byte-identical, exit codes as documented")
    func roundTrip() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let issuer = try CLITestIssuer()
        try await makeWallet(trusting: issuer)
        let pidKey = PrivateKey(curve: .p256)
        let mdlKey = PrivateKey(curve: .p256)
        let pidText = try await issuer.sdJWTVC(holderKey: pidKey.publicKey, status: nil)
        let mdlCBOR = try await issuer.mdoc(deviceKey: mdlKey.publicKey, status: nil)
        let pidFile = try write("pid.sd-jwt", Data(pidText.utf8))
        let mdlFile = try write("mdl.cbor", mdlCBOR)
        let jwkFile = try write("pid.jwk", try JWK(privateKey: pidKey).jsonData())
        let pemFile = try write("mdl.pem", Data(try mdlKey.pemRepresentation().utf8))

        let pid = try await vellum(["import", pidFile, "--holder-key", jwkFile, "--json"])
        #expect(pid.status == 0, "\(pid.errorText)")
        let pidJSON = try WalletCLI.json(pid)
        let pidID = try #require(pidJSON["id"]?.stringValue)
        #expect(pidJSON["viewOnly"] == false && pidJSON["status"] == "valid")
        let mdl = try await vellum(["import", mdlFile, "--holder-key", pemFile, "--json"])
        #expect(mdl.status == 0, "\(mdl.errorText)")
        let mdlID = try #require(try WalletCLI.json(mdl)["id"]?.stringValue)

        let listed = try WalletCLI.json(try await vellum(["list", "--json"])).arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(Set(listed ?? []) == [pidID, mdlID])
        let shown = try await vellum(["show", pidID])
        #expect(shown.status == 0 && shown.outputText.contains("VALID") && !shown.outputText.contains("view-only"))
        #expect(try await vellum(["status", mdlID]).status == 0)

        let pidOut = folder.appendingPathComponent("pid-out.sd-jwt").path
        let exported = try await vellum(["export", pidID, "--out", pidOut, "--json"])
        #expect(exported.status == 0, "\(exported.errorText)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: pidOut)) == Data(pidText.utf8))
        let mdlOut = try await vellum(["export", mdlID])
        #expect(mdlOut.standardOutput == mdlCBOR)
        #expect(try await vellum(["export", "no-such-id"]).status == 5)
        #expect(try await vellum(["export", pidID, "--out", pidOut]).status == 6, "an existing file is not overwritten")
    }

    @Test("without --holder-key: view-only, shown as such; a wrong key, an untrusted issuer or a non-credential is refused and nothing is stored")
    func viewOnlyAndRefusals() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let issuer = try CLITestIssuer()
        let stranger = try CLITestIssuer()
        try await makeWallet(trusting: issuer)
        let key = PrivateKey(curve: .p256)
        let pidFile = try write("pid.sd-jwt", Data(try await issuer.sdJWTVC(holderKey: key.publicKey, status: nil).utf8))

        let wrongKey = try write("other.jwk", try JWK(privateKey: PrivateKey(curve: .p256)).jsonData())
        let mismatch = try await vellum(["import", pidFile, "--holder-key", wrongKey])
        #expect(mismatch.status == 1, "\(mismatch.errorText)")
        #expect(mismatch.errorText.contains("holderKeyMismatch"))
        let untrusted = try await vellum([
            "import", try write("stranger.sd-jwt", Data(try await stranger.sdJWTVC(holderKey: key.publicKey, status: nil).utf8)),
        ])
        #expect(untrusted.status == 1)
        #expect(untrusted.errorText.contains("untrustedIssuer") && untrusted.errorText.contains("vellum trust add"))
        let notACredential = try await vellum(["import", try write("note.txt", Data("hello".utf8))])
        #expect(notACredential.status == 6, "\(notACredential.errorText)")
        #expect(try await vellum(["import", folder.appendingPathComponent("missing").path]).status == 6)
        #expect(try WalletCLI.json(try await vellum(["list", "--json"])).arrayValue?.isEmpty == true)

        let viewOnly = try await vellum(["import", pidFile, "--json"])
        #expect(viewOnly.status == 0, "\(viewOnly.errorText)")
        let id = try #require(try WalletCLI.json(viewOnly)["id"]?.stringValue)
        #expect(try WalletCLI.json(viewOnly)["viewOnly"] == true)
        #expect(try await vellum(["show", id]).outputText.contains("view-only"))
        #expect(try WalletCLI.json(try await vellum(["show", id, "--json"]))["viewOnly"] == true)
    }
}
