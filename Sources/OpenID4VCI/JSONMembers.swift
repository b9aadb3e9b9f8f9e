import Foundation
import JSONModel

/// Typed reads of one untrusted JSON object's members, each failure naming the member's path.
///
/// Metadata and token responses come from servers the wallet does not control; every member is
/// read through here so a wrong type, an empty array or an insecure URL becomes a typed error
/// that says where, instead of a silent `nil`.
struct JSONMembers {
    /// The object read.
    let object: JSONObject
    /// The path of the object in its document, `""` for the root.
    let path: String
    /// Makes the error for a member path and a reason.
    let failure: (_ path: String, _ reason: String) -> OpenID4VCIError

    init(_ object: JSONObject, path: String = "", failure: @escaping (_ path: String, _ reason: String) -> OpenID4VCIError) {
        self.object = object
        self.path = path
        self.failure = failure
    }

    /// Reads `value` as an object at `path`.
    init(_ value: JSONValue, path: String, failure: @escaping (_ path: String, _ reason: String) -> OpenID4VCIError) throws(OpenID4VCIError) {
        guard case let .object(object) = value else { throw failure(path.isEmpty ? "(root)" : path, "not a JSON object") }
        self.init(object, path: path, failure: failure)
    }

    func memberPath(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    func fail(_ name: String, _ reason: String) -> OpenID4VCIError { failure(memberPath(name), reason) }

    func string(_ name: String) throws(OpenID4VCIError) -> String? {
        guard let value = object[name] else { return nil }
        guard let text = value.stringValue else { throw fail(name, "not a string") }
        return text
    }

    func requiredString(_ name: String) throws(OpenID4VCIError) -> String {
        guard let text = try string(name) else { throw fail(name, "missing") }
        guard !text.isEmpty else { throw fail(name, "empty") }
        return text
    }

    func bool(_ name: String) throws(OpenID4VCIError) -> Bool? {
        guard let value = object[name] else { return nil }
        guard let flag = value.boolValue else { throw fail(name, "not a boolean") }
        return flag
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(OpenID4VCIError) -> Int? {
        guard let value = object[name] else { return nil }
        guard let number = value.numberValue?.intValue, range.contains(number) else {
            throw fail(name, "not an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A non-empty array of strings (when present), at most `limit` long.
    func strings(_ name: String, limit: Int = 256) throws(OpenID4VCIError) -> [String]? {
        guard let values = try array(name, limit: limit) else { return nil }
        var strings = [String]()
        for (index, value) in values.enumerated() {
            guard let text = value.stringValue else { throw fail("\(name)[\(index)]", "not a string") }
            strings.append(text)
        }
        return strings
    }

    /// A non-empty array (when present), at most `limit` long.
    func array(_ name: String, limit: Int) throws(OpenID4VCIError) -> [JSONValue]? {
        guard let value = object[name] else { return nil }
        guard let values = value.arrayValue else { throw fail(name, "not an array") }
        guard !values.isEmpty else { throw fail(name, "empty array") }
        guard values.count <= limit else { throw fail(name, "more than \(limit) entries") }
        return values
    }

    func object(_ name: String) throws(OpenID4VCIError) -> JSONMembers? {
        guard let value = object[name] else { return nil }
        guard case let .object(member) = value else { throw fail(name, "not an object") }
        return JSONMembers(member, path: memberPath(name), failure: failure)
    }

    /// An absolute URL that the transport policy permits.
    func url(_ name: String, transport: TransportSecurityPolicy) throws(OpenID4VCIError) -> URL? {
        guard let text = try string(name) else { return nil }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw fail(name, "\(text) is not an absolute URL")
        }
        guard transport.permits(url) else { throw fail(name, "\(text) is not an https URL") }
        return url
    }

    func requiredURL(_ name: String, transport: TransportSecurityPolicy) throws(OpenID4VCIError) -> URL {
        guard let url = try url(name, transport: transport) else { throw fail(name, "missing") }
        return url
    }

    /// Reads each element of a non-empty array as an object, with its indexed path.
    func objects(_ name: String, limit: Int) throws(OpenID4VCIError) -> [JSONMembers]? {
        guard let values = try array(name, limit: limit) else { return nil }
        var members = [JSONMembers]()
        for (index, value) in values.enumerated() {
            members.append(try JSONMembers(value, path: memberPath("\(name)[\(index)]"), failure: failure))
        }
        return members
    }
}
