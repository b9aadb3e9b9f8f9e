import AnonCreds
import AnonCredsLedger
import DIDComm
import Foundation
import JSONModel

/// The Aries endpoints: DIDComm at `/aries`, the `~ledger` objects at `/ledger/…`, the admin
/// calls that make invitations and show exchanges, and the page of an invitation.
extension SandboxService {
    /// The DIDComm endpoint (and the base of invitation links).
    var ariesEndpointURL: String { url("/aries") }

    /// The `~ledger` decorator of this sandbox (`/ledger/schema/{id}`, `/ledger/cred_def/{id}`).
    var ledgerDecorator: LedgerDecorator {
        // The issuer URL is an absolute http URL, so the templates always check.
        (try? LedgerDecorator(baseURL: URL(string: issuer)!))!
    }

    /// The Aries issuer's objects, made (and saved) the first time they are needed.
    func ensureAriesMaterial() throws(SandboxError) -> SandboxAriesMaterial {
        if let ariesMaterial { return ariesMaterial }
        let made = try SandboxAriesMaterial.make(safePrimeBits: configuration.ariesSafePrimeBits)
        ariesMaterial = made
        try persist()
        return made
    }

    /// A new invitation for `plan`.
    func createAriesInvitation(_ plan: SandboxAriesPlan) throws(SandboxError) -> SandboxAriesInvitation {
        let material = try ensureAriesMaterial()
        return try aries.invite(plan, material: material, endpoint: ariesEndpointURL, linkBase: ariesEndpointURL, ledger: ledgerDecorator)
    }

    /// Routes the Aries paths, or `nil` for another path.
    func ariesEndpoint(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse? {
        switch (request.method, request.path) {
        case ("POST", "/aries"): return receiveEnvelope(request)
        case ("GET", "/aries"): return invitationLanding(request)
        case ("POST", "/admin/aries/invitations"): return adminCreateAriesInvitation(request)
        case ("GET", "/admin/aries/exchanges"): return adminAriesExchanges(request)
        case ("POST", "/aries/invitations/new"): return newAriesInvitationFromPage(request)
        default: break
        }
        if request.method == "GET", request.path.hasPrefix("/ledger/") { return ledgerObject(path: request.path) }
        if request.method == "GET", request.path.hasPrefix("/aries/invitations/"), request.path.hasSuffix("/page") {
            return ariesInvitationPage(id: String(request.path.dropFirst("/aries/invitations/".count).dropLast("/page".count)))
        }
        return nil
    }

    /// `POST /aries`: one envelope (`application/didcomm-envelope-enc` or
    /// `application/ssi-agent-wire`, else 415) → 200 with the next envelope queued for its
    /// sender, in the same media type, or 202; 400 with the typed reason for an envelope that
    /// does not open or a message that does not read.
    private func receiveEnvelope(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        guard let type = request.header("content-type"), DIDCommMediaType.isEnvelope(type) else {
            return .error("unsupported_media_type", "an envelope is \(DIDCommMediaType.envelope) or \(DIDCommMediaType.legacyEnvelope)", status: 415)
        }
        let material: SandboxAriesMaterial
        do { material = try ensureAriesMaterial() } catch {
            return .error("server_error", error.description, status: 500)
        }
        switch aries.receive(request.body, material: material, ledger: ledgerDecorator) {
        case .answer(let envelope):
            let answerType = request.mediaType == DIDCommMediaType.legacyEnvelope ? DIDCommMediaType.legacyEnvelope : DIDCommMediaType.envelope
            return SandboxHTTPResponse(status: 200, headers: [("Content-Type", answerType), ("Cache-Control", "no-store")], body: envelope)
        case .accepted:
            return SandboxHTTPResponse(status: 202)
        case .refused(let error):
            return .error("invalid_envelope", error.description)
        }
    }

    /// `GET /ledger/schema/{id}` and `GET /ledger/cred_def/{id}`: the sandbox's schema and
    /// credential definition as anoncreds-rs writes them, `{id}` percent-encoded; 404 for any other.
    private func ledgerObject(path: String) -> SandboxHTTPResponse {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, let identifier = String(parts[3]).removingPercentEncoding, let material = ariesMaterial else {
            return .error("not_found", "no ledger object at \(path)", status: 404)
        }
        let data: Data
        switch (parts[2], identifier) {
        case (Substring(PublicEntityKind.schema.pathSegment), material.schemaID): data = material.schema.jsonData()
        case (Substring(PublicEntityKind.credentialDefinition.pathSegment), material.credentialDefinitionID):
            data = material.issuer.definition.jsonData()
        default: return .error("not_found", "no \(parts[2]) \(identifier)", status: 404)
        }
        return SandboxHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: data)
    }

    /// `POST /admin/aries/invitations` with a plan (``SandboxAriesPlan/json``; an empty body is
    /// ``SandboxAriesPlan/issueThenProve``) → `{"id", "url", "invitation", "page"}`.
    private func adminCreateAriesInvitation(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        do throws(SandboxError) {
            var plan = SandboxAriesPlan.issueThenProve
            if !request.body.isEmpty {
                guard let object = request.jsonObject else { throw SandboxError.invalidRequest("the plan is not a JSON object") }
                plan = try SandboxAriesPlan(json: .object(object))
            }
            let invitation = try createAriesInvitation(plan)
            return .json([
                "id": .string(invitation.id), "url": .string(invitation.url.absoluteString), "invitation": invitation.invitation,
                "page": .string(url("/aries/invitations/\(invitation.id)/page")),
            ])
        } catch {
            return .error("invalid_request", error.description)
        }
    }

    /// `GET /admin/aries/exchanges[?invitation=ID]` → `{"exchanges": […], "refusals": […]}`.
    private func adminAriesExchanges(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        let exchanges = aries.exchanges(invitationID: request.queryParameters["invitation"])
        return .json(["exchanges": .array(exchanges.map(\.json)), "refusals": .array(aries.refusals.map(JSONValue.string))])
    }

    /// `GET /aries?oob=…`: what a browser that opened an invitation link sees.
    private func invitationLanding(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        let link = url("/aries") + (request.query.map { "?" + $0 } ?? "")
        return .html(HTMLPage.page(title: "Aries invitation", body: """
            <p>This is a DIDComm out-of-band invitation of the Vellum sandbox's Aries agent. Accept it with a wallet:</p>
            <p><code>vellum aries connect '\(HTMLPage.escape(link))'</code></p>
            <p><a href="/">Back to the sandbox</a></p>
            """))
    }
}
