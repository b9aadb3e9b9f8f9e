import Foundation

/// The few HTML pages a person sees: the offer page (QR code and link), the index of offers
/// and the login/consent page of the authorization endpoint.
extension SandboxService {
    /// `GET /offers/<id>/page`.
    func offerPage(id: String) -> SandboxHTTPResponse {
        guard let offer = offers[id] else { return .html(HTMLPage.page(title: "No such offer", body: "<p>Unknown offer.</p>"), status: 404) }
        let reference = configuration.offerScheme + "://?" + QueryEncoding.query([("credential_offer_uri", url("/offers/\(id)"))])
        let qr = (try? SandboxQRCode(encoding: reference).svg()) ?? "<p>(QR code unavailable)</p>"
        var body = """
            <p>Scan with a wallet, or open the link on this device.</p>
            <div class="qr">\(qr)</div>
            <p><a href="\(HTMLPage.escape(reference))">\(HTMLPage.escape(reference))</a></p>
            <p>Credentials: \(HTMLPage.escape(offer.kinds.map(\.configurationID).joined(separator: ", ")))</p>
            """
        if let code = offer.transactionCode {
            body += "<p>Transaction code: <strong>\(HTMLPage.escape(code))</strong></p>"
        }
        body += "<details><summary>Offer JSON</summary><pre>\(HTMLPage.escape(offer.json.serializedString()))</pre></details>"
        return .html(HTMLPage.page(title: "Credential offer", body: body))
    }

    /// `GET /`: links to the current offers.
    func offerIndexPage() -> SandboxHTTPResponse {
        let items = offers.values.sorted { $0.id < $1.id }.map { offer in
            "<li><a href=\"/offers/\(HTMLPage.escape(offer.id))/page\">\(HTMLPage.escape(offer.kinds.map(\.configurationID).joined(separator: ", ")))</a></li>"
        }
        let body = """
            <p>Issuer: <code>\(HTMLPage.escape(issuer))</code>. Trust the sandbox root from
            <a href="/certificates/root.pem">/certificates/root.pem</a>.</p>
            <ul>\(items.joined())</ul>
            """
        return .html(HTMLPage.page(title: "Vellum sandbox issuer", body: body))
    }

    /// The login and consent page for a pending authorization request.
    func consentPage(session: String, request: AuthorizationRequestRecord) -> SandboxHTTPResponse {
        let body = """
            <p><code>\(HTMLPage.escape(request.clientID))</code> asks for:
            \(HTMLPage.escape(request.kinds.map(\.configurationID).joined(separator: ", ")))</p>
            <form method="post" action="/authorize/consent">
            <input type="hidden" name="session" value="\(HTMLPage.escape(session))">
            <label>User name <input name="username" value="erika"></label>
            <label>Password <input name="password" type="password" value="sandbox"></label>
            <button name="decision" value="approve">Approve</button>
            <button name="decision" value="deny">Deny</button>
            </form>
            """
        return .html(HTMLPage.page(title: "Sign in to the sandbox issuer", body: body))
    }
}

/// A minimal HTML frame and escaping.
enum HTMLPage {
    static func page(title: String, body: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}
        a{word-break:break-all}label{display:block;margin:.5rem 0}.qr svg{max-width:100%;height:auto}</style>
        </head><body><h1>\(escape(title))</h1>
        \(body)
        </body></html>
        """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
