import CryptoKeys
import Foundation
import JSONModel

/// The credential and deferred credential endpoints (OpenID4VCI §8, §9).
extension SandboxService {
    /// `POST /credential`.
    func credential(_ request: SandboxHTTPRequest) async -> SandboxHTTPResponse {
        let presented: Presented, body: JSONObject, encryption: ResponseEncryption?, kind: SandboxCredentialKind
        do {
            (presented, body, encryption) = try tokenAndBody(request, path: "/credential")
            kind = try requestedKind(body, grant: presented.grant)
        } catch {
            return error.response
        }
        if kind == .mDL { await stall(while: .stallsMobileCredentialRequest) }
        guard body["proof"] == nil else { return .error("invalid_credential_request", "use proofs, not proof") }
        let keys: [(JWK, String)]
        do {
            keys = try await checkProofs(body["proofs"], grant: presented.grant, kind: kind)
        } catch {
            switch error {
            case let .nonce(reason): return .error("invalid_nonce", reason)
            case let .invalid(reason): return .error("invalid_proof", reason)
            }
        }
        var credentials = [JSONValue]()
        var ids = [String]()
        for (key, thumbprint) in keys {
            do {
                let (credential, record) = try await mint(kind, holderKey: key, thumbprint: thumbprint)
                credentials.append(credential)
                ids.append(record.id)
            } catch {
                return .error("credential_request_denied", error.description, status: 500)
            }
        }
        if faults.contains(.reordersBatch) {
            credentials.reverse()
            ids.reverse()
        }
        if let polls = configuration.deferredPolls {
            let transaction = RandomToken.make()
            deferred[transaction] = DeferredTransaction(
                accessToken: presented.token, credentials: credentials, credentialIDs: ids, remainingPolls: max(0, polls))
            return respond(
                ["transaction_id": .string(transaction), "interval": .number(JSONNumber(configuration.deferredInterval))],
                status: 202, encryption: encryption)
        }
        return respond(issuedBody(credentials, ids: ids), status: 200, encryption: encryption)
    }

    /// `POST /deferred_credential`.
    func deferredCredential(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        let presented: Presented, body: JSONObject, encryption: ResponseEncryption?
        do {
            (presented, body, encryption) = try tokenAndBody(request, path: "/deferred_credential")
        } catch {
            return error.response
        }
        guard let id = body["transaction_id"]?.stringValue, var transaction = deferred[id],
              transaction.accessToken == presented.token
        else {
            return .error("invalid_transaction_id", "unknown or used transaction_id")
        }
        if transaction.remainingPolls > 0 {
            transaction.remainingPolls -= 1
            deferred[id] = transaction
            return respond(
                ["transaction_id": .string(id), "interval": .number(JSONNumber(configuration.deferredInterval))],
                status: 202, encryption: encryption)
        }
        deferred[id] = nil
        return respond(issuedBody(transaction.credentials, ids: transaction.credentialIDs), status: 200, encryption: encryption)
    }

    /// `{"credentials": [{"credential": …}], "notification_id": …}`.
    /// The credential response: each credential a string, or a JSON object for `ldp_vc`
    /// (OpenID4VCI 1.0 §8.3).
    private func issuedBody(_ credentials: [JSONValue], ids: [String]) -> JSONValue {
        let notificationID = RandomToken.make(12)
        notificationCredentials[notificationID] = ids
        return .object([
            "credentials": .array(credentials.map { .object(["credential": $0]) }),
            "notification_id": .string(notificationID),
        ])
    }

    private func respond(_ body: JSONValue, status: Int, encryption: ResponseEncryption?) -> SandboxHTTPResponse {
        var body = body
        if faults.contains(.oversizedCredentialResponse), case var .object(object) = body {
            object["padding"] = .string(String(repeating: "A", count: 6 * 1_024 * 1_024 + 1))
            body = .object(object)
        }
        let headers = dpopNonceHeaders()
        guard let encryption else { return .json(body, status: status, headers: headers) }
        return encryption.seal(body, status: status, headers: headers)
    }

    /// What the credential and deferred credential endpoints read first, in this order: the
    /// access token (a request without a valid one is refused before its body is read), then
    /// the body and the response encryption it asks for.
    private func tokenAndBody(
        _ request: SandboxHTTPRequest, path: String
    ) throws(ResourceFailure) -> (Presented, JSONObject, ResponseEncryption?) {
        let presented = try presentedToken(request, path: path)
        let (body, encryption) = try readEncryptedBody(request)
        return (presented, body, encryption)
    }

    /// The request body and the response encryption it asks for, after the encryption rules:
    /// a required encryption must be used, and asking for an encrypted response requires an
    /// encrypted request (§8.2), unless configured otherwise.
    private func readEncryptedBody(
        _ request: SandboxHTTPRequest
    ) throws(ResourceFailure) -> (body: JSONObject, encryption: ResponseEncryption?) {
        do {
            let (body, encrypted) = try requestBody(request)
            if configuration.requiresRequestEncryption, !encrypted {
                throw BodyFailure.encryption("this issuer requires encrypted credential requests")
            }
            let encryption = try body["credential_response_encryption"].map { value throws(BodyFailure) in try ResponseEncryption(value) }
            if encryption != nil, !encrypted, !configuration.acceptsPlainRequestForEncryptedResponse {
                throw BodyFailure.encryption("a request asking for an encrypted response must itself be encrypted")
            }
            if configuration.requiresResponseEncryption, encryption == nil {
                throw BodyFailure.encryption("this issuer requires credential_response_encryption")
            }
            return (body, encryption)
        } catch let failure as BodyFailure {
            switch failure {
            case let .invalid(reason): throw ResourceFailure(.error("invalid_credential_request", reason))
            case let .encryption(reason): throw ResourceFailure(.error("invalid_encryption_parameters", reason))
            }
        } catch {
            throw ResourceFailure(.error("invalid_credential_request", "\(error)"))
        }
    }

    /// The credential asked for: by `credential_identifier` when the token response returned
    /// identifiers, by `credential_configuration_id` otherwise (§8.2), never both.
    private func requestedKind(_ body: JSONObject, grant: AccessGrant) throws(ResourceFailure) -> SandboxCredentialKind {
        let identifier = body["credential_identifier"]
        let configurationID = body["credential_configuration_id"]
        switch (identifier, configurationID) {
        case (_?, _?):
            throw ResourceFailure(.error("invalid_credential_request", "credential_identifier and credential_configuration_id together"))
        case let (value?, nil):
            guard !grant.credentialIdentifiers.isEmpty else {
                throw ResourceFailure(.error("invalid_credential_request", "no credential_identifiers were issued; use credential_configuration_id"))
            }
            guard let text = value.stringValue, let kind = grant.credentialIdentifiers[text] else {
                throw ResourceFailure(.error("unknown_credential_identifier", "unknown credential_identifier"))
            }
            return kind
        case let (nil, value?):
            guard grant.credentialIdentifiers.isEmpty else {
                throw ResourceFailure(.error("invalid_credential_request", "the token response returned credential_identifiers; use one"))
            }
            guard let text = value.stringValue, let kind = SandboxCredentialKind(configurationID: text) else {
                throw ResourceFailure(.error("unknown_credential_configuration", "unknown credential_configuration_id"))
            }
            guard grant.kinds.contains(kind) else {
                throw ResourceFailure(.error("unknown_credential_configuration", "the access token does not cover \(text)"))
            }
            return kind
        case (nil, nil):
            throw ResourceFailure(.error("invalid_credential_request", "credential_identifier or credential_configuration_id is required"))
        }
    }
}
