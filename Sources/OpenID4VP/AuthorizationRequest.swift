import DCQL
import Foundation
import HTTP
import JSONModel

/// An OpenID4VP 1.0 authorization request with every parameter checked, whether it arrived in
/// a link or in a request object.
///
/// Construction enforces the rules the wallet relies on later: `response_type` `vp_token`, a
/// `nonce` of URL-safe characters, a `response_uri` for the `direct_post` modes (and no
/// `redirect_uri` alongside it), a `redirect_uri` for the redirect modes, exactly one of
/// `dcql_query` and `scope`, transaction data that names credential queries of the request,
/// and `https` endpoints (plain `http` only to loopback hosts). Unknown parameters are ignored.
/// The verifier's identity is *not* established here; that is ``ClientAuthenticator``'s job.
public struct AuthorizationRequest: Sendable, Hashable {
    /// The verifier's client identifier, prefix included.
    public let clientID: ClientIdentifier
    /// `vp_token` (or `vp_token id_token`).
    public let responseType: String
    /// How to return the response; `fragment` when the request does not say.
    public let responseMode: ResponseMode
    /// Where `direct_post` and `direct_post.jwt` responses go.
    public let responseURI: URL?
    /// Where redirect-mode responses go.
    public let redirectURI: URL?
    /// The verifier's nonce, bound into every holder-binding proof.
    public let nonce: String
    /// The verifier's `state`, returned unchanged.
    public let state: String?
    /// The DCQL query, when the request used one.
    public let dcqlQuery: DCQLQuery?
    /// The `scope`, when the request named a predefined query instead.
    public let scope: String?
    /// The verifier metadata sent with the request.
    public let clientMetadata: ClientMetadata?
    /// Transactions to authorise, in request order.
    public let transactionData: [TransactionData]
    /// Attestations about the verifier.
    public let verifierInfo: [VerifierAttestation]
    /// The `wallet_nonce` the request object echoes (request_uri_method=post).
    public let walletNonce: String?
    /// All parameters as received.
    public let parameters: JSONObject
    /// Whether the request came by redirect/QR code or through the Digital Credentials API.
    public let channel: RequestChannel

