import Foundation
import JOSE
import JSONModel
import Multiformats
import StatusList

/// The Token Status List (draft-ietf-oauth-status-list) every issued credential points into,
/// and the admin operations that change an entry.
extension SandboxService {
    /// How long a fetched status list token may be cached (`ttl`, seconds): short, so a
    /// revocation shows up quickly in tests and demos.
    static let statusListTimeToLive: TimeInterval = 5

    /// `GET /status/1`: the list as a signed `statuslist+jwt`, with the signer's certificate
    /// in `x5c` so a wallet trusts it through the same root as the credentials.
    func statusListToken() async -> SandboxHTTPResponse {
        let issuedAt = now
        var additional = JSONObject()
        additional["ttl"] = .number(JSONNumber(Int(Self.statusListTimeToLive)))
        do {
            additional["status_list"] = try statusList.jsonValue()
        } catch {
            return .error("server_error", "status list encoding: \(error)", status: 500)
        }
        let claims = JWTClaims(
            issuer: issuer, subject: statusListURI, expiresAt: issuedAt + 3_600, issuedAt: issuedAt,
            additionalClaims: additional)
        var header = JOSEHeader(type: "statuslist+jwt")
        header.certificateChain = [SandboxAuthority.der(authority.statusListCertificate)]
        do {
            let token = try await JWT.sign(claims, header: header, signer: SandboxAuthority.signer(authority.statusListKey))
            return SandboxHTTPResponse(
                status: 200,
                headers: [("Content-Type", StatusListTokenFormat.jwt.mediaType), ("Cache-Control", "no-cache")],
                body: Data(token.utf8))
        } catch {
            return .error("server_error", "status list signing: \(error)", status: 500)
        }
    }

    /// Sets the status of an issued credential, found by id or status index.
    func setStatus(_ status: StatusType, credential key: String) throws(SandboxError) -> SandboxIssuedCredential {
        let record = issued[key] ?? issued.values.first { String($0.statusIndex) == key }
        guard let record else { throw .unknownCredential(key) }
        let before = statusList
        do {
            try statusList.setStatus(status, at: record.statusIndex)
        } catch {
            throw .invalidRequest("status \(status): \(error)")
        }
        do {
            try persist()
        } catch {
            statusList = before
            throw error
        }
        return record
    }

    /// The current status of an issued credential.
    func status(of id: String) throws(SandboxError) -> StatusType {
        guard let record = issued[id] else { throw .unknownCredential(id) }
        do {
            return try statusList.status(at: record.statusIndex)
        } catch {
            throw .unknownCredential(id)
        }
    }

    /// `POST /admin/status` `{"credential": id-or-index, "status": "revoked"|"suspended"|"valid"}`.
    func adminSetStatus(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        guard let body = request.jsonObject, let key = body["credential"]?.stringValue ?? body["credential"].flatMap(Self.integerText),
              let name = body["status"]?.stringValue, let status = Self.statusType(named: name)
        else {
            return .error("invalid_request", "expected {\"credential\": id or index, \"status\": revoked|suspended|valid}")
        }
        do {
            let record = try setStatus(status, credential: key)
            return .json(["credential": .string(record.id), "index": .number(JSONNumber(record.statusIndex)), "status": .string(name)])
        } catch {
            return .error("invalid_request", error.description, status: 404)
        }
    }

    static func integerText(_ value: JSONValue) -> String? {
        guard case let .number(number) = value else { return nil }
        return number.description
    }

    /// `revoked` (invalid), `suspended` or `valid`.
    static func statusType(named name: String) -> StatusType? {
        switch name {
        case "revoked", "invalid": .invalid
        case "suspended": .suspended
        case "valid": .valid
        default: nil
        }
    }

    /// `GET /iacas`: the root a wallet may trust for the mDL, in the shape MATTR wallets
    /// read from `mdoc_iacas_uri` (`{"iacas": [{"certificate": base64 DER}]}`).
    func iacasDocument() -> SandboxHTTPResponse {
        .json(["iacas": .array([.object(["certificate": .string(SandboxAuthority.der(authority.root).base64EncodedString())])])])
    }
}
