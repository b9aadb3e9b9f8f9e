import Foundation
import JSONModel

/// The members every VC document (credential or presentation) is read with: its object, its
/// data model version from the first `@context`, and its `type` list.
struct VCDocument {
    let object: JSONObject
    let version: VCDataModelVersion
    let types: [String]

    /// Reads the object, the base context and `type` (a string or an array of strings), and
    /// requires `requiredType` among the types.
    init(_ json: JSONValue, requiredType: String) throws(CredentialError) {
        guard let object = json.objectValue else { throw .notAnObject }
        let contexts = object["@context"]?.arrayValue ?? object["@context"].map { [$0] } ?? []
        guard let first = contexts.first?.stringValue, let version = VCDataModelVersion(rawValue: first) else {
            throw .missingBaseContext
        }
        let types: [String]
        switch object["type"] {
        case let .string(type)?: types = [type]
        case let .array(values)?:
            types = try values.map { value throws(CredentialError) in
                guard let type = value.stringValue else { throw .invalidMember("type", expected: "a string or strings") }
                return type
            }
        case nil: throw .missingType(requiredType)
        default: throw .invalidMember("type", expected: "a string or strings")
        }
        guard types.contains(requiredType) else { throw .missingType(requiredType) }
        self.object = object
        self.version = version
        self.types = types
    }

    /// An optional `id`-like member that must be a string (a URL) when present.
    func optionalString(_ name: String) throws(CredentialError) -> String? {
        guard let value = object[name] else { return nil }
        guard let string = value.stringValue else { throw .invalidMember(name, expected: "a string") }
        return string
    }

    /// A member that is a URL or an object with an `id` (`issuer`, `holder`): the URL.
    func identifier(_ name: String) throws(CredentialError) -> String? {
        switch object[name] {
        case nil: return nil
        case let .string(url)?: return url
        case let .object(value)?:
            guard let id = value["id"]?.stringValue else { throw .invalidMember(name, expected: "a URL or an object with an id") }
            return id
        default: throw .invalidMember(name, expected: "a URL or an object with an id")
        }
    }

    /// An optional date member: VCDM 2.0 requires a time zone.
    func date(_ name: String) throws(CredentialError) -> Date? {
        guard let value = object[name] else { return nil }
        guard let text = value.stringValue,
            let date = XSDDateTime.parse(text, requireTimeZone: version == .v2_0)
        else { throw .invalidDate(member: name, value: object[name]?.stringValue ?? "(not a string)") }
        return date
    }

    /// The `proof` member as a list of proof objects (one object or an array of them).
    func proofs() throws(CredentialError) -> [JSONObject] {
        switch object["proof"] {
        case nil: return []
        case let .object(proof)?: return [proof]
        case let .array(values)?:
            return try values.map { value throws(CredentialError) in
                guard let proof = value.objectValue else { throw .invalidMember("proof", expected: "an object or objects") }
                return proof
            }
        default: throw .invalidMember("proof", expected: "an object or objects")
        }
    }
}
