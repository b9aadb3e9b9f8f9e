import JSONModel

/// Alternative combinations of credential queries that satisfy one use case
/// (OpenID4VP 1.0 §6.2).
public struct CredentialSetQuery: Sendable, Hashable {
    /// Each option is a list of credential query ids that together satisfy the set.
    public let options: [[String]]
    /// Whether the verifier needs this set; `true` when omitted.
    public let isRequired: Bool

    public init(options: [[String]], isRequired: Bool = true) {
        self.options = options
        self.isRequired = isRequired
    }

    init(json: JSONValue, path: String, knownQueryIDs: Set<String>, limits: DCQLLimits) throws(DCQLError) {
        let reader = try QueryReader(json, path: path, limits: limits)
        var options: [[String]] = []
        for (index, option) in try reader.requiredArray("options", limit: limits.maximumSetEntries).enumerated() {
            let location = "\(reader.location("options"))[\(index)]"
            guard let entries = option.arrayValue, !entries.isEmpty else {
                throw .invalidQuery(path: location, reason: "must be a non-empty array of credential query ids")
            }
            guard entries.count <= limits.maximumCredentialQueries else {
                throw .limitExceeded(path: location, limit: limits.maximumCredentialQueries)
            }
            let ids = try reader.strings(entries, at: location)
            if let unknown = ids.first(where: { !knownQueryIDs.contains($0) }) {
                throw .invalidQuery(path: location, reason: "'\(unknown)' is not the id of a credential query")
            }
            options.append(ids)
        }
        self.options = options
        isRequired = try reader.optionalBool("required") ?? true
    }
}
