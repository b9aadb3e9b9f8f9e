import Foundation
import Sandbox
import Testing
import VellumTestSupport
import Wallet

/// Ctrl-C during `present` (issue #24), on a terminal: before the answer is sent it says that
/// nothing was sent and the verifier got nothing; while it is sent it says the presentation
/// may or may not have reached the verifier. Exit 130 either way.
@Suite("vellum present: interrupted", .enabled(if: VellumBinary.url != nil && PythonPeer.isAvailable, PythonPeer.skipMessage))
struct PresentInterruptionTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-present-int")
    }

    func session(_ arguments: [String], _ steps: [[String: String]]) async throws -> TerminalSession.Result {
        let binary = try #require(VellumBinary.url)
        return try await TerminalSession.run(
            [binary.path] + arguments, environment: ["VELLUM_PASSPHRASE": WalletCLI.passphrase, "VELLUM_HTTP_TIMEOUT": "120"], steps: steps)
    }

    /// A wallet holding the sandbox's PID and mDL and trusting its verifier.
    func withPresentation(_ body: (SandboxIssuer, (link: String, transactionID: String, pageURL: URL)) async throws -> Void) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withRunningSandbox { issuer in
            let wallet = try await WalletCLI.makeWallet(at: directory)
            try await wallet.addTrustedIssuerCertificates([Data(issuer.rootCertificatePEM.utf8)], purposes: [.issuer])
            try await wallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])
            _ = try await wallet.retrieveCredentials(credentialOffer: try await wallet.discoverCredentialOffer(try await issuer.createOffer().byReferenceLink))
            try await wallet.close()
            let request = try await issuer.createPresentationRequest(query: SandboxPresentationQuery.cityAndAge.dcqlQuery)
            try await body(issuer, request)
        }
    }

    @Test("Ctrl-C at the consent prompt: nothing was sent, the verifier has no answer, exit 130")
    func atConsent() async throws {
        try await withPresentation { issuer, request in
            let result = try await session(["present", request.link, "--wallet", directory.path], [
                ["expect": "[y/N]"], ["send": "\u{3}"],
            ])
            #expect(result.failure == nil, "\(result.output)")
            #expect(result.status == 130, "\(result.output)")
            #expect(result.output.contains("interrupted by SIGINT: nothing was sent to the verifier"))
            #expect(try await issuer.presentationOutcome(transactionID: request.transactionID) == nil)
        }
    }

    @Test("Ctrl-C while the presentation is being sent: it may or may not have reached the verifier, exit 130")
    func whileSending() async throws {
        try await withPresentation { issuer, request in
            try await issuer.setFaults([.stallsPresentationResponse])
            let result = try await session(["present", request.link, "--yes", "--wallet", directory.path], [
                ["expect": "Presentation request from"], ["send": "\u{3}", "delay": "2"],
            ])
            #expect(result.status == 130, "\(result.output)")
            #expect(result.output.contains("interrupted by SIGINT while the presentation was being sent: it may or may not have reached the verifier"))
        }
    }
}
