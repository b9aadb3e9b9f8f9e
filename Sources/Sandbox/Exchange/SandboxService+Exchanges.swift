import Foundation
import JSONModel
import W3CCredentials

/// The scanned-exchange endpoints: Credible's offer and request URLs (`/credible/…`) and
/// VC-API exchanges (`/exchanges/…`), with the admin call that creates them.
extension SandboxService {
    /// The host a request's `domain` names: the sandbox's own, without the port.
    var exchangeDomain: String { URL(string: issuer)?.host ?? "127.0.0.1" }

    /// Makes an exchange of `kind` and returns it with its URL.
    func createExchange(_ kind: SandboxExchange.Kind) -> (SandboxExchange, String) {
        let exchange = SandboxExchange(kind: kind)
        exchanges[exchange.id] = exchange
        return (exchange, url(kind.pathPrefix + exchange.id))
    }

    /// `POST /admin/exchanges {"kind": "offer" | "expired-offer" | "did-authentication" |
    /// "query-by-example" | "vc-api"}` → `{"id", "url"}`.
    func adminCreateExchange(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        guard let name = request.jsonObject?["kind"]?.stringValue, let kind = SandboxExchange.Kind(rawValue: name) else {
            let kinds = SandboxExchange.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            return .error("invalid_request", "a JSON body with kind (\(kinds)) is required")
        }
        let (exchange, link) = createExchange(kind)
        return .json(["id": .string(exchange.id), "url": .string(link)])
    }

    /// `GET /admin/exchanges/{id}`: the exchange's state, for tests.
    func adminExchange(id: String) -> SandboxHTTPResponse {
        guard let exchange = exchanges[id], let data = try? JSONEncoder().encode(exchange), let json = try? JSONValue(parsing: data) else {
            return .error("not_found", "no exchange \(id)", status: 404)
        }
        return .json(json)
    }

    /// `GET /interactions/{id}?iuv=1`: the protocols a VC-API exchange's interaction URL
    /// offers (VCALM's interaction URLs), here `vcapi` — the exchange's URL.
    func interaction(id: String) -> SandboxHTTPResponse {
        guard let exchange = exchanges[id], exchange.kind == .vcAPI else {
            return .error("not_found", "no VC-API exchange \(id)", status: 404)
        }
        return .json(["protocols": .object(["vcapi": .string(url(exchange.kind.pathPrefix + exchange.id))])])
    }

    /// The interaction URL of a VC-API exchange (`…/interactions/{id}?iuv=1`).
    func interactionURL(of exchange: SandboxExchange) -> String {
        url("/interactions/\(exchange.id)?iuv=1")
    }

    /// Routes `/credible/offers/{id}`, `/credible/requests/{id}` and `/exchanges/{id}`, or
    /// `nil` for another path.
    func exchangeEndpoint(_ request: SandboxHTTPRequest) async -> SandboxHTTPResponse? {
        let prefixes = ["/credible/offers/", "/credible/requests/", "/exchanges/"]
        guard let prefix = prefixes.first(where: request.path.hasPrefix) else { return nil }
        let id = String(request.path.dropFirst(prefix.count))
        guard var exchange = exchanges[id], exchange.kind.pathPrefix == prefix else {
            return .error("not_found", "no exchange \(id)", status: 404)
        }
        exchange.requestCount += 1
        exchanges[id] = exchange
        let response: SandboxHTTPResponse
        switch (request.method, exchange.kind) {
        case ("GET", .offer), ("GET", .expiredOffer): response = offerMessage(&exchange)
        case ("POST", .offer), ("POST", .expiredOffer): response = await issueOffered(&exchange, request)
        case ("GET", .didAuthentication), ("GET", .queryByExample): response = presentationRequestMessage(&exchange)
        case ("POST", .didAuthentication), ("POST", .queryByExample): response = await verifySubmitted(&exchange, request)
        case ("POST", .vcAPI): response = await vcAPIStep(&exchange, request)
        default: response = .error("invalid_request", "\(request.method) is not served here", status: 405)
        }
        exchanges[id] = exchange
        return response
    }

    private func offerMessage(_ exchange: inout SandboxExchange) -> SandboxHTTPResponse {
        exchange.state = .fetched
        let expires = exchange.kind == .expiredOffer ? now.addingTimeInterval(-60) : now.addingTimeInterval(600)
        return .json([
            "type": "CredentialOffer",
            "credentialPreview": .object(exchangeIssuer.preview(now: now)),
            "expires": .string(DataIntegrityProofOptions.timestamp(expires)),
        ])
    }