    /// Checks a request's parameters. Object-valued parameters may be JSON objects (from a
    /// request object) or JSON text (from a link).
    public init(
        parameters: JSONObject, channel: RequestChannel = .redirect, dcqlLimits: DCQLLimits = .default
    ) throws(OpenID4VPError) {
        self.parameters = parameters
        self.channel = channel
        let reader = ParameterReader(parameters: parameters)
        if case let .digitalCredentialsAPI(origin, isSigned) = channel {
            // An unsigned DC API request is identified by its origin alone; any client_id in it
            // is ignored (Appendix A.2). A signed one names its client and the origins it may
            // be used from.
            if isSigned {
                clientID = ClientIdentifier(try reader.requiredString("client_id"))
                guard let origins = try reader.optionalArray("expected_origins") else {
                    throw .invalidRequest(parameter: "expected_origins", reason: "is required in a signed Digital Credentials API request")
                }
                guard origins.contains(where: { $0.stringValue == origin }) else {
                    throw .invalidRequest(parameter: "expected_origins", reason: "does not contain the calling origin \(origin)")
                }
            } else {
                clientID = ClientIdentifier("origin:\(origin)")
            }
        } else {
            clientID = ClientIdentifier(try reader.requiredString("client_id"))
        }
        responseType = try reader.requiredString("response_type")
        guard responseType == "vp_token" || responseType == "vp_token id_token" else {
            throw .invalidRequest(parameter: "response_type", reason: "'\(responseType)' is not supported; expected vp_token")
        }
        if let mode = try reader.optionalString("response_mode") {
            guard let parsed = ResponseMode(rawValue: mode) else {
                throw .invalidRequest(parameter: "response_mode", reason: "'\(mode)' is not supported")
            }
            responseMode = parsed
        } else {
            responseMode = .fragment
        }
        guard responseMode.isDigitalCredentialsAPI == channel.isDigitalCredentialsAPI else {
            throw .invalidRequest(
                parameter: "response_mode",
                reason: channel.isDigitalCredentialsAPI ? "must be dc_api or dc_api.jwt over the Digital Credentials API"
                    : "\(responseMode.rawValue) is only for the Digital Credentials API")
        }
        nonce = try reader.requiredString("nonce")
        guard Self.isURLSafe(nonce) else {
            throw .invalidRequest(parameter: "nonce", reason: "may contain only letters, digits, '-', '.', '_' and '~'")
        }
        state = try reader.optionalString("state")
        if let state, !Self.isURLSafe(state) {
            throw .invalidRequest(parameter: "state", reason: "may contain only letters, digits, '-', '.', '_' and '~'")
        }
        var responseURI = try reader.optionalURL("response_uri")
        redirectURI = try reader.optionalURL("redirect_uri")
        if responseMode.postsToResponseURI, responseURI == nil, clientID.prefix == .redirectURI {
            // §5.9.3: a `redirect_uri:` Verifier may leave `response_uri` out; its identifier
            // is where the response goes.
            responseURI = try Self.checkedURL(clientID.identifier, parameter: "client_id")
        }
        self.responseURI = responseURI
        if responseMode.isDigitalCredentialsAPI {
            // The platform carries the response back; there is no endpoint to check.
        } else if responseMode.postsToResponseURI {
            guard responseURI != nil else {
                throw .invalidRequest(parameter: "response_uri", reason: "is required for response_mode \(responseMode.rawValue)")
            }
            guard redirectURI == nil else {
                throw .invalidRequest(parameter: "redirect_uri", reason: "must not be present with response_uri")
            }
        } else if redirectURI == nil, clientID.prefix != .redirectURI {
            throw .invalidRequest(parameter: "redirect_uri", reason: "is required for response_mode \(responseMode.rawValue)")
        }
        let query = try reader.optionalObject("dcql_query")
        scope = try reader.optionalString("scope")
        switch (query, scope) {
        case (nil, nil): throw .invalidRequest(parameter: "dcql_query", reason: "either dcql_query or scope is required")
        case (.some, .some): throw .invalidRequest(parameter: "scope", reason: "must not be sent together with dcql_query")
        default: break
        }
        if let query {
            do {
                dcqlQuery = try DCQLQuery(json: query, limits: dcqlLimits)
            } catch {
                throw .invalidRequest(parameter: "dcql_query", reason: "\(error)")
            }
        } else {
            dcqlQuery = nil
        }
        clientMetadata = try reader.optionalObject("client_metadata").map { value throws(OpenID4VPError) in
            try ClientMetadata(json: value)
        }
        transactionData = try Self.transactionData(reader, query: dcqlQuery)
        verifierInfo = try Self.verifierInfo(reader)
        walletNonce = try reader.optionalString("wallet_nonce")
    }

    /// The audience every presentation for this request names: the full client identifier,
    /// or over the Digital Credentials API `origin:` and the calling origin (Appendix A.4).
    public var audience: String {
        if case let .digitalCredentialsAPI(origin, _) = channel { return "origin:\(origin)" }
        return clientID.rawValue
    }

    /// Where the response is delivered, whatever the mode.
    public var responseDestination: URL? {
        responseMode.postsToResponseURI ? responseURI : (redirectURI ?? URL(string: clientID.identifier))
    }

    /// `text`, which must be an absolute URL the wallet may send to (https, or http to
    /// loopback), named `parameter` in errors.
    static func checkedURL(_ text: String, parameter: String) throws(OpenID4VPError) -> URL {
        guard let url = URL(string: text), url.scheme != nil else {
            throw .invalidRequest(parameter: parameter, reason: "is not an absolute URL")
        }
        do {
            try HTTPClientPolicy().check(url)
        } catch {
            throw .invalidRequest(parameter: parameter, reason: "\(error)")
        }
        return url
    }

