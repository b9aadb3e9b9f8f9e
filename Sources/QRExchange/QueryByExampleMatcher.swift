import JSONModel

/// Which credentials answer a `QueryByExample` credential query: those whose `type` includes
/// every type of the example and whose `@context` includes every context of it, issued by
/// one of the query's trusted issuers when it names any.
///
/// The matcher reads the credentials' JSON only; whether a credential is valid is the
/// caller's to decide first.
public struct QueryByExampleMatcher: Sendable {
    /// A matcher.
    public init() {}

    /// Whether `credential` answers `query`.
    public func matches(_ credential: JSONObject, _ query: QueryByExample.CredentialQuery) -> Bool {
        let types = Set(JSONLDTerms.strings(credential["type"]))
        let contexts = Set(JSONLDTerms.strings(credential["@context"]))
        guard query.types.allSatisfy(types.contains), query.contexts.allSatisfy(contexts.contains) else { return false }
        guard !query.trustedIssuers.isEmpty else { return true }
        guard let issuer = JSONLDTerms.identifier(credential["issuer"]) else { return false }
        return query.trustedIssuers.contains(issuer)
    }

    /// The indices of the `credentials` that answer `query`, most specific first: those
    /// with fewer types beyond the example's come first, as the closest match.
    public func candidates(_ credentials: [JSONObject], for query: QueryByExample.CredentialQuery) -> [Int] {
        credentials.indices.filter { matches(credentials[$0], query) }
            .sorted { JSONLDTerms.strings(credentials[$0]["type"]).count < JSONLDTerms.strings(credentials[$1]["type"]).count }
    }
}
