import JSONModel

/// Reading the JSON-LD shapes a W3C credential's members take in an exchange message: a
/// term is a string or an array of strings, an issuer a string or an object with an `id`.
enum JSONLDTerms {
    /// The strings of a member that is one string or an array (other entries skipped: a
    /// context may hold objects).
    static func strings(_ value: JSONValue?) -> [String] {
        switch value {
        case .string(let text)?: [text]
        case .array(let items)?: items.compactMap(\.stringValue)
        default: []
        }
    }

    /// An issuer's identifier: the string, or the object's `id`.
    static func identifier(_ value: JSONValue?) -> String? {
        value?.stringValue ?? value?["id"]?.stringValue
    }
}
