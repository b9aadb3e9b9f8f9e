import JSONModel

/// One requested claim of a credential (OpenID4VP 1.0 §6.3): where it is, and optionally
/// which values are acceptable.
public struct ClaimsQuery: Sendable, Hashable {
    /// The identifier `claim_sets` refer to; required when the credential query has them.
    public let id: String?
    /// The claims path pointer; for an mdoc exactly `[namespace, element]`.
    public let path: ClaimPath
    /// When present, the claim counts as present only if its value equals one of these
    /// (same type and value).
    public let values: [ExpectedClaimValue]?
    /// The mdoc `IntentToRetain` flag, when the verifier said.
    public let intentToRetain: Bool?
    /// A JSON Schema constraint on the value, from a Presentation Exchange `filter` (DCQL
    /// itself only has ``values``).
    public let filter: ClaimValueFilter?

    public init(
        id: String? = nil, path: ClaimPath, values: [ExpectedClaimValue]? = nil, intentToRetain: Bool? = nil,
        filter: ClaimValueFilter? = nil
    ) {
        self.id = id
        self.path = path
        self.values = values
        self.intentToRetain = intentToRetain
        self.filter = filter
    }

    init(json: JSONValue, path location: String, isMdoc: Bool, limits: DCQLLimits) throws(DCQLError) {
        let reader = try QueryReader(json, path: location, limits: limits)
        id = reader.object["id"] == nil ? nil : try reader.identifier("id")
        let components = try reader.requiredArray("path", limit: limits.maximumPathComponents)
        do {
            path = try ClaimPath(json: .array(components))
        } catch {
            throw reader.invalid("path", "\(error)")
        }
        if isMdoc {
            guard path.components.count == 2,
                  path.components.allSatisfy({ if case .key = $0 { true } else { false } })
            else { throw reader.invalid("path", "an mdoc claim path is exactly [namespace, element identifier]") }
        }
        if let entries = try reader.optionalArray("values", limit: limits.maximumValues) {
            var values: [ExpectedClaimValue] = []
            for (index, entry) in entries.enumerated() {
                guard let value = ExpectedClaimValue(entry) else {
                    throw .invalidQuery(path: "\(reader.location("values"))[\(index)]",
                                        reason: "must be a string, an integer or a boolean")
                }
                values.append(value)
            }
            self.values = values
        } else {
            values = nil
        }
        intentToRetain = try reader.optionalBool("intent_to_retain")
        filter = nil
    }

    /// Whether `value` is acceptable: it must pass the ``filter``, and equal one of the
    /// ``values`` when they were given.
    func accepts(_ value: JSONValue) -> Bool {
        if let filter, !filter.accepts(value) { return false }
        guard let values else { return true }
        return values.contains { $0.matches(value) }
    }
}

/// A value a verifier accepts for a claim: DCQL allows strings, integers and booleans.
public enum ExpectedClaimValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case boolean(Bool)

    init?(_ json: JSONValue) {
        switch json {
        case let .string(string): self = .string(string)
        case let .bool(bool): self = .boolean(bool)
        case let .number(number):
            guard let integer = number.int64Value else { return nil }
            self = .integer(integer)
        default: return nil
        }
    }

    /// Type and value must both match: `"1"` does not match `1`, `true` does not match `1`.
    public func matches(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case let (.string(expected), .string(actual)): expected == actual
        case let (.boolean(expected), .bool(actual)): expected == actual
        case let (.integer(expected), .number(actual)): actual.int64Value == expected
        default: false
        }
    }
}
