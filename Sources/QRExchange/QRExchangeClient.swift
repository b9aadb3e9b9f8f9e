import Foundation
import HTTP
import JSONModel

/// The holder's side of a scanned exchange, over the wire only: fetch the message behind a
/// link, accept an offer, submit a presentation, drive a VC-API exchange.
///
/// Headless: the holder's DID, the credentials to present and the signing of presentations
/// come from the caller (the wallet), and the policy checks (``ExchangePolicy``) are the
/// caller's to run between these steps. Every request goes through the injected
/// `HTTPClient`, whose policy bounds time, size, redirects and addresses.
public struct QRExchangeClient: Sendable {
    /// The transport.
    public let httpClient: any HTTPClient

    /// A client over `httpClient`.
    public init(httpClient: any HTTPClient) {
        self.httpClient = httpClient
    }

    /// `GET url` for the message it holds (`Accept: application/json`).
    public func message(at url: URL) async throws(QRExchangeError) -> ExchangeMessage {
        let response = try await send(HTTPRequest(method: .get, url: url, headers: ["Accept": "application/json"]))
        return try ExchangeMessage(data: response.body)
    }

    /// Accepts an offer fetched from `url`: POSTs `subject_id` (the holder's DID) as a form
    /// and returns the credential the issuer answers with, unverified.
    ///
    /// The form goes as `application/x-www-form-urlencoded`; a server that answers 415
    /// (Unsupported Media Type) is asked again with `multipart/form-data`, as Credible posts it.
    public func acceptOffer(at url: URL, subjectID: String) async throws(QRExchangeError) -> JSONObject {
        let response = try await postForm(url, fields: [("subject_id", subjectID)])
        return try Self.object(response.body, what: "the issued credential")
    }

    /// Submits a presentation (its JSON, or a VP-JWT) as the form field `presentation` to
    /// the URL the request came from; any 2xx answer is success.
    @discardableResult
    public func submitPresentation(_ presentation: String, to url: URL) async throws(QRExchangeError) -> HTTPResponse {
        try await postForm(url, fields: [("presentation", presentation)])
    }

    /// The VC-API exchange an interaction URL (`…?iuv=1`) offers: its `protocols.vcapi`.
    public func exchangeURL(forInteraction url: URL) async throws(QRExchangeError) -> URL {
        let response = try await send(HTTPRequest(method: .get, url: url, headers: ["Accept": "application/json"]))
        let object = try Self.object(response.body, what: "the interaction")
        guard let text = object["protocols"]?["vcapi"]?.stringValue else {
            throw .malformedMessage("the interaction offers no vcapi exchange")
        }
        guard case .exchange(let exchange) = try ExchangeLink(text) else {
            throw .malformedMessage("the interaction's vcapi URL is not an exchange: \(text)")
        }
        return exchange
    }

    /// Starts a VC-API exchange: `POST {}`.
    public func startExchange(at url: URL) async throws(QRExchangeError) -> ExchangeStep {
        try await exchangeStep(url, body: [:])
    }

    /// Answers the exchange's request with `presentation`: `POST {"verifiablePresentation": …}`.
    public func continueExchange(at url: URL, presentation: JSONObject) async throws(QRExchangeError) -> ExchangeStep {
        try await exchangeStep(url, body: ["verifiablePresentation": .object(presentation)])
    }

    // MARK: Plumbing

    private func exchangeStep(_ url: URL, body: JSONObject) async throws(QRExchangeError) -> ExchangeStep {
        let response: HTTPResponse
        do {
            response = try await httpClient.postJSON(url, json: JSONValue.object(body).serialized())
        } catch {
            throw .transport(error)
        }
        try Self.requireSuccess(response)
        return try ExchangeStep(json: response.body.isEmpty ? [:] : Self.object(response.body, what: "the exchange's answer"))
    }

    private func postForm(_ url: URL, fields: [(String, String)]) async throws(QRExchangeError) -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try await httpClient.postForm(url, form: fields)
            if response.status == 415 {
                response = try await httpClient.postMultipart(url, form: MultipartFormData(fields.map { (name: $0.0, value: $0.1) }))
            }
        } catch {
            throw .transport(error)
        }
        try Self.requireSuccess(response)
        return response
    }

    private func send(_ request: HTTPRequest) async throws(QRExchangeError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await httpClient.send(request)
        } catch {
            throw .transport(error)
        }
        try Self.requireSuccess(response)
        return response
    }

    /// Throws ``QRExchangeError/serverError(status:message:)`` for a non-2xx answer, with the
    /// start of its body (printable characters only) for the user to read.
    static func requireSuccess(_ response: HTTPResponse) throws(QRExchangeError) {
        guard !response.isSuccess else { return }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
        let printable = String(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
        throw .serverError(status: response.status, message: printable)
    }

    static func object(_ body: Data, what: String) throws(QRExchangeError) -> JSONObject {
        guard let value = try? JSONValue(parsing: body, limits: ExchangeMessage.parserLimits), let object = value.objectValue else {
            throw .malformedMessage("\(what) is not a JSON object")
        }
        return object
    }
}

/// Where a VC-API exchange stands after a step.
public enum ExchangeStep: Sendable, Equatable {
    /// The exchange asks for a presentation.
    case request(VerifiablePresentationRequest)
    /// The exchange is done; it delivered a presentation (holding issued credentials) or
    /// nothing.
    case completed(delivered: JSONObject?)

    /// Reads an exchange's answer: `verifiablePresentationRequest`, else
    /// `verifiablePresentation`, else done.
    public init(json: JSONObject) throws(QRExchangeError) {
        if let request = json["verifiablePresentationRequest"] {
            guard let object = request.objectValue else { throw .malformedMessage("verifiablePresentationRequest is not an object") }
            self = .request(try VerifiablePresentationRequest(json: object))
        } else if let presentation = json["verifiablePresentation"] {
            guard let object = presentation.objectValue else { throw .malformedMessage("verifiablePresentation is not an object") }
            self = .completed(delivered: object)
        } else {
            self = .completed(delivered: nil)
        }
    }
}
