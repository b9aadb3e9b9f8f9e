import JSONModel

/// Reads members of a query object with the location of each one, so every failure names
/// the member at fault. Unknown members are ignored, as §6 requires.
struct QueryReader {
    let object: JSONObject
    let path: String
    let limits: DCQLLimits

    init(_ value: JSONValue, path: String, limits: DCQLLimits) throws(DCQLError) {
        guard let object = value.objectValue else { throw .invalidQuery(path: path, reason: "must be an object") }
        self.object = object
        self.path = path
        self.limits = limits
    }

    func location(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    func invalid(_ name: String, _ reason: String) -> DCQLError {
        .invalidQuery(path: location(name), reason: reason)
    }

    func requiredString(_ name: String) throws(DCQLError) -> String {
        guard let value = object[name] else { throw invalid(name, "is required") }
        guard let string = value.stringValue, !string.isEmpty else { throw invalid(name, "must be a non-empty string") }
        return string
    }

    func optionalBool(_ name: String) throws(DCQLError) -> Bool? {
        guard let value = object[name] else { return nil }
        guard let bool = value.boolValue else { throw invalid(name, "must be a boolean") }
        return bool
    }

    /// A non-empty array, bounded by `limit`; `nil` when absent.
    func optionalArray(_ name: String, limit: Int) throws(DCQLError) -> [JSONValue]? {
        guard let value = object[name] else { return nil }
        guard let array = value.arrayValue else { throw invalid(name, "must be an array") }
        guard !array.isEmpty else { throw invalid(name, "must not be empty") }
        guard array.count <= limit else { throw .limitExceeded(path: location(name), limit: limit) }
        return array
    }

    func requiredArray(_ name: String, limit: Int) throws(DCQLError) -> [JSONValue] {
        guard let array = try optionalArray(name, limit: limit) else { throw invalid(name, "is required") }
        return array
    }

    /// A non-empty array of non-empty strings.
    func strings(_ values: [JSONValue], at location: String) throws(DCQLError) -> [String] {
        var strings: [String] = []
        for (index, value) in values.enumerated() {
            guard let string = value.stringValue, !string.isEmpty else {
                throw .invalidQuery(path: "\(location)[\(index)]", reason: "must be a non-empty string")
            }
            strings.append(string)
        }
        return strings
    }

    /// Identifiers in DCQL are non-empty and use only ASCII letters, digits, `_` and `-`.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        !identifier.isEmpty && identifier.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    func identifier(_ name: String) throws(DCQLError) -> String {
        let identifier = try requiredString(name)
        guard Self.isValidIdentifier(identifier) else {
            throw invalid(name, "must consist of letters, digits, '_' or '-'")
        }
        return identifier
    }
}
