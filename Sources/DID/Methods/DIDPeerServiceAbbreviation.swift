import JSONModel

/// The common-string abbreviations did:peer:2 applies to service JSON (did:peer spec, "Common
/// String Abbreviations"): member names everywhere in the service, and the `type` value.
enum DIDPeerServiceAbbreviation {
    static let names: [(full: String, short: String)] = [
        ("type", "t"), ("serviceEndpoint", "s"), ("routingKeys", "r"), ("accept", "a"),
    ]
    static let types: [(full: String, short: String)] = [("DIDCommMessaging", "dm")]

    /// Replaces full names with abbreviations, recursively.
    static func abbreviate(_ value: JSONValue) -> JSONValue {
        transform(value, names: Dictionary(uniqueKeysWithValues: names.map { ($0.full, $0.short) }),
                  types: Dictionary(uniqueKeysWithValues: types.map { ($0.full, $0.short) }), typeName: "type")
    }

    /// Replaces abbreviations with full names, recursively.
    static func expand(_ value: JSONValue) -> JSONValue {
        transform(value, names: Dictionary(uniqueKeysWithValues: names.map { ($0.short, $0.full) }),
                  types: Dictionary(uniqueKeysWithValues: types.map { ($0.short, $0.full) }), typeName: "t")
    }

    private static func transform(
        _ value: JSONValue, names: [String: String], types: [String: String], typeName: String
    ) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { transform($0, names: names, types: types, typeName: typeName) })
        case .object(let object):
            var result = JSONObject()
            for (name, member) in object {
                let newName = names[name] ?? name
                if name == typeName, case .string(let type) = member {
                    result[newName] = .string(types[type] ?? type)
                } else {
                    result[newName] = transform(member, names: names, types: types, typeName: typeName)
                }
            }
            return .object(result)
        default:
            return value
        }
    }
}
