import Foundation
import HTTP

extension HTTPResponse {
    /// The typed error for a response that is not a success: 401/403 is a refused token, an
    /// error object is an ``CredentialIssuerError``, anything else is unexpected.
    func issuerFailure(endpoint: IssuerEndpoint) -> OpenID4VCIError {
        if status == 401 || status == 403 {
            // RFC 6750 §3 puts the error in WWW-Authenticate; some issuers add a JSON body too.
            if let error = CredentialIssuerError(body: body, status: status), error.code != .invalidToken {
                return .issuerError(error)
            }
            return .accessDenied(endpoint: endpoint, status: status, wwwAuthenticate: headers["WWW-Authenticate"])
        }
        if (400..<500).contains(status), let error = CredentialIssuerError(body: body, status: status) {
            return .issuerError(error)
        }
        return .invalidResponse(endpoint: endpoint, reason: "HTTP \(status)")
    }

    /// Throws when the body is larger than `limit` bytes.
    func checkSize(_ limit: Int, endpoint: IssuerEndpoint) throws(OpenID4VCIError) {
        guard body.count <= limit else {
            throw .invalidResponse(endpoint: endpoint, reason: "the body is larger than \(limit) bytes")
        }
    }
}
