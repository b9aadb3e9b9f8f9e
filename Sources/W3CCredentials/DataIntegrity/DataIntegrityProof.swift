import Foundation
import JSONModel

/// A `DataIntegrityProof` as found in a secured document (VC Data Integrity 1.0 §2.1), its
/// members read and checked, the object kept as it arrived: the proof configuration that was
/// signed is exactly this object without `proofValue`.
public struct DataIntegrityProof: Sendable, Hashable {
    /// The proof object as received.
    public let json: JSONObject
    /// The `cryptosuite` name.
    public let cryptosuite: String
    /// The `verificationMethod` URL.
    public let verificationMethod: String
    /// The `proofPurpose`.
    public let proofPurpose: String
    /// `created`, if given.
    public let created: Date?
    /// `expires`, if given.
    public let expires: Date?
    /// `challenge`, if given.
    public let challenge: String?
    /// `domain`: one string or several.
    public let domains: [String]
    /// `proofValue`, multibase.
    public let proofValue: String

    /// Reads a proof object; `type` must be `DataIntegrityProof`.
    public init(json: JSONObject) throws(DataIntegrityError) {
        guard json["type"]?.stringValue == "DataIntegrityProof" else { throw .missingProof }
        func string(_ name: String) throws(DataIntegrityError) -> String {
            guard let value = json[name]?.stringValue else { throw .invalidProof("\(name) missing or not a string") }
            return value
        }
        func date(_ name: String) throws(DataIntegrityError) -> Date? {
            guard let value = json[name] else { return nil }
            guard let text = value.stringValue, let date = XSDDateTime.parse(text, requireTimeZone: true) else {
                throw .invalidProof("\(name) is not a date-time with a time zone")
            }
            return date
        }
        self.json = json
        cryptosuite = try string("cryptosuite")
        verificationMethod = try string("verificationMethod")
        proofPurpose = try string("proofPurpose")
        proofValue = try string("proofValue")
        created = try date("created")
        expires = try date("expires")
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

    /// The proof options: the proof without `proofValue` (what the signature covers).
    public var options: JSONObject {
        JSONObject(json.members.filter { $0.name != "proofValue" })
    }
}
