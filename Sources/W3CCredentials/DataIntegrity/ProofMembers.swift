import Foundation
import JSONModel

/// The members every embedded proof has whatever its type — a `DataIntegrityProof` or one of
/// the older Linked Data signature suites —, read once with the same rules, so the policy
/// (``DataIntegrityProofPolicy``) judges both kinds alike.
struct ProofMembers: Sendable, Hashable {
    /// The `verificationMethod` URL.
    let verificationMethod: String
    /// The `proofPurpose`.
    let proofPurpose: String
    /// `created`, if given.
    let created: Date?
    /// `expires`, if given.
    let expires: Date?
    /// `challenge`, if given.
    let challenge: String?
    /// `domain`: one string or several.
    let domains: [String]

    /// Reads the members of a proof object; a malformed one is ``DataIntegrityError/invalidProof(_:)``.
    init(json: JSONObject) throws(DataIntegrityError) {
        verificationMethod = try Self.string("verificationMethod", in: json)
        proofPurpose = try Self.string("proofPurpose", in: json)
        created = try Self.date("created", in: json)
        expires = try Self.date("expires", in: json)
        switch json["challenge"] {
        case nil: challenge = nil
        case let .string(value)?: challenge = value
        default: throw .invalidProof("challenge is not a string")
        }
        switch json["domain"] {
        case nil: domains = []
        case let .string(value)?: domains = [value]
        case let .array(values)? where values.allSatisfy({ $0.stringValue != nil }): domains = values.compactMap(\.stringValue)
        default: throw .invalidProof("domain is not a string or strings")
        }
    }

    /// The string member `name`, required.
    static func string(_ name: String, in json: JSONObject) throws(DataIntegrityError) -> String {
        guard let value = json[name]?.stringValue else { throw .invalidProof("\(name) missing or not a string") }
        return value
    }

    /// The date-time member `name` (a time zone required, the text itself never rewritten), if present.
    static func date(_ name: String, in json: JSONObject) throws(DataIntegrityError) -> Date? {
        guard let value = json[name] else { return nil }
        guard let text = value.stringValue, let date = XSDDateTime.parse(text, requireTimeZone: true) else {
            throw .invalidProof("\(name) is not a date-time with a time zone")
        }
        return date
    }
}
