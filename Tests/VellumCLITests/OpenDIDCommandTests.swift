import CryptoKeys
import Foundation
import JSONModel
import OpenDID
import Sandbox
import Testing
import VellumTestSupport
import Wallet

/// Open DID through the built binary: `vellum trust add-did` / `list` / `remove DID`, `import`
/// of an Open DID VC JSON verified against the trusted DID documents, `show`, `status`,
/// `present --opendid` and `export`, with the documented exit codes.
@Suite("vellum Open DID commands", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct OpenDIDCommandTests: CLIScratchSuite {
    let folder: URL
    let issuer = SandboxOpenDIDParty()
    let holder = SandboxOpenDIDParty()

    init() throws {
        folder = try Self.makeFolder("vellum-opendid-cli")
    }

    @Test("trust add-did → import --holder-key → list → show → status → present --opendid → export byte-identical")
    func roundTrip() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await WalletCLI.makeWallet(at: directory).close()
        let issuerFile = try write("issuer-did.json", try await issuer.documentJSON())
        let holderFile = try write("holder-did.json", try await holder.documentJSON())
        let credential = try await issuer.credential(about: holder.did).toJsonData(isPretty: true)
        let credentialFile = try write("vc.json", credential)
        let keyFile = try write("holder.pem", Data(try holder.authenticationKey.pemRepresentation().utf8))

        // Not trusted yet: refused with a hint, nothing stored.
        let refused = try await vellum(["import", credentialFile])
        #expect(refused.status == 1 && refused.errorText.contains("untrustedIssuer") && refused.errorText.contains("trust add-did"), "\(refused.errorText)")

        let added = try await vellum(["trust", "add-did", issuerFile, holderFile, "--json"])
        #expect(added.status == 0, "\(added.errorText)")
        #expect(try WalletCLI.json(added).arrayValue?.compactMap { $0["did"]?.stringValue } == [issuer.did, holder.did])
        let listed = try WalletCLI.json(try await vellum(["trust", "list", "--json"])).arrayValue ?? []
        #expect(listed.filter { $0["kind"] == "did-document" }.count == 2)
        let listedText = try await vellum(["trust", "list"])
        #expect(listedText.outputText.contains("\(issuer.did)?versionId=1"))

        let imported = try await vellum(["import", credentialFile, "--holder-key", keyFile, "--json"])
        #expect(imported.status == 0, "\(imported.errorText)")
        let importJSON = try WalletCLI.json(imported)
        let id = try #require(importJSON["id"]?.stringValue)
        #expect(importJSON["format"] == "opendid" && importJSON["viewOnly"] == false && importJSON["status"] == "valid")

        let list = try WalletCLI.json(try await vellum(["list", "--json"])).arrayValue ?? []
        #expect(list.count == 1 && list.first?["issuer"]?.stringValue == issuer.did)
        let shown = try await vellum(["show", id])
        #expect(shown.status == 0 && shown.outputText.contains("VALID"), "\(shown.outputText)")
        #expect(shown.outputText.contains("Family name: Hong"), "\(shown.outputText)")
        #expect(shown.outputText.contains("trusted DID document: \(issuer.did)?versionId=1"), "\(shown.outputText)")
        let status = try await vellum(["status", id, "--json"])
        #expect(status.status == 0)
        #expect(try WalletCLI.json(status)["statusDetail"]?.stringValue?.contains("not supported") == true)

        let vpFile = folder.appendingPathComponent("vp.json").path
        let presented = try await vellum([
            "present", "--opendid", id, "--disclose", "org.opendid.v1.national_id.given_name", "--nonce", "zCLINonce", "--out", vpFile,
        ])
        #expect(presented.status == 0, "\(presented.errorText)")
        let verifier = PresentationVerifier(
            documents: [try await issuer.document(), try await holder.document()], policy: PresentationPolicy(verifierNonce: "zCLINonce"))
        let presentation = try verifier.verify(try Data(contentsOf: URL(fileURLWithPath: vpFile)))
        #expect(presentation.verifiableCredential.first?.credentialSubject.claims.map(\.code) == ["org.opendid.v1.national_id.given_name"])
        let unknownClaim = try await vellum(["present", "--opendid", id, "--disclose", "org.opendid.v1.height", "--nonce", "zN"])
        #expect(unknownClaim.status == 6, "\(unknownClaim.errorText)")
        let noNonce = try await vellum(["present", "--opendid", id, "--disclose", "org.opendid.v1.national_id.given_name"])
        #expect(noNonce.status == 64)
        #expect(try await vellum(["present", "--opendid", id, "--disclose", "a", "--nonce", "zN", "--select", "q=c"]).status == 64)
        #expect(try await vellum(["present", "--nonce", "zN"]).status == 64, "--nonce without --opendid")

        let exported = try await vellum(["export", id])
        #expect(exported.status == 0 && exported.standardOutput == credential)

        // Removing the issuer's document: the credential no longer verifies (exit 1); a second removal finds none (exit 5).
        #expect(try await vellum(["trust", "remove", issuer.did]).status == 0)
        let untrusted = try await vellum(["status", id])
        #expect(untrusted.status == 1 && untrusted.outputText.contains("untrustedIssuer"))
        #expect(try await vellum(["trust", "remove", issuer.did]).status == 5)
        let notPresentable = try await vellum(["present", "--opendid", id, "--disclose", "org.opendid.v1.national_id.given_name", "--nonce", "zN"])
        #expect(notPresentable.status == 8, "\(notPresentable.errorText)")
    }

    @Test("add-did refuses a document whose proof does not verify (exit 6) and a missing file; a tampered VC is refused (exit 1)")
    func refusals() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await WalletCLI.makeWallet(at: directory).close()
        var altered = try await issuer.document()
        altered.authentication = ["assert", "pin"]
        let alteredFile = try write("altered.json", try altered.toJsonData())
        let refused = try await vellum(["trust", "add-did", alteredFile])
        #expect(refused.status == 6 && refused.errorText.contains("does not verify"), "\(refused.errorText)")
        #expect(try await vellum(["trust", "add-did", folder.appendingPathComponent("missing.json").path]).status == 6)
        #expect(try WalletCLI.json(try await vellum(["trust", "list", "--json"])).arrayValue?.isEmpty == true)

        #expect(try await vellum(["trust", "add-did", try write("issuer.json", try await issuer.documentJSON())]).status == 0)
        let issued = String(decoding: try await issuer.credential(about: holder.did).toJsonData(), as: UTF8.self)
        let tampered = try write("tampered.json", Data(issued.replacingOccurrences(of: "Gildong", with: "Mallory").utf8))
        let result = try await vellum(["import", tampered])
        #expect(result.status == 1 && result.errorText.contains("invalidSignature"), "\(result.errorText)")
        #expect(try WalletCLI.json(try await vellum(["list", "--json"])).arrayValue?.isEmpty == true)
        #expect(try await vellum(["trust", "remove", "did:omn:nobody", "--version-id", "1"]).status == 5)
    }
}
