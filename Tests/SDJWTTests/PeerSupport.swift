import Foundation
import JSONModel
import SDJWT
import VellumTestSupport

/// Talking to `Tests/Peers/sdjwt_peer.py` (Python `sd-jwt` 0.10.4) and translating its
/// test-specification forms into claim paths.
enum SDJWTPeer {
    /// Runs one peer operation and returns its JSON answer.
    static func call(_ request: JSONObject) async throws -> JSONValue {
        try JSONValue(parsing: await PythonPeer.run("sdjwt_peer.py", input: JSONValue.object(request).serialized()))
    }

    /// A `specification.yml` as JSON, `!sd` marked (see the peer script).
    static func specification(_ folder: String) async throws -> JSONObject {
        let path = try Vectors.url("sd-jwt/\(folder)/specification.yml").path
        guard case .object(let object) = try await call(["op": "spec", "path": .string(path)]) else {
            throw FixtureError("the spec is not an object")
        }
        return object
    }

    /// Splits `!sd`-marked claims into plain claims and the claim paths that were marked.
    static func unmark(_ value: JSONValue, path: [ClaimPath.Component] = [], into paths: inout [ClaimPath]) throws -> JSONValue {
        switch value {
        case .object(let object):
            var plain = JSONObject()
            for (name, member) in object {
                var key = name
                if name.hasPrefix("!sd ") {
                    key = String(name.dropFirst(4))
                    paths.append(try ClaimPath(path + [.key(key)]))
                }
                plain[key] = try unmark(member, path: path + [.key(key)], into: &paths)
            }
            return .object(plain)
        case .array(let elements):
            return .array(try elements.enumerated().map { index, element in
                let elementPath = path + [.index(index)]
                if case .object(let wrapper) = element, wrapper.count == 1, let inner = wrapper["!sd"] {
                    paths.append(try ClaimPath(elementPath))
                    return try unmark(inner, path: elementPath, into: &paths)
                }
                return try unmark(element, path: elementPath, into: &paths)
            })
        default:
            return value
        }
    }

    /// The claim paths that select what an sd-jwt-python `holder_disclosed_claims` selects:
    /// `true` (or any other truthy scalar) selects a claim, objects and arrays select
    /// inside it, `false` and `null` select nothing.
    static func paths(disclosing selection: JSONValue, path: [ClaimPath.Component] = []) throws -> [ClaimPath] {
        switch selection {
        case .object(let object):
            return try object.flatMap { name, member in try paths(disclosing: member, path: path + [.key(name)]) }
        case .array(let elements):
            return try elements.enumerated().flatMap { index, element in
                try paths(disclosing: element, path: path + [.index(index)])
            }
        case .null, .bool(false):
            return []
        default:
            return path.isEmpty ? [] : [try ClaimPath(path)]
        }
    }
}
