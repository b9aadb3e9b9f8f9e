import Foundation
import JSONModel
import Sandbox
import SandboxClaimSupport
import Testing
import VellumTestSupport
import Wallet

/// `vellum present` against the sandbox verifier, with credentials claimed from the sandbox
/// issuer into a wallet the child process opens.
@Suite("vellum present", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct PresentCommandTests: CLIScratchSuite {
    static let query: JSONValue = [
        "credentials": [
            ["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["address", "locality"]]]],
            ["id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
             "claims": [["path": ["org.iso.18013.5.1", "age_over_18"]]]],
        ],
    ]

    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-present-cli")
    }

    /// A running sandbox and a closed wallet trusting its roots and holding `kinds`.
    func withSandbox(
        claiming kinds: [SandboxCredentialKind] = [.pid, .mDL], _ body: (SandboxIssuer, [String]) async throws -> Void
    ) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withRunningSandbox { issuer in
            let wallet = try await WalletCLI.makeWallet(at: directory)
            try await wallet.addTrustedIssuerCertificates([await issuer.certificates.rootDER], purposes: [.issuer])
            try await wallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])
            let ids = try await SandboxClaim.claim(kinds, from: issuer, into: wallet)
            try await wallet.close()
            try await body(issuer, ids)
        }
    }

    /// Runs `vellum present` with the passphrase and then `answer` on standard input.
    func present(_ arguments: [String], answer: String? = nil) async throws -> ChildProcess.Result {
        try await WalletCLI.run(["present"] + arguments + ["--wallet", directory.path], answers: answer.map { [$0] } ?? [])
    }

    @Test("--yes presents exactly the asked claims, prints who asked, what was disclosed and the redirect, exits 0, and logs it")
    func presentYes() async throws {
        try await withSandbox { issuer, ids in
            let request = try await issuer.createPresentationRequest(query: Self.query)
            let result = try await present([request.link, "--yes"])
            #expect(result.status == 0, "\(result.errorText)")
            let text = result.outputText
            #expect(text.contains("x509_san_dns:localhost") && text.contains("authenticated"))
            #expect(text.contains("address.locality = \"Köln\"") && text.contains("org.iso.18013.5.1/age_over_18 = true"))
            #expect(!text.contains("given_name ="))
            #expect(text.contains("Accepted by the verifier.") && text.contains("redirect: http"))
            let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .accepted)
            #expect(outcome.presentations.first { $0.queryID == "pid" }?.claims["given_name"] == nil)
            #expect(outcome.presentations.first { $0.queryID == "pid" }?.claims["address"]?["locality"] == "Köln")

            // Answering the same request again: the verifier refuses the replay, so the exit is 1.
            let replay = try await present([request.link, "--yes"])
            #expect(replay.status == 1, "\(replay.errorText)")
            #expect(replay.outputText.contains("Rejected by the verifier: invalid_request"))

            let log = try await vellum(["log", "--json"])
            #expect(try WalletCLI.json(log).arrayValue?.first?["outcome"] == "rejected: invalid_request")
            let entry = try #require(try WalletCLI.json(log).arrayValue?.dropFirst().first)
            #expect(entry["kind"] == "presentation" && entry["outcome"] == "accepted")
            #expect(entry["counterparty"] == "x509_san_dns:localhost")
            #expect(Set(entry["credentials"]?.arrayValue?.compactMap(\.stringValue) ?? []) == Set(ids))
        }
    }

    @Test("answering n at the consent prompt sends access_denied and no vp_token, and exits 8; y presents")
    func consentPrompt() async throws {
        try await withSandbox { issuer, _ in
            let refused = try await issuer.createPresentationRequest(query: Self.query, responseMode: .directPost)
            let no = try await present([refused.link], answer: "n")
            #expect(no.status == 9, "\(no.errorText)")
            #expect(no.errorText.contains("Share these claims with"))
            #expect(no.outputText.contains("address.locality") && no.outputText.contains("Declined"))
            let outcome = try #require(try await issuer.presentationOutcome(transactionID: refused.transactionID))
            #expect(outcome.status == .declined(error: "access_denied", description: "the holder declined the request"))
            #expect(outcome.presentations.isEmpty)

            let accepted = try await issuer.createPresentationRequest(query: Self.query, authentication: .x509Hash)
            let yes = try await present([accepted.link], answer: "y")
            #expect(yes.status == 0, "\(yes.errorText)")
            #expect(try await issuer.presentationOutcome(transactionID: accepted.transactionID)?.status == .accepted)

            // An unsigned redirect_uri: request is answered, but the user is told its sender is unproven.
            let unsigned = try await issuer.createPresentationRequest(
                query: Self.query, responseMode: .directPost, authentication: .redirectURI)
            let flagged = try await present([unsigned.link, "--yes"])
            #expect(flagged.status == 0, "\(flagged.errorText)")
            #expect(flagged.outputText.contains("verifier: NOT AUTHENTICATED"))

            let log = try await vellum(["log"])
            #expect(log.outputText.contains("→ declined") && log.outputText.contains("→ accepted"))
        }
    }

    @Test("--select picks the credential, --json prints the outcome; a --select that does not answer exits 6 and sends nothing")
    func selectAndJSON() async throws {
        try await withSandbox(claiming: [.pid, .pid, .mDL]) { issuer, ids in
            let bad = try await issuer.createPresentationRequest(query: Self.query)
            let wrong = try await present([bad.link, "--yes", "--select", "pid=\(ids[2])"])
            #expect(wrong.status == 6, "\(wrong.errorText)")
            #expect(try await issuer.presentationOutcome(transactionID: bad.transactionID) == nil)

            let request = try await issuer.createPresentationRequest(query: Self.query, authentication: .decentralizedIdentifier)
            let result = try await present([request.link, "--yes", "--select", "pid=\(ids[1])", "--select", "mdl=\(ids[2])", "--json"])
            #expect(result.status == 0, "\(result.errorText)")
            let json = try WalletCLI.json(result)
            #expect(json["status"] == "accepted")
            #expect(json["verifier"]?["prefix"] == "decentralized_identifier" && json["verifier"]?["authenticated"] == true)
            #expect(json["disclosed"]?["pid"]?["credentials"] == [.string(ids[1])])
            #expect(json["disclosed"]?["pid"]?["claims"] == [["path": "address.locality", "value": "Köln"]])
            #expect(json["disclosed"]?["mdl"]?["claims"] == [["path": "org.iso.18013.5.1/age_over_18", "value": true]])
            #expect(json["redirectUri"]?.stringValue?.hasPrefix("http") == true)
            #expect(try await issuer.presentationOutcome(transactionID: request.transactionID)?.status == .accepted)
        }
    }

    @Test("a request nothing matches is answered with access_denied and exits 9; an untrusted verifier gets nothing and exits 9")
    func refusedRequests() async throws {
        try await withSandbox(claiming: [.mDL]) { issuer, _ in
            let request = try await issuer.createPresentationRequest(query: Self.query)
            let result = try await present([request.link, "--yes", "--json"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(try WalletCLI.json(result)["status"] == "unsatisfiable")
            #expect(result.errorText.contains("no matching credential"))
            let outcome = try #require(try await issuer.presentationOutcome(transactionID: request.transactionID))
            #expect(outcome.status == .declined(error: "access_denied", description: "no matching credentials"))

            // Stop trusting the verifier root: the request is refused without any answer.
            let wallet = try await CredentialWallet.open(at: directory, passphrase: WalletCLI.passphrase)
            for certificate in try await wallet.trustedCertificates(purpose: .verifier) {
                try await wallet.removeTrustedCertificate(fingerprint: certificate.fingerprint)
            }
            try await wallet.close()
            let untrusted = try await issuer.createPresentationRequest(query: Self.query)
            let refused = try await present([untrusted.link, "--yes"])
            #expect(refused.status == 8 && refused.errorText.contains("request refused, nothing sent"), "\(refused.errorText)")
            #expect(try await issuer.presentationOutcome(transactionID: untrusted.transactionID) == nil)
        }
    }
}
