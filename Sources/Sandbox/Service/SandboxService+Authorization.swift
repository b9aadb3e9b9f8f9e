import Foundation
import JSONModel

/// The authorization endpoint, PAR (RFC 9126) and the consent page: the authorization code
/// flow of OpenID4VCI §5 with PKCE S256 always required and `iss` in every response (RFC 9207).
extension SandboxService {
    /// How long a pushed request or an authorization code lives.
    static let requestLifetime: TimeInterval = 60
    static let requestURIPrefix = "urn:ietf:params:oauth:request_uri:"

    /// An authorization request that could not be accepted: shown as a page, never redirected,
    /// because the redirect URI is not yet known to be the client's.
    struct AuthorizationFailure: Error {
        let code: String
        let reason: String
    }

    /// `POST /par`.
    func pushAuthorizationRequest(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        guard request.mediaType == "application/x-www-form-urlencoded" else {
            return .error("invalid_request", "a pushed authorization request is application/x-www-form-urlencoded")
        }
        let form = request.formParameters
        if let repeated = form.repeatedNames.first { return .error("invalid_request", "\(repeated) is repeated") }
        guard form["request_uri"] == nil else { return .error("invalid_request", "request_uri cannot be pushed") }
        let proofThumbprint: String?
        do {
            proofThumbprint = try checkDPoP(request, path: "/par", accessToken: nil)
        } catch {
            return tokenEndpointDPoPError(error)
        }
        if let declared = form["dpop_jkt"], let proofThumbprint, declared != proofThumbprint {
            return .error("invalid_dpop_proof", "dpop_jkt does not match the DPoP proof key")
        }
        let record: AuthorizationRequestRecord
        do {
            record = try authorizationRequest(form, dpopThumbprint: proofThumbprint ?? form["dpop_jkt"])
        } catch {
            return .error(error.code, error.reason)
        }
        let requestURI = Self.requestURIPrefix + RandomToken.make()
        pushedRequests[requestURI] = record
        return SandboxHTTPResponse(
            status: 201, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-cache, no-store")] + dpopNonceHeaders(),
            body: JSONValue.object([
                "request_uri": .string(requestURI), "expires_in": .number(JSONNumber(Int(Self.requestLifetime))),
            ]).serialized(.compact))
    }

    /// `GET /authorize`.
    func authorize(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        let query = request.queryParameters
        if let repeated = query.repeatedNames.first { return failurePage("invalid_request", "\(repeated) is repeated") }
        let record: AuthorizationRequestRecord
        if let requestURI = query["request_uri"] {
            guard let pushed = pushedRequests.removeValue(forKey: requestURI), pushed.expiresAt > now else {
                return failurePage("invalid_request_uri", "unknown, used or expired request_uri")
            }
            guard query["client_id"] == pushed.clientID else {
                return failurePage("invalid_request", "client_id does not match the pushed request")
            }
            record = pushed
        } else {
            guard !configuration.mustPush else {
                return failurePage("invalid_request", "this server requires pushed authorization requests")
            }
            do {
                record = try authorizationRequest(query, dpopThumbprint: query["dpop_jkt"])
            } catch {
                return failurePage(error.code, error.reason)
            }
        }
        if configuration.autoApprove { return approve(record) }
        let session = RandomToken.make()
        pendingConsents[session] = record
        return consentPage(session: session, request: record)
    }

    /// `POST /authorize/consent` from the consent page.
    func consent(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        let form = request.formParameters
        guard let session = form["session"], let record = pendingConsents.removeValue(forKey: session), record.expiresAt > now else {
            return failurePage("invalid_request", "the sign-in session is unknown or expired")
        }
        guard form["decision"] == "approve" else {
            return .redirect(to: redirect(record, [("error", "access_denied"), ("error_description", "the user declined")]))
        }
        return approve(record)
    }

