import Foundation
import HTTP
import JSONModel
import OpenID4VP
import Sandbox
import Testing
@testable import Wallet

/// The redirect response modes (`query`, `fragment`): the wallet hands back a URL for the
/// browser instead of posting; the browser (played here by an HTTP client) brings the answer to
/// the sandbox verifier's callback page, which checks it like a posted one.
@Suite("CredentialWallet: query and fragment responses to the sandbox verifier")
struct RedirectResponseModeTests {
    let fixture = CredentialWalletPresentationTests()

    /// Presents to a fresh request in `mode` and returns the redirect the wallet produced.
    func redirect(
        _ mode: ResponseMode, authentication: VerifierAuthentication, issuer: SandboxIssuer, wallet: CredentialWallet
    ) async throws -> (URL, String) {
        let request = try await issuer.createPresentationRequest(
            query: CredentialWalletPresentationTests.query, responseMode: mode, authentication: authentication)
        let proposal = try await wallet.preparePresentation(requestURI: request.link)
        #expect(proposal.verifier.isAuthenticated)
        let result = try await wallet.present(proposal)
        guard case let .redirect(url) = result.outcome else {
            Issue.record("expected a redirect, got \(result.outcome)")
            throw CancellationError()
        }
        #expect(url.path.hasSuffix("/verifier/callback/\(request.transactionID)"))
        return (url, request.transactionID)
    }

    func expectAcceptedWithOnlyTheAskedClaims(_ issuer: SandboxIssuer, _ transactionID: String) async throws {
        let outcome = try #require(try await issuer.presentationOutcome(transactionID: transactionID))
        #expect(outcome.status == .accepted, "\(outcome.status)")
        #expect(outcome.presentations.map(\.queryID).sorted() == ["mdl", "pid"])
        #expect(outcome.presentations.first { $0.queryID == "pid" }?.claims["address"]?["locality"] == "Köln")
        #expect(outcome.presentations.first { $0.queryID == "pid" }?.claims["given_name"] == nil)
    }

    @Test("query: the answer travels in the redirect's query, the callback checks it and shows the result",
          arguments: [VerifierAuthentication.x509SANDNS, .x509Hash])
    func queryMode(authentication: VerifierAuthentication) async throws {
        try await fixture.withSandbox { issuer, wallet, _ in
            let (url, transactionID) = try await redirect(.query, authentication: authentication, issuer: issuer, wallet: wallet)
            #expect(url.query?.contains("vp_token=") == true && url.fragment == nil)
            let browser = URLSessionHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(120), redirects: .never))
            defer { browser.invalidate() }
            let page = try await browser.get(url)
            #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("Accepted"))
            try await expectAcceptedWithOnlyTheAskedClaims(issuer, transactionID)
            // The same answer brought back twice is refused.
            let replay = try await browser.get(url)
            #expect(replay.status == 400)
        }
    }

    @Test("fragment: the callback page posts location.hash to the response endpoint, as its script does",
          arguments: [VerifierAuthentication.x509SANDNS, .decentralizedIdentifier])
    func fragmentMode(authentication: VerifierAuthentication) async throws {
        try await fixture.withSandbox { issuer, wallet, _ in
            let (url, transactionID) = try await redirect(.fragment, authentication: authentication, issuer: issuer, wallet: wallet)
            let fragment = try #require(url.fragment)
            #expect(fragment.contains("vp_token=") && url.query == nil)
            let browser = URLSessionHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(120), redirects: .never))
            defer { browser.invalidate() }
            let page = try await browser.get(url)
            #expect(String(decoding: page.body, as: UTF8.self).contains("/verifier/response/\(transactionID)"))
            // What the page's script sends: the fragment, as a form.
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            components?.fragment = nil
            components?.path = "/verifier/response/\(transactionID)"
            let endpoint = try #require(components?.url)
            let posted = try await browser.send(HTTPRequest(
                method: .post, url: endpoint, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(fragment.utf8)))
            #expect(posted.status == 200, "\(String(decoding: posted.body, as: UTF8.self))")
            #expect(try JSONValue(parsing: posted.body)["redirect_uri"]?.stringValue?.hasSuffix("/verifier/result/\(transactionID)") == true)
            try await expectAcceptedWithOnlyTheAskedClaims(issuer, transactionID)
        }
    }
}
