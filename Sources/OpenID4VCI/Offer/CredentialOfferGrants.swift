import Foundation
import JSONModel

/// The grants a credential offer allows the wallet to use at the issuer's authorization
/// server (OpenID4VCI 1.0 §4.1.1). An offer may carry both, one, or none (the wallet then
/// chooses from the authorization server's metadata).
public struct CredentialOfferGrants: Sendable, Hashable {
    /// The authorization code flow, optionally bound to an issuer session.
    public struct AuthorizationCode: Sendable, Hashable {
        /// `issuer_state`: to pass back in the authorization request.
        public var issuerState: String?
        /// `authorization_server`: which of the issuer's authorization servers to use.
        public var authorizationServer: URL?

        public init(issuerState: String? = nil, authorizationServer: URL? = nil) {
            self.issuerState = issuerState
            self.authorizationServer = authorizationServer
        }
    }

    /// The pre-authorized code flow: the user was authenticated by the issuer already.
    public struct PreAuthorizedCode: Sendable, Hashable {
        /// `pre-authorized_code`: exchanged at the token endpoint; short-lived and secret.
        public var code: String
        /// `tx_code`: present when the token request needs a transaction code.
        public var transactionCode: TransactionCode?
        /// `authorization_server`: which of the issuer's authorization servers to use.
        public var authorizationServer: URL?

        public init(code: String, transactionCode: TransactionCode? = nil, authorizationServer: URL? = nil) {
            self.code = code
            self.transactionCode = transactionCode
            self.authorizationServer = authorizationServer
        }
    }

    /// The grant type URN of the pre-authorized code flow (RFC 6749 extension grant).
    public static let preAuthorizedCodeGrantType = "urn:ietf:params:oauth:grant-type:pre-authorized_code"

    public var authorizationCode: AuthorizationCode?
    public var preAuthorizedCode: PreAuthorizedCode?

    public init(authorizationCode: AuthorizationCode? = nil, preAuthorizedCode: PreAuthorizedCode? = nil) {
        self.authorizationCode = authorizationCode
        self.preAuthorizedCode = preAuthorizedCode
    }

    /// Reads `grants`; grant types this wallet does not know are ignored, as the
    /// specification lets issuers add their own.
    init(json: JSONValue) throws(OpenID4VCIError) {
        guard case let .object(object) = json else { throw .invalidOffer(path: "grants", reason: "not an object") }
        if let value = object["authorization_code"] {
            let path = "grants.authorization_code"
            guard case let .object(grant) = value else { throw .invalidOffer(path: path, reason: "not an object") }
            authorizationCode = AuthorizationCode(
                issuerState: try Self.optionalString(grant, "issuer_state", path: path),
                authorizationServer: try Self.optionalURL(grant, "authorization_server", path: path))
        }
        if let value = object[Self.preAuthorizedCodeGrantType] {
            let path = "grants.\(Self.preAuthorizedCodeGrantType)"
            guard case let .object(grant) = value else { throw .invalidOffer(path: path, reason: "not an object") }
            guard let code = try Self.optionalString(grant, "pre-authorized_code", path: path), !code.isEmpty else {
                throw .invalidOffer(path: "\(path).pre-authorized_code", reason: "missing or empty")
            }
            preAuthorizedCode = PreAuthorizedCode(
                code: code,
                transactionCode: try grant["tx_code"].map { value throws(OpenID4VCIError) in
                    try TransactionCode(json: value, path: "\(path).tx_code")
                },
                authorizationServer: try Self.optionalURL(grant, "authorization_server", path: path))
        }
    }

    static func optionalString(_ object: JSONObject, _ name: String, path: String) throws(OpenID4VCIError) -> String? {
        guard let value = object[name] else { return nil }
        guard let text = value.stringValue else { throw .invalidOffer(path: "\(path).\(name)", reason: "not a string") }
        return text
    }

    static func optionalURL(_ object: JSONObject, _ name: String, path: String) throws(OpenID4VCIError) -> URL? {
        guard let text = try optionalString(object, name, path: path) else { return nil }
        return try CredentialOffer.httpsURL(text, path: "\(path).\(name)")
    }
}
