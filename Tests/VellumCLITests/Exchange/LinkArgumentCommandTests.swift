import Foundation
import Sandbox
import Testing
import VellumTestSupport
import Wallet

/// `receive` and `present` take the link as a person has it (issue #24): bare, still in the
/// quotes or angle brackets it was copied with, or as a picture of its QR code; and a link
/// that is wrong on its face is refused before the passphrase is asked for, with a hint.
@Suite("vellum receive/present: links as given", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct LinkArgumentCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-links")
    }

    @Test("an offer in <…> and quotes, and a PNG of a request's QR code, are taken as their links")
    func wrappedAndPictured() async throws {
        try await withSandbox { issuer in
            let offer = try await issuer.createOffer()
            let received = try await WalletCLI.run([
                "receive", "<'\(offer.byReferenceLink)'>", "--wallet", directory.path, "--trust-issuer-iaca", "--yes",
            ])
            #expect(received.status == 0, "\(received.errorText)")

            let trusted = folder.appendingPathComponent("verifier.pem")
            try Data(try await issuer.verifierRootPEM().utf8).write(to: trusted)
            let trust = try await vellum(["trust", "add", trusted.path, "--purpose", "verifier"])
            #expect(trust.status == 0, "\(trust.errorText)")
            let request = try await issuer.createPresentationRequest(query: SandboxPresentationQuery.name.dcqlQuery)
            let picture = folder.appendingPathComponent("request.png")
            try QRCodePNG.render(request.link).write(to: picture)
            let presented = try await vellum(["present", picture.path, "--yes"])
            #expect(presented.status == 0, "\(presented.errorText)")
            #expect(try await issuer.presentationOutcome(transactionID: request.transactionID)?.status == .accepted)
        }
    }

    @Test("a request given to receive, an offer given to present, and a non-link: refused before the passphrase, with a hint")
    func wrongOnItsFace() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // No passphrase is given: a command that asked for one would fail with exit 4 instead.
        let request = "openid4vp://?client_id=x509_san_dns%3Alocalhost&request_uri=http%3A%2F%2Flocalhost%3A1%2Fr"
        let receive = try await WalletCLI.run(["receive", request, "--wallet", directory.path], passphrase: nil)
        #expect(receive.status == 8, "\(receive.errorText)")
        #expect(receive.errorText.contains("this is a presentation request, not a credential offer"))
        #expect(receive.errorText.contains("hint: use `vellum present '\(request)'`"))

        let offer = "openid-credential-offer://?credential_offer_uri=http%3A%2F%2F127.0.0.1%3A1%2Foffers%2Fx"
        let picture = folder.appendingPathComponent("offer.png")
        try QRCodePNG.render(offer).write(to: picture)
        let present = try await WalletCLI.run(["present", picture.path, "--wallet", directory.path], passphrase: nil)
        #expect(present.status == 8, "\(present.errorText)")
        #expect(present.errorText.contains("hint: use `vellum receive '\(offer)'`"))

        let words = try await WalletCLI.run(["receive", "my offer", "--wallet", directory.path], passphrase: nil)
        #expect(words.status == 8)
        #expect(words.errorText.contains("'my offer' is not a link"))
        #expect(words.errorText.contains("hint: give the credential offer link"))

        let missing = try await WalletCLI.run(["receive", folder.appendingPathComponent("gone.png").path, "--wallet", directory.path], passphrase: nil)
        #expect(missing.status == 6)
        #expect(missing.errorText.contains("no such file"))

        let blank = folder.appendingPathComponent("blank.png")
        try QRCodePNG.encode(pixels: [UInt8](repeating: 255, count: 100 * 100), width: 100, height: 100).write(to: blank)
        let noCode = try await WalletCLI.run(["present", blank.path, "--wallet", directory.path], passphrase: nil)
        #expect(noCode.status == 6)
        #expect(noCode.errorText.contains("no QR code found in \(blank.path)"))
    }
}
