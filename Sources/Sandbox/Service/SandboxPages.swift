import Foundation

/// The issuer's HTML pages a person sees: the offer page (QR code and link) and the
/// login/consent page of the authorization endpoint. The home page is in
/// SandboxService+HomePage.swift, the verifier's pages beside its endpoints.
extension SandboxService {
    /// `GET /offers/<id>/page`.
    func offerPage(id: String) -> SandboxHTTPResponse {
        guard let offer = offers[id] else { return .html(HTMLPage.page(title: "No such offer", body: "<p>Unknown offer.</p>"), status: 404) }
        let reference = configuration.offerScheme + "://?" + QueryEncoding.query([("credential_offer_uri", url("/offers/\(id)"))])
        let qr = (try? SandboxQRCode(encoding: reference).svg()) ?? "<p>(QR code unavailable)</p>"
        var body = """
            <p>Scan with a wallet, or open the link on this device.</p>
            <div class="qr">\(qr)</div>
            <p><a id="offer-link" href="\(HTMLPage.escape(reference))">\(HTMLPage.escape(reference))</a></p>
            <p>Credentials: \(HTMLPage.escape(offer.kinds.map(\.configurationID).joined(separator: ", ")))</p>
            <p>Claim it with <code>vellum receive '\(HTMLPage.escape(reference))' --trust-issuer-iaca\(
                offer.transactionCode.map { " --tx-code \(HTMLPage.escape($0))" } ?? "")</code></p>
            """
        if let code = offer.transactionCode {
            body += "<p>Transaction code: <strong>\(HTMLPage.escape(code))</strong></p>"
        }
        body += "<details><summary>Offer JSON</summary><pre>\(HTMLPage.escape(offer.json.serializedString()))</pre></details>"
        body += "<p><a href=\"/\">Back to the sandbox</a></p>"
        return .html(HTMLPage.page(title: "Credential offer", body: body))
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
    /// A page; with `refreshSeconds` it reloads itself (a request page waiting for a wallet).
    static func page(title: String, body: String, refreshSeconds: Int? = nil) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">\(refreshSeconds.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">" } ?? "")
        <title>\(escape(title))</title>
        <style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}
        a{word-break:break-all}label{display:block;margin:.5rem 0}.qr svg{max-width:100%;height:auto}
        .qr{background:#fff;display:inline-block;padding:.5rem}form.inline{display:inline-block;margin:.25rem}
        section{border-top:1px solid #ccc;margin-top:1.5rem}</style>
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
