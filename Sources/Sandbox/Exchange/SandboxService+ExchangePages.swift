import Foundation

/// The scanned-exchange part of the sandbox's page: one button per kind of exchange, each
/// landing on a page with the exchange's link, its QR code and the `vellum scan` command.
extension SandboxService {
    /// The home page's section.
    var exchangeSection: String {
        let buttons = SandboxExchange.Kind.allCases.map { kind in
            """
            <form class="inline" method="post" action="/exchanges/new">\
            <input type="hidden" name="kind" value="\(kind.rawValue)">\
            <button type="submit" data-exchange="\(kind.rawValue)">\(HTMLPage.escape(kind.title))</button></form>
            """
        }
        let items = exchanges.values.sorted { $0.id < $1.id }.map { exchange in
            "<li><a href=\"/exchanges/\(exchange.id)/page\">\(HTMLPage.escape(exchange.kind.title))</a> (\(exchange.state.rawValue))</li>"
        }
        return """
            <section id="exchanges"><h2>Scanned links (W3C credentials)</h2>
            <p>Credible-style offers and presentation requests and a VC-API exchange, by the issuer
            <code>\(HTMLPage.escape(exchangeIssuer.did))</code>; a wallet follows them with <code>vellum scan</code>.</p>
            <div>\(buttons.joined())</div>
            \(items.isEmpty ? "" : "<ul>\(items.joined())</ul>")
            </section>
            """
    }

    /// `POST /exchanges/new` with `kind`: a new exchange, then its page.
    func newExchangeFromPage(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        guard let kind = request.formParameters["kind"].flatMap(SandboxExchange.Kind.init(rawValue:)) else {
            return .html(HTMLPage.page(title: "Choose an exchange", body: "<p>Choose one on <a href=\"/\">the sandbox page</a>.</p>"), status: 400)
        }
        let (exchange, _) = createExchange(kind)
        return .seeOther("/exchanges/\(exchange.id)/page")
    }

    /// `GET /exchanges/{id}/page`: the link, its QR code and the command that follows it.
    func exchangePage(id: String) -> SandboxHTTPResponse {
        guard let exchange = exchanges[id] else {
            return .html(HTMLPage.page(title: "No such exchange", body: "<p>Unknown exchange.</p>"), status: 404)
        }
        let link = url(exchange.kind.pathPrefix + exchange.id)
        let qr = (try? SandboxQRCode(encoding: link).svg()) ?? "<p>(QR code unavailable)</p>"
        let body = """
            <p>Scan with a wallet, or follow the link with <code>vellum scan '\(HTMLPage.escape(link))'</code>.</p>
            <div class="qr">\(qr)</div>
            <p><a id="exchange-link" href="\(HTMLPage.escape(link))">\(HTMLPage.escape(link))</a></p>
            <p>State: <strong id="exchange-state">\(exchange.state.rawValue)</strong>\(exchange.error.map { " — \(HTMLPage.escape($0))" } ?? "")</p>
            <p><a href="/">Back to the sandbox</a></p>
            """
        return .html(HTMLPage.page(title: exchange.kind.title, body: body, refreshSeconds: exchange.state == .completed ? nil : 3))
    }
}

extension SandboxExchange.Kind {
    /// The button's and the page's title.
    var title: String {
        switch self {
        case .offer: "Credential offer (diploma)"
        case .expiredOffer: "Expired credential offer"
        case .didAuthentication: "DIDAuthentication request"
        case .queryByExample: "QueryByExample request (diploma)"
        case .vcAPI: "VC-API exchange (DID authentication, then a diploma)"
        }
    }
}
