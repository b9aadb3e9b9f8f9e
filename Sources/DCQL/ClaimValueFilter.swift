import Foundation
import JSONModel

/// The subset of JSON Schema that Presentation Exchange 2.0 `filter`s use in practice, as a
/// predicate over one claim value.
///
/// Supported keywords: `type`, `const`, `enum`, `pattern`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength`, `contains` (arrays),
/// `format` (`date`, `date-time`) and the Presentation Exchange `formatMinimum` /
/// `formatMaximum` for dates. Any other keyword makes the filter invalid rather than
/// silently ignored, so a wallet never shows a credential as matching a constraint it did
/// not evaluate.
public struct ClaimValueFilter: Sendable, Hashable {
    /// The schema object as received.
    public let schema: JSONObject

    static let supportedKeywords: Set<String> = [
        "type", "const", "enum", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "contains", "format", "formatMinimum", "formatMaximum", "$schema", "description",
        "title",
    ]

    /// A filter from a schema object; throws on unsupported keywords, a malformed `pattern`,
    /// or wrongly typed keyword values.
    public init(schema value: JSONValue, path: String) throws(DCQLError) {
        guard let schema = value.objectValue else { throw .invalidQuery(path: path, reason: "a filter must be a JSON Schema object") }
        if let unsupported = schema.keys.first(where: { !Self.supportedKeywords.contains($0) }) {
            throw .invalidQuery(path: "\(path).\(unsupported)", reason: "this filter keyword is not supported")
        }
        if let pattern = schema["pattern"] {
            guard let text = pattern.stringValue, (try? NSRegularExpression(pattern: text)) != nil else {
                throw .invalidQuery(path: "\(path).pattern", reason: "not a regular expression")
            }
        }
        for keyword in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength"] {
            if let bound = schema[keyword], bound.doubleValue == nil {
                throw .invalidQuery(path: "\(path).\(keyword)", reason: "must be a number")
            }
        }
        if let options = schema["enum"], options.arrayValue == nil {
            throw .invalidQuery(path: "\(path).enum", reason: "must be an array")
        }
        if let contains = schema["contains"] {
            _ = try ClaimValueFilter(schema: contains, path: "\(path).contains")
        }
        self.schema = schema
    }

    /// Whether `value` satisfies every keyword.
    public func accepts(_ value: JSONValue) -> Bool {
        if let type = schema["type"]?.stringValue, !Self.value(value, hasType: type) { return false }
        if let constant = schema["const"], constant != value { return false }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) { return false }
        if let string = value.stringValue {
            if let pattern = schema["pattern"]?.stringValue {
                guard let expression = try? NSRegularExpression(pattern: pattern),
                      expression.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
                else { return false }
            }
            let length = Double(string.unicodeScalars.count)
            if let minimum = schema["minLength"]?.doubleValue, length < minimum { return false }
            if let maximum = schema["maxLength"]?.doubleValue, length > maximum { return false }
            if let format = schema["format"]?.stringValue, !Self.string(string, hasFormat: format) { return false }
            if let minimum = schema["formatMinimum"]?.stringValue, string < minimum { return false }
            if let maximum = schema["formatMaximum"]?.stringValue, string > maximum { return false }
        } else if schema["pattern"] != nil || schema["format"] != nil || schema["formatMinimum"] != nil
                    || schema["formatMaximum"] != nil {
            return false
        }
        if let number = value.doubleValue {
            if let bound = schema["minimum"]?.doubleValue, number < bound { return false }
            if let bound = schema["maximum"]?.doubleValue, number > bound { return false }
            if let bound = schema["exclusiveMinimum"]?.doubleValue, number <= bound { return false }
            if let bound = schema["exclusiveMaximum"]?.doubleValue, number >= bound { return false }
        } else if ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].contains(where: { schema[$0] != nil }) {
            return false
        }
        if let contains = schema["contains"] {
            guard let elements = value.arrayValue, let inner = try? ClaimValueFilter(schema: contains, path: ""),
                  elements.contains(where: inner.accepts)
            else { return false }
        }
        return true
    }

    static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object), ("null", .null): true
        case ("number", .number): true
        case let ("integer", .number(number)): number.int64Value != nil
        default: false
        }
    }

    static func string(_ string: String, hasFormat format: String) -> Bool {
        switch format {
        case "date": return string.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil
        case "date-time":
            return string.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression) != nil
        default: return true
        }
    }
}
