import Foundation
import HTTP
import JSONModel

/// Asks a running sandbox (another process, reached over loopback HTTP) for a new credential
/// offer or presentation request, through its admin API (`POST /admin/offers`,
/// `POST /admin/presentation-requests`): what `vellum sandbox offer` and `vellum sandbox
/// request` use, and what the sandbox's own page does with its buttons.
public struct SandboxAdminClient: Sendable {
    /// The sandbox's base URL (`http://127.0.0.1:PORT`).
    public let baseURL: URL
    private let client: any HTTPClient

    /// A client of the sandbox at `baseURL`, over `client` (loopback must be allowed).
    public init(baseURL: URL, client: any HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    /// A new offer for `credentials` (sandbox kinds or configuration ids).
    public func createOffer(
        credentials: [String], grant: SandboxGrant = .preAuthorized(txCode: nil)
    ) async throws(SandboxError) -> CreatedOffer {
        var body: JSONObject = ["credentials": .array(credentials.map(JSONValue.string))]
        switch grant {
        case .authorizationCode: body["grant"] = "authorization_code"
        case .preAuthorized(let code):
            body["grant"] = "pre-authorized"
            if let code { body["tx_code"] = .string(code) }
        }
        let answer = try await post("/admin/offers", body)
        guard let link = answer["by_reference"]?.stringValue, let page = answer["page"]?.stringValue.flatMap(URL.init(string:)) else {
            throw .invalidRequest("the sandbox's offer answer has no link")
        }
        return CreatedOffer(link: link, page: page, transactionCode: answer["tx_code"]?.stringValue, json: answer)
    }

    /// A new presentation request for `query`, answered in `responseMode`
    /// (`direct_post` or `direct_post.jwt`), signed for `authentication`.
    public func createPresentationRequest(
        query: JSONValue, responseMode: String = "direct_post.jwt", authentication: VerifierAuthentication = .x509SANDNS
    ) async throws(SandboxError) -> CreatedRequest {
        let answer = try await post(
            "/admin/presentation-requests",
            ["dcql_query": query, "response_mode": .string(responseMode), "authentication": .string(authentication.rawValue)])
        guard let link = answer["link"]?.stringValue, let id = answer["transaction_id"]?.stringValue,
              let page = answer["page"]?.stringValue.flatMap(URL.init(string:))
        else { throw .invalidRequest("the sandbox's request answer has no link") }
        return CreatedRequest(link: link, transactionID: id, page: page, json: answer)
    }

    /// A new scanned exchange of `kind` (a Credible-style offer or request, a VC-API
    /// exchange); its URL.
    public func createExchange(_ kind: SandboxExchange.Kind) async throws(SandboxError) -> URL {
        let answer = try await post("/admin/exchanges", ["kind": .string(kind.rawValue)])
        guard let url = answer["url"]?.stringValue.flatMap(URL.init(string:)) else {
            throw .invalidRequest("the sandbox's exchange answer has no url")
        }
        return url
    }

    /// A new Aries out-of-band invitation running `plan` (`POST /admin/aries/invitations`).
    public func createAriesInvitation(_ plan: SandboxAriesPlan = .issueThenProve) async throws(SandboxError) -> CreatedInvitation {
        let answer = try await post("/admin/aries/invitations", plan.json.objectValue ?? [:])
        guard let id = answer["id"]?.stringValue, let url = answer["url"]?.stringValue.flatMap(URL.init(string:)),
              let page = answer["page"]?.stringValue.flatMap(URL.init(string:))
        else { throw .invalidRequest("the sandbox's invitation answer has no url") }
        return CreatedInvitation(id: id, url: url, page: page, json: answer)
    }

    private func post(_ path: String, _ body: JSONObject) async throws(SandboxError) -> JSONValue {
        let url = baseURL.appendingPathComponent(String(path.dropFirst()))
        let request = HTTPRequest(
            method: .post, url: url, headers: ["Content-Type": "application/json"], body: Data(JSONValue.object(body).serialized()))
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            throw .serverFailed("nothing answers at \(baseURL.absoluteString)")
        }
        guard let json = try? JSONValue(parsing: response.body) else {
            throw .serverFailed("\(baseURL.absoluteString) answered \(response.status) without JSON: is it a Vellum sandbox?")
        }
        guard response.isSuccess else {
            throw .invalidRequest(json["error_description"]?.stringValue ?? json["error"]?.stringValue ?? "status \(response.status)")
        }
        return json
    }

    /// An offer the sandbox made.
    public struct CreatedOffer: Sendable, Hashable {
        /// The `openid-credential-offer://` link, by reference.
        public let link: String
        /// The sandbox page showing it with its QR code.
        public let page: URL
        /// The transaction code the wallet must enter, if any.
        public let transactionCode: String?
        /// The sandbox's whole answer.
        public let json: JSONValue
    }

    /// An Aries invitation the sandbox's agent made.
    public struct CreatedInvitation: Sendable, Hashable {
        /// The invitation's `@id`.
        public let id: String
        /// The `…/aries?oob=…` link.
        public let url: URL
        /// The sandbox page showing its QR code and how its exchanges stand.
        public let page: URL
        /// The sandbox's whole answer (with the invitation message).
        public let json: JSONValue
    }

    /// A presentation request the sandbox's verifier made.
    public struct CreatedRequest: Sendable, Hashable {
        /// The `openid4vp://` link.
        public let link: String
        /// The verifier's transaction id.
        public let transactionID: String
        /// The sandbox page showing its QR code and, once answered, the verdict.
        public let page: URL
        /// The sandbox's whole answer.
        public let json: JSONValue
    }
}
