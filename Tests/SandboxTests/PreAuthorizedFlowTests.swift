import CryptoKeys
import Foundation
import HTTP
import JSONModel
import OpenID4VCI
import Sandbox
import Testing

/// The pre-authorized code flow (OpenID4VCI 1.0 §3.5) over loopback HTTP, with a tx_code.
@Suite("Pre-authorized code flow")
struct PreAuthorizedFlowTests {
    @Test("An offer by value and by reference parses with Vellum's offer reader and names the issuer")
    func offerLinks() async throws {
        try await withIssuer { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid, .mDL], grant: .preAuthorized(txCode: "493536"))
            guard case let .byValue(byValue) = try CredentialOfferLink(offer.byValueLink) else {
                Issue.record("the by-value link is not by value")
                return
            }
            #expect(byValue.credentialIssuer.absoluteString == wallet.issuer)
            #expect(byValue.credentialConfigurationIDs == ["urn:eudi:pid:1", "org.iso.18013.5.1.mDL"])
            #expect(byValue.grants?.preAuthorizedCode?.code == offer.preAuthorizedCode)
            #expect(byValue.grants?.preAuthorizedCode?.transactionCode?.length == 6)
            #expect(byValue.grants?.preAuthorizedCode?.transactionCode?.inputMode == .numeric)

            let resolver = CredentialOfferResolver(httpClient: wallet.http)
            let byReference = try await resolver.offer(from: offer.byReferenceLink)
            #expect(byReference == byValue)

            let page = try await wallet.http.get(offer.pageURL)
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(page.status == 200)
            #expect(html.contains("<svg") && html.contains("493536"))
            #expect(try await wallet.get("/offers/unknown").status == 404)
        }
    }

    @Test("The token endpoint refuses a missing or wrong tx_code and accepts the right one once")
    func transactionCode() async throws {
        try await withIssuer { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: "1234"))
            let code = try #require(offer.preAuthorizedCode)
            let grant = ("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code")

            let missing = try await wallet.postForm("/token", [grant, ("pre-authorized_code", code)])
            #expect(missing.status == 400)
            #expect(TestWallet.error(missing) == "invalid_request")

            let wrong = try await wallet.postForm("/token", [grant, ("pre-authorized_code", code), ("tx_code", "9999")])
            #expect(wrong.status == 400)
            #expect(TestWallet.error(wrong) == "invalid_grant")

            let right = try await wallet.postForm("/token", [grant, ("pre-authorized_code", code), ("tx_code", "1234")])
            #expect(right.status == 200)
            let body = try TestWallet.json(right)
            #expect(body["token_type"]?.stringValue == "Bearer")
            #expect(body["access_token"]?.stringValue?.isEmpty == false)
            #expect(right.headers["Cache-Control"]?.contains("no-store") == true)

            let again = try await wallet.postForm("/token", [grant, ("pre-authorized_code", code), ("tx_code", "1234")])
            #expect(TestWallet.error(again) == "invalid_grant")
        }
    }

    @Test("Five wrong tx_codes burn the pre-authorized code")
    func transactionCodeGuessing() async throws {
        try await withIssuer { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: "1234"))
            let form = [
                ("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code"),
                ("pre-authorized_code", try #require(offer.preAuthorizedCode)),
            ]
            for guess in 0..<5 {
                let response = try await wallet.postForm("/token", form + [("tx_code", String(format: "%04d", guess))])
                #expect(TestWallet.error(response) == "invalid_grant")
            }
            let right = try await wallet.postForm("/token", form + [("tx_code", "1234")])
            #expect(TestWallet.error(right) == "invalid_grant")
        }
    }

    @Test("A code without tx_code refuses one sent anyway; unknown codes and grant types are refused")
    func tokenRequestErrors() async throws {
        try await withIssuer { issuer, wallet in
            let offer = try await issuer.createOffer(for: [.pid], grant: .preAuthorized(txCode: nil))
            let grant = ("grant_type", "urn:ietf:params:oauth:grant-type:pre-authorized_code")
            let extra = try await wallet.postForm(
                "/token", [grant, ("pre-authorized_code", try #require(offer.preAuthorizedCode)), ("tx_code", "1")])
            #expect(TestWallet.error(extra) == "invalid_request")
            let unknown = try await wallet.postForm("/token", [grant, ("pre-authorized_code", "nope")])
            #expect(TestWallet.error(unknown) == "invalid_grant")
            let password = try await wallet.postForm("/token", [("grant_type", "password")])
            #expect(TestWallet.error(password) == "unsupported_grant_type")
        }
    }
}
