import Foundation
import JSONModel

/// One presentation chosen by the user for a credential query (the `SelectedCredential` of the
/// Sphereon guide).
public struct SelectedCredential: Sendable, Hashable {
    /// The DCQL credential query id it answers; the `vp_token` key.
    public let credentialQueryID: String
    /// The wallet's id of the credential presented.
    public let credentialID: String
    /// The presentation as sent: an SD-JWT with KB-JWT, a base64url DeviceResponse, a VP-JWT,
    /// or the JSON text of a W3C presentation with an embedded proof (`ldp_vc`, which the
    /// `vp_token` carries as a JSON object).
    public let presentation: String
    /// The credential format identifier.
    public let format: String
    /// What the presentation discloses, for the activity log and the consent record.
    public let disclosedClaims: [String: String]

    public init(
        credentialQueryID: String, credentialID: String, presentation: String, format: String,
        disclosedClaims: [String: String] = [:]
    ) {
        self.credentialQueryID = credentialQueryID
        self.credentialID = credentialID
        self.presentation = presentation
        self.format = format
        self.disclosedClaims = disclosedClaims
    }
}

/// An authorization response ready to be sent: the `vp_token` keyed by credential query id,
/// or an error (OpenID4VP 1.0 §8.1, §8.5).
public struct AuthorizationResponse: Sendable, Hashable {
    /// What the response carries.
    public enum Content: Sendable, Hashable {
        /// Credential query id → one presentation (several only where `multiple` allows): a
        /// string, or a JSON object for a format whose presentations are JSON (`ldp_vc`,
        /// OpenID4VP 1.0 §8.1 and Appendix B.1.3.2).
        case vpToken([String: [JSONValue]])
        /// An OAuth error such as `access_denied`.
        case error(code: String, description: String?)
    }

    /// The presentations or the error.
    public let content: Content
    /// The request's `state`, echoed.
    public let state: String?
    /// The selections the response was built from.
    public let selectedCredentials: [SelectedCredential]

    init(content: Content, state: String?, selectedCredentials: [SelectedCredential] = []) {
        self.content = content
        self.state = state
        self.selectedCredentials = selectedCredentials
    }

    /// The `vp_token` object, when this is not an error response.
    public var vpToken: JSONObject? {
        guard case let .vpToken(token) = content else { return nil }
        return JSONObject(token.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value)) })
    }

    /// The response parameters, as they are form-encoded or encrypted.
    public var parameters: JSONObject {
        var object = JSONObject()
        switch content {
        case .vpToken:
            object["vp_token"] = vpToken.map(JSONValue.object)
        case let .error(code, description):
            object["error"] = .string(code)
            if let description { object["error_description"] = .string(description) }
        }
        if let state { object["state"] = .string(state) }
        return object
    }
}

/// What became of a submitted response (the Sphereon guide's `SubmissionResult`).
public enum SubmissionResult: Sendable, Hashable {
    /// The verifier accepted the response; follow `redirectURI` when it gave one.
    case success(redirectURI: URL?)
    /// The verifier answered with an OAuth error.
    case error(error: String, description: String?)
    /// Redirect modes: open this URI to deliver the response.
    case redirect(uri: URL)
    /// Digital Credentials API modes: hand this `data` object back to the platform.
    case digitalCredentialsAPI(data: JSONObject)
}
