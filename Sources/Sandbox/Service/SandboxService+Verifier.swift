import DCQL
import Foundation
import JSONModel
import OpenID4VP
import X509
import X509Trust

/// The OpenID4VP verifier's endpoints on the sandbox server: request objects, the response
/// endpoint, a result page, a start page with the request as a QR code, and an admin call to
/// start a presentation request.
extension SandboxService {
    /// The verifier is reached as `localhost` (its `x509_san_dns` name) on the same port.
    static func makeVerifier(
        issuer: String, root: Certificate, keys: VerifierIdentity.Keys, w3cPresentations: W3CPresentationCheck,
        clock: @escaping @Sendable () -> Date
    ) throws(SandboxError) -> SandboxVerifier {
        guard var components = URLComponents(string: issuer) else { throw .serverFailed("\(issuer) is not a URL") }
        let host = components.host ?? "localhost"
        let dnsName = ["127.0.0.1", "::1", "[::1]"].contains(host) ? "localhost" : host
        components.host = dnsName
        guard let baseURL = components.url else { throw .serverFailed("no verifier URL for \(issuer)") }
        do {
            return SandboxVerifier(
                identity: try VerifierIdentity(dnsName: dnsName, keys: keys, now: clock()), baseURL: baseURL,
                issuerAnchors: TrustAnchorStore([root]), w3cPresentations: w3cPresentations, clock: clock)
        } catch {
            throw .serverFailed("the verifier identity could not be made: \(error)")
        }
    }

    /// `POST /admin/presentation-requests` with `{"dcql_query": …, "response_mode"?, "authentication"?,
    /// "request_uri_method"?}` → `{"link", "transaction_id", "page"}`.
    func adminCreatePresentationRequest(_ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        guard let body = try? JSONValue(parsing: request.body), let query = body["dcql_query"] else {
            return .error("invalid_request", "a JSON body with dcql_query is required")
        }
        let mode = body["response_mode"]?.stringValue.flatMap(ResponseMode.init(rawValue:)) ?? .directPostJWT
        let authentication = body["authentication"]?.stringValue.flatMap(VerifierAuthentication.init(rawValue:)) ?? .x509SANDNS
        do {
            let (link, id) = try await verifier.createRequest(
                query: query, responseMode: mode, requestURIMethod: body["request_uri_method"]?.stringValue,
                authentication: authentication)
            return .json(["link": .string(link), "transaction_id": .string(id),
                          "page": .string(verifier.baseURL.appendingPathComponent("verifier/requests/\(id)/page").absoluteString)])
        } catch {
            return .error("invalid_request", "\(error)")
        }
    }

    func verifierEndpoint(_ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        if request.method == "GET", parts == ["verifier", "root.pem"], let pem = try? verifier.identity.rootPEM {
            return SandboxHTTPResponse(status: 200, headers: [("Content-Type", "application/x-pem-file")], body: Data(pem.utf8))
        }
        guard parts.count >= 3 else { return .error("not_found", "no endpoint \(request.path)", status: 404) }
        let id = parts[2]
        switch (request.method, parts[1], parts.count) {
        case ("GET", "request", 3), ("POST", "request", 3):
            let walletNonce = request.method == "POST" ? request.formParameters["wallet_nonce"] : nil
            guard let token = try? await verifier.requestObject(transactionID: id, walletNonce: walletNonce) else {
                return .error("invalid_request", "unknown presentation request", status: 404)
            }
            return SandboxHTTPResponse(
                status: 200, headers: [("Content-Type", "application/oauth-authz-req+jwt"), ("Cache-Control", "no-store")],
                body: Data(token.utf8))
        case ("POST", "response", 3):
            await stall(while: .stallsPresentationResponse)
            var form: [String: String] = [:]
            for pair in request.formParameters.pairs where form[pair.name] == nil { form[pair.name] = pair.value }
            let (status, body) = await verifier.receiveResponse(transactionID: id, form: form)
            return .json(.object(body), status: status)
        case ("GET", "callback", 3):
            return await callback(id: id, query: request.queryParameters)
        case ("GET", "result", 3):
            return await resultPage(id: id)
        case ("GET", "requests", 4) where parts[3] == "page":
            return await requestPage(id: id)
        default:
            return .error("not_found", "no endpoint \(request.method) \(request.path)", status: 404)
        }
    }

