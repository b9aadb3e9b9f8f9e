import Aries
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// Seed 002's "credentials with attachments": an offer whose preview gives an attribute a
/// `mime-type` (its value is a file, base64, signed like any value) and that carries files of
/// its own (`~attach`, signed by nothing) is stored with both, each marked for what vouches for
/// it, and they survive the wallet being closed and opened again.
@Suite("Aries credentials with attachments (Python agent)", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AriesAttachmentTests {
    /// A 1×1 PNG's bytes.
    static let photo = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
    static let terms = Data("Terms of use: show this degree to anyone you like.".utf8)

    static let files = AriesAgentPeer.OfferFiles(
        values: ["Degree Name": photo.base64EncodedString()], mimeTypes: ["Degree Name": "image/png"],
        attachments: [(filename: "terms.txt", mimeType: "text/plain", data: terms)])

    @Test("a mime-typed attribute and an offer's ~attach file are kept with the stored credential (signed, and not), and read back after a reopen")
    func attachmentsKeptWithTheCredential() async throws {
        try await AriesWalletSupport.withFiles { wallet, agent, files in
            let invitation = try await agent.invite(.issueV2, family: .anoncreds, files: Self.files)
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            #expect(offer.attachments.map(\.filename) == ["terms.txt"])
            let done = try await wallet.sendAriesCredentialRequest(id: offer.id)
            #expect(done.state == 4)
            let storedID = try #require(done.storedCredentialID)

            let expected = [
                CredentialAttachment(name: "Degree Name", mimeType: "image/png", data: Self.photo, source: .signedAttribute),
                CredentialAttachment(name: "terms.txt", mimeType: "text/plain", data: Self.terms, source: .offerAttachment),
            ]
            #expect(try await wallet.attachments(ofCredential: storedID) == expected)
            #expect(try await wallet.credential(id: storedID).verificationResult.failures.isEmpty)
            try await wallet.close()
            let reopened = try await CredentialWallet.open(
                at: files.directory, passphrase: "correct horse battery staple",
                configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF))
            #expect(try await reopened.attachments(ofCredential: storedID) == expected)
            #expect(try await reopened.attachments(ofCredential: storedID).map(\.isSigned) == [true, false])
            try await reopened.close()
        }
    }

    @Test("a credential without files has none, and an unknown id is not found")
    func noAttachments() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let storedID = try await AriesWalletSupport.issue(wallet, from: agent)
            #expect(try await wallet.attachments(ofCredential: storedID).isEmpty)
            await expectError(WalletError.self, matching: { if case .notFound = $0 { true } else { false } }) {
                _ = try await wallet.attachments(ofCredential: "no-such-credential")
            }
        }
    }
}
