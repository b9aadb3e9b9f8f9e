import Foundation
import QRExchange
import Testing

@Suite("Scanned links: https, or http to this machine; message, exchange or interaction")
struct ExchangeLinkTests {
    @Test("a link is classified by its form", arguments: [
        ("https://issuer.example/credential-offer/abc", "message"),
        ("http://127.0.0.1:8080/vp-request/1", "message"),
        ("http://localhost/offer", "message"),
        ("http://[::1]:9000/offer", "message"),
        ("https://verifier.example/workflows/w1/exchanges/e1", "exchange"),
        ("https://verifier.example/exchanges/e1", "exchange"),
        ("https://verifier.example/interactions/z19?iuv=1", "interaction"),
        ("  https://issuer.example/offer\n", "message"),
    ])
    func classified(link: String, kind: String) throws {
        let classified = try ExchangeLink(link)
        switch (classified, kind) {
        case (.message, "message"), (.exchange, "exchange"), (.interaction, "interaction"): break
        default: Issue.record("\(link) is \(classified), not \(kind)")
        }
    }

    @Test("plain http to another host, other schemes and relative links are refused", arguments: [
        "http://issuer.example/offer", "http://10.0.0.1/offer", "http://128.0.0.1/offer", "ftp://issuer.example/offer",
        "openid-credential-offer://?credential_offer=x", "/offer", "", "https://",
    ])
    func refused(link: String) {
        #expect(throws: QRExchangeError.self) { _ = try ExchangeLink(link) }
    }
}
