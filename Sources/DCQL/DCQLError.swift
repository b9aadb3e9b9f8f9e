import JSONModel

/// Why a DCQL query cannot be used.
///
/// A malformed query is the verifier's fault, and OpenID4VP 1.0 §8.5 says the wallet answers
/// it with `invalid_request`; the ``invalidQuery(path:reason:)`` case names the member at
/// fault so that error response (and a developer reading a log) can say which one.
public enum DCQLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The query breaks a rule of OpenID4VP 1.0 §6; `path` is a JSON-pointer-like location
    /// such as `credentials[1].claims[0].path`.
    case invalidQuery(path: String, reason: String)
    /// The query is larger than ``DCQLLimits`` allow.
    case limitExceeded(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .invalidQuery(path, reason): "invalid DCQL query at \(path): \(reason)"
        case let .limitExceeded(path, limit): "DCQL query too large at \(path): more than \(limit)"
        }
    }
}

/// How large a query from a verifier may be before the wallet refuses to evaluate it.
///
/// Matching is linear in the number of stored credentials times claim queries; the limits
/// keep one request from making the wallet do unbounded work.
public struct DCQLLimits: Sendable, Hashable {
    /// Credential queries in `credentials`.
    public var maximumCredentialQueries: Int
    /// Claims queries per credential query.
    public var maximumClaimsPerCredential: Int
    /// Entries in `claim_sets`, `credential_sets` and their `options`.
    public var maximumSetEntries: Int
    /// Components in one claims path pointer.
    public var maximumPathComponents: Int
    /// Entries in `values` and in `trusted_authorities[].values`.
    public var maximumValues: Int

    public init(
        maximumCredentialQueries: Int = 64, maximumClaimsPerCredential: Int = 256, maximumSetEntries: Int = 64,
        maximumPathComponents: Int = 32, maximumValues: Int = 256
    ) {
        self.maximumCredentialQueries = maximumCredentialQueries
        self.maximumClaimsPerCredential = maximumClaimsPerCredential
        self.maximumSetEntries = maximumSetEntries
        self.maximumPathComponents = maximumPathComponents
        self.maximumValues = maximumValues
    }

    public static let `default` = DCQLLimits()
}