    static func isURLSafe(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~")
        }
    }

    private static func transactionData(_ reader: ParameterReader, query: DCQLQuery?) throws(OpenID4VPError) -> [TransactionData] {
        guard let entries = try reader.optionalArray("transaction_data") else { return [] }
        var result: [TransactionData] = []
        for (index, entry) in entries.enumerated() {
            guard let encoded = entry.stringValue else {
                throw .invalidRequest(parameter: "transaction_data[\(index)]", reason: "must be a base64url string")
            }
            let item = try TransactionData(encoded: encoded, index: index)
            if let query, let unknown = item.credentialIDs.first(where: { query.credentialQuery(id: $0) == nil }) {
                throw .invalidRequest(parameter: "transaction_data[\(index)].credential_ids",
                                      reason: "'\(unknown)' is not a credential query id of dcql_query")
            }
            result.append(item)
        }
        return result
    }

    private static func verifierInfo(_ reader: ParameterReader) throws(OpenID4VPError) -> [VerifierAttestation] {
        guard let entries = try reader.optionalArray("verifier_info") else { return [] }
        var result: [VerifierAttestation] = []
        for (index, entry) in entries.enumerated() {
            guard let object = entry.objectValue, let format = object["format"]?.stringValue, let data = object["data"],
                  data.stringValue != nil || data.objectValue != nil
            else {
                throw .invalidRequest(parameter: "verifier_info[\(index)]", reason: "needs a string format and string or object data")
            }
            let ids = object["credential_ids"]?.arrayValue?.compactMap(\.stringValue)
            result.append(VerifierAttestation(format: format, data: data, credentialIDs: ids))
        }
        return result
    }
}

/// How a request reached the wallet.
public enum RequestChannel: Sendable, Hashable {
    /// A link (QR code, deep link, redirect).
    case redirect
    /// The W3C Digital Credentials API, with the origin the platform reports and whether the
    /// request was signed.
    case digitalCredentialsAPI(origin: String, isSigned: Bool)

    var isDigitalCredentialsAPI: Bool {
        if case .digitalCredentialsAPI = self { return true }
        return false
    }
}

/// Reads request parameters that may be typed JSON (request object) or text (link).
struct ParameterReader {
    let parameters: JSONObject

    func optionalString(_ name: String) throws(OpenID4VPError) -> String? {
        guard let value = parameters[name] else { return nil }
        guard let string = value.stringValue else { throw .invalidRequest(parameter: name, reason: "must be a string") }
        return string
    }

    func requiredString(_ name: String) throws(OpenID4VPError) -> String {
        guard let string = try optionalString(name), !string.isEmpty else {
            throw .invalidRequest(parameter: name, reason: "is required")
        }
        return string
    }

    /// An `https` URL (or `http` to a loopback host), as every endpoint the wallet posts to
    /// must be.
    func optionalURL(_ name: String) throws(OpenID4VPError) -> URL? {
        guard let text = try optionalString(name) else { return nil }
        return try AuthorizationRequest.checkedURL(text, parameter: name)
    }

    /// A JSON object, or JSON text of one.
    func optionalObject(_ name: String) throws(OpenID4VPError) -> JSONValue? {
        guard let value = try optionalJSON(name) else { return nil }
        guard value.objectValue != nil else { throw .invalidRequest(parameter: name, reason: "must be a JSON object") }
        return value
    }

    /// A non-empty JSON array, or JSON text of one.
    func optionalArray(_ name: String) throws(OpenID4VPError) -> [JSONValue]? {
        guard let value = try optionalJSON(name) else { return nil }
        guard let array = value.arrayValue, !array.isEmpty else {
            throw .invalidRequest(parameter: name, reason: "must be a non-empty JSON array")
        }
        return array
    }

    private func optionalJSON(_ name: String) throws(OpenID4VPError) -> JSONValue? {
        guard let value = parameters[name] else { return nil }
        guard case let .string(text) = value else { return value }
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw .invalidRequest(parameter: name, reason: "not JSON: \(error)")
        }
    }
}
