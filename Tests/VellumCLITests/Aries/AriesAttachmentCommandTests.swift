import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `vellum show` of an Aries credential that came with files: each listed with its type, size
/// and whether the issuer signed it; `--json` carries the bytes.
@Suite(
    "vellum show lists an Aries credential's attachments",
    .enabled(if: VellumBinary.url != nil && PythonPeer.isAvailable, "skipped: the vellum binary or the Python peers are missing"))
struct AriesAttachmentCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-aries-attachments")
    }

    @Test("connect --yes stores the credential; show lists the signed photo and the unsigned offer file; show --json carries their bytes")
    func showAttachments() async throws {
        let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let files = AriesAgentPeer.OfferFiles(
            values: ["Degree Name": photo.base64EncodedString()], mimeTypes: ["Degree Name": "image/png"],
            attachments: [(filename: "terms.txt", mimeType: "text/plain", data: Data("terms".utf8))])
        try await withWallet {
            try await AriesAgentPeer.with { agent in
                let offer = try await agent.invite(.issueV2, family: .anoncreds, files: files)
                let issued = try await vellum(["aries", "connect", offer.url, "--yes", "--json"])
                #expect(issued.status == 0, "\(issued.errorText)")
                let id = try #require(try WalletCLI.json(issued)["credentials"]?[0]?["storedCredentialID"]?.stringValue)

                let shown = try await vellum(["show", id])
                #expect(shown.status == 0, "\(shown.errorText)")
                #expect(shown.outputText.contains("Degree Name  image/png  11 bytes  (signed by the issuer)"), "\(shown.outputText)")
                #expect(shown.outputText.contains("terms.txt  text/plain  5 bytes  (sent with the offer, not signed)"))
                let json = try WalletCLI.json(try await vellum(["show", id, "--json"]))
                #expect(json["attachments"]?[0]?["base64"]?.stringValue == photo.base64EncodedString())
                #expect(json["attachments"]?[0]?["signed"] == true)
                #expect(json["attachments"]?[1]?["signed"] == false)
            }
        }
    }
}
