import Foundation
import JSONModel

/// Access token checks for the credential, deferred and notification endpoints (RFC 6750,
/// RFC 9449 §7), and the nonce endpoint.
extension SandboxService {
    /// A presented, valid access token.
    struct Presented {
        let token: String
        let grant: AccessGrant
    }

    /// Checks `Authorization` (and `DPoP` for a bound token) for a request to `path`.
    func presentedToken(_ request: SandboxHTTPRequest, path: String) throws(ResourceFailure) -> Presented {
        guard request.headerCount("Authorization") == 1, let header = request.header("Authorization") else {
            throw ResourceFailure(resourceError("invalid_token", "one Authorization header is required"))
        }
        let parts = header.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw ResourceFailure(resourceError("invalid_token", "malformed Authorization header")) }
        let scheme = parts[0].lowercased()
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard let grant = accessGrants[token], grant.expiresAt > now else {
            throw ResourceFailure(resourceError("invalid_token", "unknown or expired access token"))
        }
        guard let bound = grant.dpopThumbprint else {
            guard scheme == "bearer" else { throw ResourceFailure(resourceError("invalid_token", "a Bearer token sent as \(parts[0])")) }
            return Presented(token: token, grant: grant)
        }
        guard scheme == "dpop" else {
            throw ResourceFailure(resourceError("invalid_token", "a DPoP-bound token must be sent with the DPoP scheme"))
        }
        let thumbprint: String?
        do {
            thumbprint = try checkDPoP(request, path: path, accessToken: token)
        } catch {
            switch error {
            case let .nonce(reason): throw ResourceFailure(resourceError("use_dpop_nonce", reason))
            case let .invalid(reason): throw ResourceFailure(resourceError("invalid_dpop_proof", reason))
            }
        }
        guard let thumbprint else { throw ResourceFailure(resourceError("invalid_dpop_proof", "a DPoP proof is required")) }
        guard thumbprint == bound else {
            throw ResourceFailure(resourceError("invalid_dpop_proof", "the proof key is not the key the token is bound to"))
        }
        return Presented(token: token, grant: grant)
    }

    /// `POST /nonce`: a fresh `c_nonce` (OpenID4VCI §7), never cached.
    func nonce(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        let nonce = RandomToken.make(16)
        credentialNonces.insert(nonce, expiresAt: now + configuration.nonceLifetime, now: now)
        return .json(["c_nonce": .string(nonce)], headers: dpopNonceHeaders())
    }

    /// `POST /notification` (OpenID4VCI §11).
    func notification(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        do {
            _ = try presentedToken(request, path: "/notification")
        } catch {
            return error.response
        }
        guard request.mediaType == "application/json", let body = request.jsonObject else {
            return .error("invalid_notification_request", "the body must be a JSON object")
        }
        guard let id = body["notification_id"]?.stringValue, let credentials = notificationCredentials[id] else {
            return .error("invalid_notification_id", "unknown notification_id")
        }
        let events = ["credential_accepted", "credential_failure", "credential_deleted"]
        guard let event = body["event"]?.stringValue, events.contains(event) else {
            return .error("invalid_notification_request", "event must be one of \(events.joined(separator: ", "))")
        }
        var description: String?
        if let value = body["event_description"] {
            guard let text = value.stringValue, text.utf8.count <= 1_024 else {
                return .error("invalid_notification_request", "event_description must be a short string")
            }
            description = text
        }
        notifications.append(SandboxNotification(notificationID: id, event: event, eventDescription: description, credentialIDs: credentials))
        return SandboxHTTPResponse(status: 204, headers: dpopNonceHeaders())
    }
}

/// A resource request refused before its body was read.
struct ResourceFailure: Error {
    let response: SandboxHTTPResponse
    init(_ response: SandboxHTTPResponse) { self.response = response }
}
