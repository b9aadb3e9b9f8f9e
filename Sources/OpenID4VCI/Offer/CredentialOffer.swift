import Foundation
import JSONModel

/// A credential offer (OpenID4VCI 1.0 §4.1.1): which issuer offers which credential
/// configurations, and how the wallet may obtain an access token for them.
///
/// The offer is only a pointer: the issuer's metadata (fetched from `credentialIssuer`)
/// says what each configuration id means, and nothing in the offer is trusted until that
/// metadata and the issued credentials are checked.
public struct CredentialOffer: Sendable, Hashable {
    /// `credential_issuer`: the issuer identifier, an `https` URL without query or fragment.
    public var credentialIssuer: URL
    /// `credential_configuration_ids`: keys into the issuer metadata's
    /// `credential_configurations_supported`; at least one, no repeats.
    public var credentialConfigurationIDs: [String]
    /// `grants`, when the offer names any.
    public var grants: CredentialOfferGrants?
    /// The offer as received, for members this model does not name.
    public var json: JSONObject

    public init(credentialIssuer: URL, credentialConfigurationIDs: [String], grants: CredentialOfferGrants? = nil) {
        self.credentialIssuer = credentialIssuer
        self.credentialConfigurationIDs = credentialConfigurationIDs
        self.grants = grants
        var object: JSONObject = [
            "credential_issuer": .string(credentialIssuer.absoluteString),
            "credential_configuration_ids": .array(credentialConfigurationIDs.map(JSONValue.string)),
        ]
        if let grants { object["grants"] = grants.json }
        json = object
    }

    /// The most configuration ids an offer may list here: a bound for untrusted input.
    public static let maximumConfigurationIDs = 64

    /// Reads and checks an offer's JSON.
    public init(json value: JSONValue) throws(OpenID4VCIError) {
        guard case let .object(object) = value else { throw .invalidOffer(path: "(root)", reason: "not a JSON object") }
        guard let issuer = object["credential_issuer"]?.stringValue else {
            throw .invalidOffer(path: "credential_issuer", reason: "missing or not a string")
        }
        credentialIssuer = try Self.httpsURL(issuer, path: "credential_issuer")
        guard let ids = object["credential_configuration_ids"]?.arrayValue, !ids.isEmpty else {
            throw .invalidOffer(path: "credential_configuration_ids", reason: "missing or empty")
        }
        guard ids.count <= Self.maximumConfigurationIDs else {
            throw .invalidOffer(path: "credential_configuration_ids", reason: "more than \(Self.maximumConfigurationIDs) entries")
        }
        var seen = Set<String>()
        credentialConfigurationIDs = []
        for (index, id) in ids.enumerated() {
            guard let text = id.stringValue, !text.isEmpty else {
                throw .invalidOffer(path: "credential_configuration_ids[\(index)]", reason: "not a non-empty string")
            }
            guard seen.insert(text).inserted else {
                throw .invalidOffer(path: "credential_configuration_ids[\(index)]", reason: "\(text) is listed twice")
            }
            credentialConfigurationIDs.append(text)
        }
        grants = try object["grants"].map { value throws(OpenID4VCIError) in try CredentialOfferGrants(json: value) }
        json = object
    }

    /// An issuer identifier or server URL: `https`, a host, no query or fragment
    /// (OpenID4VCI §12.2.1; an offer URI may have a query). Plain `http` is accepted only
    /// for loopback hosts, which never leave the machine (the sandbox and tests).
    static func httpsURL(_ text: String, allowingQuery: Bool = false, path: String) throws(OpenID4VCIError) -> URL {
        guard let components = URLComponents(string: text), let url = components.url,
              let host = components.host, !host.isEmpty
        else { throw .invalidOffer(path: path, reason: "\(text) is not an absolute URL") }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
        guard components.scheme == "https" || (components.scheme == "http" && loopback) else {
            throw .invalidOffer(path: path, reason: "\(text) is not an https URL")
        }
        guard allowingQuery || components.query == nil, components.fragment == nil else {
            throw .invalidOffer(path: path, reason: "\(text) has a query or fragment")
        }
        return url
    }
}

extension CredentialOfferGrants {
    /// The grants as the offer writes them.
    var json: JSONValue {
        var object = JSONObject()
        if let authorizationCode {
            var grant = JSONObject()
            if let state = authorizationCode.issuerState { grant["issuer_state"] = .string(state) }
            if let server = authorizationCode.authorizationServer { grant["authorization_server"] = .string(server.absoluteString) }
            object["authorization_code"] = .object(grant)
        }
        if let preAuthorizedCode {
            var grant: JSONObject = ["pre-authorized_code": .string(preAuthorizedCode.code)]
            if let code = preAuthorizedCode.transactionCode {
                var txCode: JSONObject = ["input_mode": .string(code.inputMode.rawValue)]
                if let length = code.length { txCode["length"] = .number(JSONNumber(length)) }
                if let description = code.description { txCode["description"] = .string(description) }
                grant["tx_code"] = .object(txCode)
            }
            if let server = preAuthorizedCode.authorizationServer { grant["authorization_server"] = .string(server.absoluteString) }
            object[Self.preAuthorizedCodeGrantType] = .object(grant)
        }
        return .object(object)
    }
}