    /// Issues a code and sends the user agent back to the wallet with `code`, `state` and `iss`.
    private func approve(_ record: AuthorizationRequestRecord) -> SandboxHTTPResponse {
        let code = RandomToken.make()
        authorizationCodes[code] = AuthorizationRequestRecord(
            clientID: record.clientID, redirectURI: record.redirectURI, state: record.state,
            codeChallenge: record.codeChallenge, kinds: record.kinds, usedAuthorizationDetails: record.usedAuthorizationDetails,
            dpopThumbprint: record.dpopThumbprint, issuerState: record.issuerState, expiresAt: now + Self.requestLifetime)
        return .redirect(to: redirect(record, [("code", code)]))
    }

    private func redirect(_ record: AuthorizationRequestRecord, _ parameters: [(String, String)]) -> String {
        var pairs = parameters
        if let state = record.state { pairs.append(("state", state)) }
        pairs.append(("iss", faults.contains(.wrongIssuerInAuthorizationResponse) ? "http://127.0.0.1:1/mix-up" : issuer))
        let separator = record.redirectURI.contains("?") ? "&" : "?"
        return record.redirectURI + separator + QueryEncoding.query(pairs)
    }

    private func failurePage(_ code: String, _ reason: String) -> SandboxHTTPResponse {
        .html(HTMLPage.page(
            title: "Authorization failed",
            body: "<p><code>\(HTMLPage.escape(code))</code>: \(HTMLPage.escape(reason))</p>"), status: 400)
    }

    /// Checks an authorization request's parameters and works out what it asks for: from
    /// `authorization_details`, from `scope` values, or from the offer its `issuer_state` names.
    func authorizationRequest(_ form: FormParameters, dpopThumbprint: String?) throws(AuthorizationFailure) -> AuthorizationRequestRecord {
        guard form["response_type"] == "code" else {
            throw AuthorizationFailure(code: "unsupported_response_type", reason: "response_type must be code")
        }
        guard let clientID = form["client_id"] else { throw AuthorizationFailure(code: "invalid_request", reason: "client_id is missing") }
        guard let redirectURI = form["redirect_uri"], let components = URLComponents(string: redirectURI),
              components.scheme != nil, components.fragment == nil
        else {
            throw AuthorizationFailure(code: "invalid_request", reason: "redirect_uri is missing or not an absolute URI")
        }
        guard let challenge = form["code_challenge"], form["code_challenge_method"] == "S256", challenge.utf8.count == 43 else {
            throw AuthorizationFailure(code: "invalid_request", reason: "PKCE with code_challenge_method S256 is required")
        }
        var kinds = [SandboxCredentialKind]()
        var usedDetails = false
        if let text = form["authorization_details"] {
            do {
                kinds = try Self.authorizationDetails(text)
            } catch {
                throw AuthorizationFailure(code: "invalid_authorization_details", reason: error.reason)
            }
            usedDetails = true
        }
        for scope in (form["scope"] ?? "").split(separator: " ").map(String.init) {
            if let kind = SandboxCredentialKind(scope: scope), !kinds.contains(kind) { kinds.append(kind) }
        }
        let issuerState = form["issuer_state"]
        if let issuerState {
            guard let offer = offers.values.first(where: { $0.issuerState == issuerState }) else {
                throw AuthorizationFailure(code: "invalid_request", reason: "unknown issuer_state")
            }
            if kinds.isEmpty { kinds = offer.kinds }
        }
        guard !kinds.isEmpty else {
            throw AuthorizationFailure(code: "invalid_scope", reason: "no known credential in authorization_details, scope or issuer_state")
        }
        return AuthorizationRequestRecord(
            clientID: clientID, redirectURI: redirectURI, state: form["state"], codeChallenge: challenge, kinds: kinds,
            usedAuthorizationDetails: usedDetails, dpopThumbprint: dpopThumbprint, issuerState: issuerState,
            expiresAt: now + Self.requestLifetime)
    }
}
