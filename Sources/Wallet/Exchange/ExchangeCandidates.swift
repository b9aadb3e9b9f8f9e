import JSONModel
import QRExchange

/// The stored credentials that can answer one credential query of a scanned presentation
/// request, best match first (the fewest types beyond the example's), each verifiable now
/// and held with its holder key.
public struct ExchangeCandidates: Sendable {
    /// The query.
    public let query: QueryByExample.CredentialQuery
    /// The credentials that answer it, best first; empty when none does.
    public let credentials: [CredentialSummary]

    /// Candidates for `query`.
    public init(query: QueryByExample.CredentialQuery, credentials: [CredentialSummary]) {
        self.query = query
        self.credentials = credentials
    }
}

/// How a presentation for a scanned request is secured.
public enum ExchangePresentationFormat: String, Sendable, CaseIterable {
    /// A JSON presentation with an embedded proof (`proofPurpose` authentication, the
    /// request's challenge and domain).
    case linkedData = "ldp"
    /// A VP-JWT with the challenge as `nonce` and the domain as `aud`.
    case jwt
}

/// A presentation made for a scanned request.
public enum ExchangePresentation: Sendable, Equatable {
    /// A JSON presentation with an embedded proof.
    case linkedData(JSONObject)
    /// A compact VP-JWT.
    case jwt(String)

    /// The presentation as the form field `presentation` carries it: the JSON text or the JWT.
    public var formValue: String {
        switch self {
        case .linkedData(let object): String(decoding: JSONValue.object(object).serialized(), as: UTF8.self)
        case .jwt(let text): text
        }
    }
}
