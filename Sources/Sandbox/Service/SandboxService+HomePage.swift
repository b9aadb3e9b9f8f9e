import Foundation
import JSONModel
import OpenID4VP

/// The sandbox's home page (`GET /`): the issuer's part offers every credential configuration
/// with a "new offer" button and lists the offers made; the verifier's part starts a
/// presentation request for a chosen DCQL query and response mode. Each button posts a form
/// and lands on the page of what it made (303 See Other), which shows its link and QR code.
extension SandboxService {
    /// `GET /`.
    func homePage() -> SandboxHTTPResponse {
        let choices: [(value: String, label: String)] =
            SandboxCredentialKind.allCases.map { ($0.rawValue, "\($0.configurationID)") }
            + [(SandboxCredentialKind.allCases.map(\.rawValue).joined(separator: ","), "all of them")]
        let buttons = choices.map { choice in
            """
            <form class="inline" method="post" action="/offers/new">\
            <input type="hidden" name="credentials" value="\(HTMLPage.escape(choice.value))">\
            <button type="submit" data-offer="\(HTMLPage.escape(choice.value))">New offer: \(HTMLPage.escape(choice.label))</button></form>
            """
        }
        let offerItems = offers.values.sorted { $0.id < $1.id }.map { offer in
            "<li><a href=\"/offers/\(HTMLPage.escape(offer.id))/page\">\(HTMLPage.escape(offer.kinds.map(\.configurationID).joined(separator: ", ")))</a>"
                + (offer.redeemed ? " (claimed)" : "") + "</li>"
        }
        let queries = SandboxPresentationQuery.allCases.map {
            "<option value=\"\($0.rawValue)\">\(HTMLPage.escape($0.title))</option>"
        }
        let body = """
            <section id="issuer"><h2>Issuer</h2>
            <p>Issuer <code>\(HTMLPage.escape(issuer))</code>. A wallet trusts its root (IACA) from
            <a href="/certificates/root.pem">/certificates/root.pem</a>, or with <code>vellum receive --trust-issuer-iaca</code>.</p>
            <div>\(buttons.joined())</div>
            <h3>Offers</h3>
            \(offerItems.isEmpty ? "<p>None yet.</p>" : "<ul>\(offerItems.joined())</ul>")
            </section>
            <section id="verifier"><h2>Verifier</h2>
            <p>A wallet trusts the verifier's root from <a href="/verifier/root.pem">/verifier/root.pem</a>
            (<code>vellum trust add verifier-root.pem --purpose verifier</code>).</p>
            <form method="post" action="/verifier/requests/new">
            <label>Ask for <select name="query">\(queries.joined())</select></label>
            <label>Response mode <select name="response_mode">
            <option value="direct_post.jwt">direct_post.jwt (encrypted)</option><option value="direct_post">direct_post</option>
            </select></label>
            <button type="submit" id="new-request">New presentation request</button>
            </form>
            </section>
            \(exchangeSection)
            \(ariesSection())
            """
        return .html(HTMLPage.page(title: "Vellum sandbox", body: body))
    }

    /// `POST /offers/new` with `credentials=pid,mDL`: a pre-authorized offer, then its page.
    func newOfferFromPage(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        let names = (request.formParameters["credentials"] ?? "").split(separator: ",").map(String.init)
        let kinds = names.compactMap(SandboxCredentialKind.init(rawValue:))
        guard !kinds.isEmpty, kinds.count == names.count else {
            return .html(HTMLPage.page(title: "No such credential", body: "<p>Choose a credential on <a href=\"/\">the sandbox page</a>.</p>"), status: 400)
        }
        do {
            let offer = try createOffer(kinds: kinds, grant: .preAuthorized(txCode: nil))
            return .seeOther("/offers/\(offer.id)/page")
        } catch {
            return .html(HTMLPage.page(title: "No offer", body: "<p>\(HTMLPage.escape(error.description))</p>"), status: 500)
        }
    }

    /// `POST /verifier/requests/new` with `query` and `response_mode`: a request, then its page.
    func newRequestFromPage(_ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        let form = request.formParameters
        guard let query = form["query"].flatMap(SandboxPresentationQuery.init(rawValue:)),
              let mode = form["response_mode"].flatMap(ResponseMode.init(rawValue:)), mode.postsToResponseURI
        else {
            return .html(HTMLPage.page(title: "Choose a query", body: "<p>Choose a query and a response mode on <a href=\"/\">the sandbox page</a>.</p>"), status: 400)
        }
        do {
            let (_, id) = try await verifier.createRequest(query: query.dcqlQuery, responseMode: mode)
            return .seeOther("/verifier/requests/\(id)/page")
        } catch {
            return .html(HTMLPage.page(title: "No request", body: "<p>\(HTMLPage.escape("\(error)"))</p>"), status: 500)
        }
    }
}