    private func issueOffered(_ exchange: inout SandboxExchange, _ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        guard request.mediaType == "application/x-www-form-urlencoded" else {
            return .error("invalid_request", "the offer is accepted as application/x-www-form-urlencoded", status: 415)
        }
        guard let subject = request.formParameters["subject_id"], subject.hasPrefix("did:") else {
            return refuse(&exchange, "subject_id must be a DID")
        }
        if exchange.kind == .expiredOffer { return refuse(&exchange, "the offer has expired") }
        do {
            let credential = try await exchangeIssuer.diploma(for: subject, now: now)
            exchange.state = .completed
            exchange.holder = subject
            return .json(.object(credential))
        } catch {
            return .error("server_error", "the diploma could not be signed: \(error)", status: 500)
        }
    }

    private func presentationRequest(for exchange: SandboxExchange) -> JSONObject {
        let query: JSONObject = switch exchange.kind {
        case .queryByExample:
            [
                "type": "QueryByExample",
                "credentialQuery": .object([
                    "reason": "The sandbox verifier asks for your diploma.",
                    "example": .object([
                        "@context": .array(SandboxExchangeIssuer.contexts.map(JSONValue.string)),
                        "type": .string(SandboxExchangeIssuer.credentialType),
                    ]),
                    "trustedIssuer": .array([.object(["required": true, "issuer": .string(exchangeIssuer.did)])]),
                ]),
            ]
        default: ["type": "DIDAuthentication"]
        }
        return ["query": .array([.object(query)]), "challenge": .string(exchange.challenge), "domain": .string(exchangeDomain)]
    }

    private func presentationRequestMessage(_ exchange: inout SandboxExchange) -> SandboxHTTPResponse {
        exchange.state = .fetched
        var message = presentationRequest(for: exchange)
        message["type"] = "VerifiablePresentationRequest"
        return .json(.object(message))
    }

    private func verifySubmitted(_ exchange: inout SandboxExchange, _ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        guard let text = request.formParameters["presentation"] else {
            return refuse(&exchange, "the form field presentation is missing")
        }
        let requiredType = exchange.kind == .queryByExample ? SandboxExchangeIssuer.credentialType : nil
        let check = exchangeIssuer.presentationCheck
        // A JSON presentation with an embedded proof, or a VP-JWT.
        let outcome = if let json = try? JSONValue(parsing: Data(text.utf8)), json.objectValue != nil {
            await check.verify(json, challenge: exchange.challenge, domain: exchangeDomain, requiredType: requiredType, now: now)
        } else {
            await check.verify(token: text, challenge: exchange.challenge, domain: exchangeDomain, requiredType: requiredType, now: now)
        }
        switch outcome {
        case .success(let verified):
            let holder = verified.holder
            exchange.state = .completed
            exchange.holder = holder
            return .json(["verified": true])
        case .failure(let refusal):
            return refuse(&exchange, refusal.reason)
        }
    }

    private func vcAPIStep(_ exchange: inout SandboxExchange, _ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        guard let body = request.jsonObject else { return refuse(&exchange, "the body must be a JSON object") }
        guard let presentation = body["verifiablePresentation"] else {
            exchange.state = .fetched
            return .json(["verifiablePresentationRequest": .object(presentationRequest(for: exchange))])
        }
        switch await exchangeIssuer.presentationCheck.verify(
            presentation, challenge: exchange.challenge, domain: exchangeDomain, requiredType: nil, now: now) {
        case .success(let verified):
            let holder = verified.holder
            do {
                let diploma = try await exchangeIssuer.diploma(for: holder, now: now)
                exchange.state = .completed
                exchange.holder = holder
                return .json(["verifiablePresentation": .object([
                    "@context": .array([.string(SandboxExchangeIssuer.contexts[0])]),
                    "type": .array(["VerifiablePresentation"]),
                    "verifiableCredential": .array([.object(diploma)]),
                ])])
            } catch {
                return .error("server_error", "the diploma could not be signed: \(error)", status: 500)
            }
        case .failure(let refusal):
            return refuse(&exchange, refusal.reason)
        }
    }

    private func refuse(_ exchange: inout SandboxExchange, _ reason: String) -> SandboxHTTPResponse {
        exchange.state = .failed
        exchange.error = reason
        return .error("invalid_request", reason, status: 400)
    }
}