    /// The `redirect_uri` of `query` and `fragment` requests, opened by the browser. A `query`
    /// answer arrives in the URL and is checked at once; a `fragment` answer never reaches the
    /// server, so the page posts `location.hash` to the response endpoint, as a verifier's web
    /// page does. Either way the browser ends on the result page.
    private func callback(id: String, query: FormParameters) async -> SandboxHTTPResponse {
        if !query.pairs.isEmpty {
            var form: [String: String] = [:]
            for pair in query.pairs where form[pair.name] == nil { form[pair.name] = pair.value }
            let (status, body) = await verifier.receiveResponse(transactionID: id, form: form)
            guard status == 200 else {
                let reason = body["error_description"]?.stringValue ?? body["error"]?.stringValue ?? "rejected"
                return .html(HTMLPage.page(title: "Presentation rejected", body: "<p>\(HTMLPage.escape(reason))</p>"), status: status)
            }
            return await resultPage(id: id)
        }
        let script = """
            <script>
            const answer = new URLSearchParams(location.hash.slice(1));
            fetch("/verifier/response/\(HTMLPage.escape(id))", {method: "POST",
              headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: answer.toString()})
              .then(r => r.json()).then(j => { if (j.redirect_uri) { location = j.redirect_uri; }
                else { document.body.textContent = "Rejected: " + (j.error_description || j.error); } });
            </script>
            """
        return .html(HTMLPage.page(title: "Receiving the presentation", body: "<p>Checking the presentation…</p>" + script))
    }

    /// A request's page: its QR code and link, and once a wallet answered, the verdict and
    /// the disclosed claims; until then it reloads itself every two seconds.
    private func requestPage(id: String) async -> SandboxHTTPResponse {
        guard let link = await verifier.link(transactionID: id) else {
            return .html(HTMLPage.page(title: "No such request", body: "<p>Unknown presentation request.</p>"), status: 404)
        }
        let qr = (try? SandboxQRCode(encoding: link).svg()) ?? "<p>(QR code unavailable)</p>"
        var body = """
            <p>Scan with a wallet, or open the link on this device. Trust the verifier root from
            <a href="/verifier/root.pem">/verifier/root.pem</a>.</p>
            <div class="qr">\(qr)</div>
            <p><a id="request-link" href="\(HTMLPage.escape(link))">\(HTMLPage.escape(link))</a></p>
            <p>Present it with <code>vellum present '\(HTMLPage.escape(link))'</code></p>
            """
        let outcome = await verifier.outcome(transactionID: id)
        if let outcome {
            body += "<section id=\"outcome\">" + Self.outcomeHTML(outcome) + "</section>"
        } else {
            body += "<p id=\"waiting\">Waiting for a wallet to answer…</p>"
        }
        body += "<p><a href=\"/\">Back to the sandbox</a></p>"
        return .html(HTMLPage.page(title: "Presentation request", body: body, refreshSeconds: outcome == nil ? 2 : nil))
    }

    private func resultPage(id: String) async -> SandboxHTTPResponse {
        guard let outcome = await verifier.outcome(transactionID: id) else {
            return .html(HTMLPage.page(title: "Waiting", body: "<p>No response has arrived for this request yet.</p>"), status: 404)
        }
        return .html(HTMLPage.page(title: "Presentation result", body: Self.outcomeHTML(outcome)))
    }

    /// The verdict (`id="verdict"`) and each presentation's disclosed claims.
    static func outcomeHTML(_ outcome: PresentationOutcome) -> String {
        let verdict: String
        switch outcome.status {
        case .accepted: verdict = "<p id=\"verdict\"><strong>Accepted.</strong> The presentation verified.</p>"
        case let .rejected(reason): verdict = "<p id=\"verdict\"><strong>Rejected:</strong> \(HTMLPage.escape(reason))</p>"
        case let .declined(error, description):
            verdict = "<p id=\"verdict\"><strong>Declined</strong> by the wallet: \(HTMLPage.escape(error)) \(HTMLPage.escape(description ?? ""))</p>"
        }
        let items = outcome.presentations.map { presented in
            "<li><code>\(HTMLPage.escape(presented.queryID))</code> (\(HTMLPage.escape(presented.type))): "
                + "<pre>\(HTMLPage.escape(JSONValue.object(presented.claims).serializedString(.pretty(indent: 2))))</pre></li>"
        }
        return verdict + "<ul>\(items.joined())</ul>"
    }
}
