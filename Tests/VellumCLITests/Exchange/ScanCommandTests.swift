import Foundation
import JSONModel
import Sandbox
import Testing
import VellumTestSupport
import Wallet

/// `vellum scan`, through the built binary, against the sandbox's Credible-style offer and
/// request URLs and its VC-API exchange, served by this test process over loopback.
@Suite("vellum scan", .enabled(if: VellumBinary.url != nil, "skipped: the vellum binary is not built"))
struct ScanCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-scan-cli")
    }

    /// Scans a new offer with `--yes`; the stored credential's id.
    func storeDiploma(from sandbox: SandboxIssuer) async throws -> String {
        let (_, url) = try await sandbox.createExchange(.offer)
        let result = try await vellum(["scan", url.absoluteString, "--yes", "--json"])
        #expect(result.status == 0, "\(result.errorText)")
        return try #require(try WalletCLI.json(result)["stored"]?[0]?["id"]?.stringValue)
    }

    @Test("an offer: trust asked once per host, the preview shown, the diploma stored and listed as ldp_vc")
    func offerWithPrompts() async throws {
        try await withSandbox { sandbox in
            let (exchange, url) = try await sandbox.createExchange(.offer)
            let result = try await WalletCLI.run(["scan", url.absoluteString, "--wallet", directory.path], answers: ["y", "y"])
            #expect(result.status == 0, "\(result.errorText)")
            #expect(result.errorText.contains("Trust 127.0.0.1?"))
            #expect(result.outputText.contains("UniversityDegreeCredential"))
            #expect(result.outputText.contains("Stored UniversityDegreeCredential (ldp_vc)"))
            #expect(try await sandbox.exchange(id: exchange.id).state == .completed)
            let listed = try #require(try WalletCLI.json(try await vellum(["list", "--json"])).arrayValue)
            #expect(listed.map { $0["format"]?.stringValue } == ["ldp_vc"])
            #expect(listed.first?["type"]?.stringValue == "UniversityDegreeCredential")

            // The host is remembered: the next scan asks only about the credential.
            let (_, second) = try await sandbox.createExchange(.offer)
            let again = try await WalletCLI.run(["scan", second.absoluteString, "--wallet", directory.path], answers: ["y"])
            #expect(again.status == 0, "\(again.errorText)")
            #expect(!again.errorText.contains("Trust 127.0.0.1?"))
        }
    }

    @Test("declining trust sends no request at all and exits 9")
    func declinedTrust() async throws {
        try await withSandbox { sandbox in
            let (exchange, url) = try await sandbox.createExchange(.offer)
            let result = try await WalletCLI.run(["scan", url.absoluteString, "--wallet", directory.path], answers: ["n"])
            #expect(result.status == 9, "\(result.errorText)")
            #expect(try await sandbox.exchange(id: exchange.id).requestCount == 0)
            #expect(try await storedCount() == 0)
        }
    }

    @Test("an expired offer: refused before anything is posted, exit 8, nothing stored")
    func expiredOffer() async throws {
        try await withSandbox { sandbox in
            let (exchange, url) = try await sandbox.createExchange(.expiredOffer)
            let result = try await vellum(["scan", url.absoluteString, "--yes"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(result.errorText.contains("expired"))
            #expect(try await sandbox.exchange(id: exchange.id).requestCount == 1)
            #expect(try await storedCount() == 0)
        }
    }

    @Test("DID authentication and a query by example answered with --yes and --select; JSON names what was presented")
    func presentationRequests() async throws {
        try await withSandbox { sandbox in
            let id = try await storeDiploma(from: sandbox)
            let shown = try await vellum(["show", id])
            #expect(shown.status == 0, "\(shown.errorText)")
            #expect(shown.outputText.contains("Vellum Sandbox University"))
            #expect(shown.outputText.contains("VALID"))
            let (didAuth, didAuthURL) = try await sandbox.createExchange(.didAuthentication)
            let authenticated = try await vellum(["scan", didAuthURL.absoluteString, "--yes", "--json"])
            #expect(authenticated.status == 0, "\(authenticated.errorText)")
            #expect(try WalletCLI.json(authenticated)["presented"]?.arrayValue == [])
            #expect(try await sandbox.exchange(id: didAuth.id).state == .completed)

            let (query, queryURL) = try await sandbox.createExchange(.queryByExample)
            let presented = try await vellum(["scan", queryURL.absoluteString, "--yes", "--select", id, "--json"])
            #expect(presented.status == 0, "\(presented.errorText)")
            #expect(try WalletCLI.json(presented)["presented"]?.arrayValue == [.string(id)])
            #expect(try await sandbox.exchange(id: query.id).state == .completed)
        }
    }

    @Test("--format jwt: DID authentication and a query by example answered with VP-JWTs (nonce = challenge, aud = domain), accepted")
    func jwtPresentations() async throws {
        try await withSandbox { sandbox in
            let id = try await storeDiploma(from: sandbox)
            for kind in [SandboxExchange.Kind.didAuthentication, .queryByExample] {
                let (exchange, url) = try await sandbox.createExchange(kind)
                let result = try await vellum(["scan", url.absoluteString, "--yes", "--format", "jwt", "--json"])
                #expect(result.status == 0, "\(result.errorText)")
                #expect(try WalletCLI.json(result)["presentationFormat"]?.stringValue == "jwt")
                let state = try await sandbox.exchange(id: exchange.id)
                #expect(state.state == .completed, "\(state.error ?? "")")
                let presented = try WalletCLI.json(result)["presented"]?.arrayValue
                #expect(presented == (kind == .didAuthentication ? [] : [.string(id)]))
            }
        }
    }

    @Test("a query nothing in the wallet answers: exit 8 and nothing sent")
    func nothingToPresent() async throws {
        try await withSandbox { sandbox in
            let (exchange, url) = try await sandbox.createExchange(.queryByExample)
            let result = try await vellum(["scan", url.absoluteString, "--yes"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(result.errorText.contains("no stored credential answers"))
            #expect(try await sandbox.exchange(id: exchange.id).requestCount == 1)
        }
    }

    @Test("a request whose domain is not the link's host: refused before anything is sent, exit 8")
    func domainMismatch() async throws {
        try await withSandbox { sandbox in
            let (exchange, url) = try await sandbox.createExchange(.didAuthentication)
            let elsewhere = url.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let result = try await vellum(["scan", elsewhere, "--yes"])
            #expect(result.status == 8, "\(result.errorText)")
            #expect(result.errorText.contains("domain"))
            #expect(try await sandbox.exchange(id: exchange.id).requestCount == 1)
        }
    }

    @Test("a VC-API exchange: started, authenticated, the delivered diploma stored")
    func vcAPI() async throws {
        try await withSandbox { sandbox in
            let (exchange, url) = try await sandbox.createExchange(.vcAPI)
            let result = try await vellum(["scan", url.absoluteString, "--yes", "--json"])
            #expect(result.status == 0, "\(result.errorText)")
            let report = try WalletCLI.json(result)
            #expect(report["kind"]?.stringValue == "exchange")
            #expect(report["stored"]?.arrayValue?.count == 1)
            #expect(try await sandbox.exchange(id: exchange.id).state == .completed)
            #expect(try await storedCount() == 1)
        }
    }

    @Test("a VC-API interaction URL (iuv=1): its vcapi protocol is followed to the exchange, which completes")
    func interactionURL() async throws {
        try await withSandbox { sandbox in
            let (exchange, _) = try await sandbox.createExchange(.vcAPI)
            let url = try await sandbox.interactionURL(of: exchange)
            let result = try await vellum(["scan", url.absoluteString, "--yes", "--json"])
            #expect(result.status == 0, "\(result.errorText)")
            #expect(try WalletCLI.json(result)["stored"]?.arrayValue?.count == 1)
            #expect(try await sandbox.exchange(id: exchange.id).state == .completed)
        }
    }

    @Test("links that are not scan links are refused before the wallet opens, with a hint")
    func badLinks() async throws {
        try await withWallet {
            let openID = try await vellum(["scan", "openid4vp://?request_uri=https://verifier.example/r", "--yes"])
            #expect(openID.status == 8)
            #expect(openID.errorText.contains("vellum present"))
            let plain = try await vellum(["scan", "http://verifier.example/request", "--yes"])
            #expect(plain.status == 8)
            #expect(plain.errorText.contains("https"))
        }
    }
}
