import JSONModel

/// A Digital Credentials Query Language query (OpenID4VP 1.0 §6), checked on parsing.
///
/// Parsing enforces every structural rule of the specification (identifiers, required
/// members, references from `claim_sets` and `credential_sets`, mdoc claim paths) and the
/// size limits in ``DCQLLimits``; unknown members are ignored as the specification requires.
/// Evaluate a query against the wallet's credentials with ``DCQLMatcher``.
public struct DCQLQuery: Sendable, Hashable {
    /// The credential queries, in the verifier's order.
    public let credentials: [CredentialQuery]
    /// Constraints on which combinations of credential queries to answer, when present.
    public let credentialSets: [CredentialSetQuery]?

    public init(credentials: [CredentialQuery], credentialSets: [CredentialSetQuery]? = nil) {
        self.credentials = credentials
        self.credentialSets = credentialSets
    }

    /// Parses and checks a `dcql_query` value.
    public init(json: JSONValue, limits: DCQLLimits = .default) throws(DCQLError) {
        let reader = try QueryReader(json, path: "", limits: limits)
        var credentials: [CredentialQuery] = []
        var ids: Set<String> = []
        for (index, entry) in try reader.requiredArray("credentials", limit: limits.maximumCredentialQueries).enumerated() {
            let query = try CredentialQuery(json: entry, path: "credentials[\(index)]", limits: limits)
            guard ids.insert(query.id).inserted else {
                throw .invalidQuery(path: "credentials[\(index)].id", reason: "'\(query.id)' is used by another credential query")
            }
            credentials.append(query)
        }
        self.credentials = credentials
        if let entries = try reader.optionalArray("credential_sets", limit: limits.maximumSetEntries) {
            var sets: [CredentialSetQuery] = []
            for (index, entry) in entries.enumerated() {
                sets.append(try CredentialSetQuery(
                    json: entry, path: "credential_sets[\(index)]", knownQueryIDs: ids, limits: limits))
            }
            credentialSets = sets
        } else {
            credentialSets = nil
        }
    }

    /// Parses a query from its JSON text.
    public init(jsonText: String, limits: DCQLLimits = .default) throws(DCQLError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: jsonText)
        } catch {
            throw .invalidQuery(path: "", reason: "not JSON: \(error)")
        }
        try self.init(json: json, limits: limits)
    }

    /// The credential query with this id.
    public func credentialQuery(id: String) -> CredentialQuery? {
        credentials.first { $0.id == id }
    }
}
