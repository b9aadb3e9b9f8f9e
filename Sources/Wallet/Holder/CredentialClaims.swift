import CBOR
import Foundation
import JSONModel
import Multiformats

/// A credential's claims in the shape of its format: mdoc elements by name space, SD-JWT VC
/// and JWT VC claims as the processed JSON payload (every Disclosure applied), addressed by
/// claim path.
public enum CredentialClaims: Sendable, Equatable {
    /// mdoc: name space → element identifier → value.
    case nameSpaces([String: [String: CBOR]])
    /// SD-JWT VC / JWT VC: the processed payload.
    case json(JSONObject)
    /// Nothing could be read (a record that no longer parses).
    case unavailable

    /// The mdoc elements, when this is an mdoc.
    public var nameSpaces: [String: [String: CBOR]]? {
        if case .nameSpaces(let value) = self { return value }
        return nil
    }

    /// The processed JSON payload, when this is a JSON credential.
    public var jsonObject: JSONObject? {
        if case .json(let value) = self { return value }
        return nil
    }

    /// The claim at `path`: `[nameSpace, element]` for an mdoc, claim names (and array
    /// indices as decimal strings) for JSON; as JSON either way.
    public func value(at path: [String]) -> JSONValue? {
        switch self {
        case .nameSpaces(let spaces):
            guard path.count == 2, let value = spaces[path[0]]?[path[1]] else { return nil }
            return CBORJSON.json(value)
        case .json(let object):
            var current: JSONValue = .object(object)
            for component in path {
                if let next = current[component] {
                    current = next
                } else if let index = Int(component), let next = current[index] {
                    current = next
                } else {
                    return nil
                }
            }
            return current
        case .unavailable:
            return nil
        }
    }

    /// The claims as one JSON value: an object of name spaces of elements for an mdoc
    /// (dates as text, byte strings as base64url), the payload for JSON.
    public var jsonValue: JSONValue {
        switch self {
        case .nameSpaces(let spaces):
            var object = JSONObject()
            for nameSpace in spaces.keys.sorted() {
                var elements = JSONObject()
                for (identifier, value) in (spaces[nameSpace] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    elements[identifier] = CBORJSON.json(value)
                }
                object[nameSpace] = .object(elements)
            }
            return .object(object)
        case .json(let object):
            return .object(object)
        case .unavailable:
            return .null
        }
    }
}

/// Renders CBOR element values as JSON for display and scripts.
enum CBORJSON {
    /// The most nesting rendered; deeper values become their diagnostic notation.
    static let maximumDepth = 32

    static func json(_ value: CBOR, depth: Int = 0) -> JSONValue {
        guard depth < maximumDepth else { return .string(value.diagnosticNotation) }
        switch value {
        case .unsigned(let number): return .number(JSONNumber(number))
        case .negative(let number):
            if number < UInt64(Int64.max) { return .number(JSONNumber(-1 - Int64(number))) }
            return .string(value.diagnosticNotation)
        case .byteString(let bytes): return .string(Base64URL.encode(bytes))
        case .textString(let text): return .string(text)
        case .array(let items): return .array(items.map { json($0, depth: depth + 1) })
        case .map(let entries):
            var object = JSONObject()
            for (key, item) in entries {
                let name: String
                if case .textString(let text) = key { name = text } else { name = key.diagnosticNotation }
                object[name] = json(item, depth: depth + 1)
            }
            return .object(object)
        case .tagged(0, .textString(let text)), .tagged(1004, .textString(let text)): return .string(text)
        case .tagged(1, let seconds):
            if let number = seconds.doubleValueForJSON {
                return .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: number)))
            }
            return .string(value.diagnosticNotation)
        case .tagged(24, _): return .string(value.diagnosticNotation)
        case .tagged(_, let inner): return json(inner, depth: depth + 1)
        case .bool(let flag): return .bool(flag)
        case .null, .undefined: return .null
        case .simple: return .string(value.diagnosticNotation)
        case .half(let number): return JSONNumber(Double(number)).map(JSONValue.number) ?? .null
        case .float(let number): return JSONNumber(Double(number)).map(JSONValue.number) ?? .null
        case .double(let number): return JSONNumber(number).map(JSONValue.number) ?? .null
        }
    }
}

extension CBOR {
    fileprivate var doubleValueForJSON: Double? {
        switch self {
        case .unsigned(let number): return Double(number)
        case .negative(let number): return -1 - Double(number)
        case .half(let number), .float(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }
}
