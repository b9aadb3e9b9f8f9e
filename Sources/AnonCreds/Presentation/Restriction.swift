import JSONModel

/// Which credentials may answer a referent: a referent's `restrictions`, read as anoncreds-rs 0.2
/// reads them (a small WQL query).
///
/// The JSON forms, each as anoncreds-rs parses it:
/// - an object: every member must hold (one member is that condition alone, none is "anything");
///   a member is `"tag": "value"` (equal), `"tag": {"$neq": "value"}`, `"tag": {"$in": […]}`, or
///   `"$and": […]`, `"$or": […]`, `"$not": {…}`;
/// - an array: any of its objects must hold (members whose value is `null` are dropped, empty
///   objects skipped; an empty array is "anything"). This is the form ACA-Py sends.
///
/// The tags are `schema_id`, `schema_issuer_did`, `schema_name`, `schema_version`, `issuer_did`,
/// `cred_def_id` (and the newer `schema_issuer_id`, `issuer_id`), `attr::NAME::value` and
/// `attr::NAME::marker`. `$gt`, `$gte`, `$lt`, `$lte`, `$like` and `$exist` parse but are never
/// met, since anoncreds-rs' verifier refuses them.
public indirect enum Restriction: Sendable, Hashable {
    /// Every condition holds (`$and`, or an object's members). `all([])` is no restriction.
    case all([Restriction])
    /// At least one condition holds (`$or`, or an array).
    case any([Restriction])
    /// The condition does not hold (`$not`).
    case not(Restriction)
    /// The tag has this value.
    case equals(tag: String, value: String)
    /// The tag does not have this value (`$neq`).
    case notEquals(tag: String, value: String)
    /// The tag has one of these values (`$in`).
    case oneOf(tag: String, values: [String])
    /// An operator anoncreds-rs reads but its verifier refuses (`$gt`, `$like`, `$exist` …).
    case unsupported(operator: String)

    /// How much of a request one restriction may be: each node costs an evaluation per
    /// credential a wallet searches, so a hostile request cannot make a search unbounded.
    public static let maximumNodes = 1_024

    /// Reads a restriction from its JSON.
    public init(json: JSONValue) throws(AnonCredsError) {
        var budget = Self.maximumNodes
        switch json {
        case .object(let object): self = try Self.query(object, budget: &budget)
        case .array(let elements): self = try Self.anyOf(elements, budget: &budget)
        default: throw .malformedObject(type: "restriction", path: "", reason: "a restriction is an object or an array")
        }
    }

    /// Whether this restriction lets any credential through (`{}`, `[]`): the only kind a
    /// self-attested value may answer.
    public var isEmpty: Bool {
        switch self {
        case .all(let conditions), .any(let conditions): conditions.isEmpty
        default: false
        }
    }

    /// Every tag the restriction names (for anoncreds-rs' rule that a request may not mix the
    /// legacy `issuer_did` with `issuer_id`).
    public var tags: [String] {
        switch self {
        case .all(let conditions), .any(let conditions): conditions.flatMap(\.tags)
        case .not(let condition): condition.tags
        case .equals(let tag, _), .notEquals(let tag, _), .oneOf(let tag, _): [tag]
        case .unsupported: []
        }
    }

    private static func malformed(_ reason: String) -> AnonCredsError {
        .malformedObject(type: "restriction", path: "", reason: reason)
    }

    private static func spend(_ budget: inout Int) throws(AnonCredsError) {
        budget -= 1
        guard budget >= 0 else { throw malformed("more than \(maximumNodes) conditions") }
    }

    /// An array: any of its objects, `null` members dropped and empty objects skipped.
    private static func anyOf(_ elements: [JSONValue], budget: inout Int) throws(AnonCredsError) -> Restriction {
        var conditions: [Restriction] = []
        for element in elements {
            guard case .object(let object) = element else { throw malformed("an array of restrictions holds objects") }
            let kept = JSONObject(object.members.filter { !$0.value.isNull }.map { ($0.name, $0.value) })
            if !kept.isEmpty { conditions.append(try query(kept, budget: &budget)) }
        }
        return conditions.isEmpty ? .all([]) : .any(conditions)
    }

    /// An object: one condition per member, all of them holding.
    private static func query(_ object: JSONObject, budget: inout Int) throws(AnonCredsError) -> Restriction {
        try spend(&budget)
        var conditions: [Restriction] = []
        for (name, value) in object {
            if let condition = try member(name, value, budget: &budget) { conditions.append(condition) }
        }
        return conditions.count == 1 ? conditions[0] : .all(conditions)
    }

    private static func member(_ name: String, _ value: JSONValue, budget: inout Int) throws(AnonCredsError) -> Restriction? {
        try spend(&budget)
        switch (name, value) {
        case ("$and", .array(let elements)), ("$or", .array(let elements)):
            guard !elements.isEmpty else { return nil }
            var conditions: [Restriction] = []
            for element in elements {
                guard case .object(let object) = element else { throw malformed("\(name) must be an array of objects") }
                conditions.append(try query(object, budget: &budget))
            }
            return name == "$and" ? .all(conditions) : .any(conditions)
        case ("$and", _), ("$or", _): throw malformed("\(name) must be an array of objects")
        case ("$not", .object(let object)): return .not(try query(object, budget: &budget))
        case ("$not", _): throw malformed("$not must be an object")
        case ("$exist", .string): return .unsupported(operator: "$exist")
        case ("$exist", .array(let names)):
            guard !names.isEmpty else { return nil }
            guard names.allSatisfy({ $0.stringValue != nil }) else { throw malformed("$exist takes strings") }
            return .unsupported(operator: "$exist")
        case ("$exist", _): throw malformed("$exist takes a string or an array of strings")
        case (_, .string(let text)): return .equals(tag: name, value: text)
        case (_, .object(let operation)):
            guard operation.count == 1, let (symbol, operand) = operation.members.first else {
                throw malformed("\(name): an operator object has one member")
            }
            return try single(symbol, tag: name, operand)
        default: throw malformed("\(name): a tag's value is a string or an operator object")
        }
    }

    private static func single(_ symbol: String, tag: String, _ operand: JSONValue) throws(AnonCredsError) -> Restriction {
        switch (symbol, operand) {
        case ("$neq", .string(let text)): return .notEquals(tag: tag, value: text)
        case ("$gt", .string), ("$gte", .string), ("$lt", .string), ("$lte", .string), ("$like", .string):
            return .unsupported(operator: symbol)
        case ("$in", .array(let elements)):
            let values = elements.compactMap(\.stringValue)
            guard values.count == elements.count else { throw malformed("$in takes an array of strings") }
            return .oneOf(tag: tag, values: values)
        default: throw malformed("\(tag): \(symbol) is not an operator over this value")
        }
    }
}
