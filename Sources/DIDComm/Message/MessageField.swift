import JSONModel

/// Reading one member of a message object with the member's name in the error, so each
/// message type states its fields in a line each.
enum MessageField {
    static func string(_ object: JSONObject, _ name: String, in context: String) throws(DIDCommError) -> String {
        guard let value = object[name]?.stringValue else { throw .malformedMessage(reason: "\(context): \(name) missing or not a string") }
        return value
    }

    static func optionalString(_ object: JSONObject, _ name: String, in context: String) throws(DIDCommError) -> String? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw .malformedMessage(reason: "\(context): \(name) is not a string") }
        return text
    }

    static func stringArray(_ object: JSONObject, _ name: String, in context: String) throws(DIDCommError) -> [String]? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let array = value.arrayValue else { throw .malformedMessage(reason: "\(context): \(name) is not an array") }
        var strings: [String] = []
        for element in array {
            guard let text = element.stringValue else { throw .malformedMessage(reason: "\(context): \(name) holds a non-string") }
            strings.append(text)
        }
        return strings
    }

    static func object(_ object: JSONObject, _ name: String, in context: String) throws(DIDCommError) -> JSONObject? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let inner = value.objectValue else { throw .malformedMessage(reason: "\(context): \(name) is not an object") }
        return inner
    }
}
