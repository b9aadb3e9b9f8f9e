import Foundation
import JSONModel
import Sandbox
import Testing
import VellumTestSupport
import Wallet

/// `vellum receive` and `vellum sandbox`, through the built binary, against a sandbox issuer
/// served by this test process over loopback.
@Suite("vellum receive and sandbox", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct ReceiveCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-receive-cli")
    }

    @Test("pre-authorized offer with --tx-code, --trust-issuer-iaca and --yes: both stored, exit 0, JSON results")
    func claimsWithTransactionCode() async throws {
        try await withSandbox { issuer in
            let offer = try await issuer.createOffer(grant: .preAuthorized(txCode: "4711"))
            let result = try await WalletCLI.run([
                "receive", offer.byReferenceLink, "--wallet", directory.path, "--tx-code", "4711", "--trust-issuer-iaca", "--yes", "--json",
            ])
            #expect(result.status == 0, "\(result.errorText)")
            let results = try #require(try WalletCLI.json(result).arrayValue)
            #expect(results.map { $0["vct"]?.stringValue ?? $0["docType"]?.stringValue } == ["urn:eudi:pid:1", "org.iso.18013.5.1.mDL"])
            #expect(results.first?["docType"] == nil && results.last?["vct"] == nil)
            #expect(results.allSatisfy { $0["error"] == nil && $0["credentialIds"]?.arrayValue?.count == 1 && $0["configurationId"] != nil })
            #expect(result.errorText.contains("requesting an access token"))
            #expect(try await storedCount() == 2)
        }
    }

    @Test("the transaction code and the consent are asked for on standard input; shown first: issuer, credentials, claims")
    func promptsForCodeAndConsent() async throws {
        try await withSandbox { issuer in
            let offer = try await issuer.createOffer(grant: .preAuthorized(txCode: "4711"))
            let result = try await WalletCLI.run(
                ["receive", offer.byValueLink, "--wallet", directory.path, "--trust-issuer-iaca"], answers: ["4711", "y"])
            #expect(result.status == 0, "\(result.errorText)")
            #expect(result.outputText.contains("Vellum Sandbox Issuer"))
            #expect(result.outputText.contains("Mobile Driving Licence"))
            #expect(result.outputText.contains("Older than 18"))
            #expect(result.errorText.contains("Transaction code"))
            #expect(result.outputText.contains("Stored org.iso.18013.5.1.mDL"))
        }
    }

    @Test("declining at the prompt requests nothing and exits 9")
    func declined() async throws {
        try await withSandbox { issuer in
            let offer = try await issuer.createOffer()
            let result = try await WalletCLI.run(["receive", offer.byValueLink, "--wallet", directory.path], answers: ["n"])
            #expect(result.status == 9, "\(result.errorText)")
            #expect(await issuer.issuedCredentials().isEmpty)
            #expect(try await storedCount() == 0)
        }
    }

    @Test("an untrusted issuer without --trust-issuer-iaca: each failure named, nothing stored, exit 2")
    func untrustedIssuer() async throws {
        try await withSandbox { issuer in
            let offer = try await issuer.createOffer()
            let result = try await WalletCLI.run(["receive", offer.byValueLink, "--wallet", directory.path, "--yes"])
            #expect(result.status == 2, "\(result.errorText)")
            #expect(result.outputText.components(separatedBy: "Not stored:").count == 3)
            #expect(result.outputText.contains("certificate not found"))
            #expect(try await storedCount() == 0)
        }
    }

    @Test("a link that is no credential offer exits 8 with the reason")
    func badOffer() async throws {
        try await withSandbox { _ in
            let result = try await WalletCLI.run(["receive", "https://127.0.0.1:1/nothing-here", "--wallet", directory.path, "--yes"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(result.errorText.contains("credential offer"))
        }
    }

    @Test("authorization code flow: --browser follows the URL, the loopback listener takes the redirect (PAR, PKCE, DPoP)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "skipped: no /usr/bin/python3 to act as the browser"))
    func authorizationCodeWithBrowser() async throws {
        try await withSandbox(SandboxConfiguration(requiresDPoP: true, requiresDPoPNonce: true, requiresPAR: true)) { issuer in
            let offer = try await issuer.createOffer(grant: .authorizationCode)
            let browser = "/usr/bin/python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()'"
            let result = try await WalletCLI.run([
                "receive", offer.byReferenceLink, "--wallet", directory.path, "--trust-issuer-iaca", "--yes", "--browser", browser,
            ])
            #expect(result.status == 0, "\(result.errorText)")
            #expect(result.errorText.contains("/authorize?client_id=vellum-cli&request_uri="))
            #expect(try await storedCount() == 2)
        }
    }
}
