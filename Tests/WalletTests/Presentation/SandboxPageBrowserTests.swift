import Foundation
import Sandbox
import Testing
import VellumTestSupport
@testable import Wallet

/// The sandbox's page in a real browser (issue #24): headless Chromium, driven over the
/// DevTools protocol by `Tests/Peers/browser_peer.py`, clicks "new offer" and "new
/// presentation request"; the QR code on each page (read by zbar from a screenshot) carries the
/// link the page prints; a wallet claims the offer and answers the request from those links;
/// and the request's page then shows the verdict and the disclosed claims.
@Suite("Sandbox page in a browser", .enabled(if: BrowserPeer.isAvailable, BrowserPeer.skipMessage))
struct SandboxPageBrowserTests {
    @Test("new offer and new request from the page; their QR codes decode to their links; the verdict appears")
    func offerRequestAndVerdict() async throws {
        let issuer = try SandboxIssuer()
        let base = try await issuer.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vellum-browser-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let wallet = try await CredentialWallet.create(
                at: directory, passphrase: "browser tests",
                configuration: CredentialWalletConfiguration(
                    keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient(), locales: ["en"]))
            try await wallet.addTrustedIssuerCertificates([Data(issuer.rootCertificatePEM.utf8)], purposes: [.issuer])
            try await wallet.addTrustedIssuerCertificates([Data(try await issuer.verifierRootPEM().utf8)], purposes: [.verifier])

            let home = try await BrowserPeer.load(base.absoluteString)
            #expect(home.text.contains("New offer: urn:eudi:pid:1") && home.text.contains("New offer: org.iso.18013.5.1.mDL"))
            #expect(home.text.contains("New presentation request"))

            let everyKind = SandboxCredentialKind.allCases.map(\.rawValue).joined(separator: ",")
            let offerPage = try await BrowserPeer.click(base.absoluteString, selector: #"button[data-offer="\#(everyKind)"]"#)
            #expect(offerPage.url.contains("/offers/") && offerPage.url.hasSuffix("/page"))
            let offerLink = try #require(offerPage.qr, "no QR code found on the offer page")
            #expect(offerLink.hasPrefix("openid-credential-offer://"))
            #expect(offerPage.text.contains(offerLink))
            let offer = try await wallet.discoverCredentialOffer(offerLink)
            let claimed = try await wallet.retrieveCredentials(credentialOffer: offer)
            #expect(claimed.count == SandboxCredentialKind.allCases.count && claimed.allSatisfy { $0.error == nil }, "\(claimed.compactMap(\.error))")
            #expect(try await BrowserPeer.load(base.absoluteString).text.contains("(claimed)"))

            let requestPage = try await BrowserPeer.click(base.absoluteString, selector: "#new-request")
            let requestLink = try #require(requestPage.qr, "no QR code found on the request page")
            #expect(requestLink.hasPrefix("openid4vp://"))
            #expect(requestPage.text.contains(requestLink))
            #expect(requestPage.text.contains("Waiting for a wallet to answer"))
            let proposal = try await wallet.preparePresentation(requestURI: requestLink)
            let result = try await wallet.present(proposal)
            #expect(result.isAccepted, "\(result.summary)")

            let verdict = try await BrowserPeer.load(requestPage.url)
            #expect(verdict.text.contains("Accepted. The presentation verified."))
            #expect(verdict.text.contains("Köln"))
            #expect(verdict.text.contains("age_over_18"))
            #expect(!verdict.text.contains("Waiting for a wallet"))
            try await wallet.close()
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    @Test("a scanned-link button makes an exchange whose QR code decodes to its link; the wallet follows it; the page shows it completed")
    func scannedOfferFromThePage() async throws {
        try await ScannedExchangeTests.withSandbox { sandbox, wallet, client in
            guard let base = await sandbox.baseURL else { Issue.record("the sandbox is not running"); return }
            let home = try await BrowserPeer.load(base.absoluteString)
            #expect(home.text.contains("Scanned links (W3C credentials)"))
            let page = try await BrowserPeer.click(base.absoluteString, selector: #"button[data-exchange="offer"]"#)
            #expect(page.url.contains("/exchanges/") && page.url.hasSuffix("/page"))
            let link = try #require(page.qr, "no QR code found on the exchange page")
            #expect(link.contains("/credible/offers/"))
            #expect(page.text.contains("vellum scan '\(link)'"))
            let url = try #require(URL(string: link))
            guard case .credentialOffer(let offer) = try await client.message(at: url) else { Issue.record("not an offer"); return }
            _ = try await wallet.acceptExchangeOffer(offer, at: url, client: client)
            #expect(try await BrowserPeer.load(page.url).text.contains("State: completed"))
        }
    }
}
