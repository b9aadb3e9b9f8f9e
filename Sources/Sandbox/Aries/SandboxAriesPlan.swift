import Foundation
import JSONModel

/// What one Aries invitation of the sandbox leads to: the exchanges its agent runs with the
/// holder that accepts it, in order — issue the `person` credential, then ask for a proof of
/// `age >= 18` that reveals the name and not the age — over a DID exchange connection or
/// connectionless (the first message attached to the invitation, each later one queued for
/// the same holder key).
public struct SandboxAriesPlan: Sendable, Hashable {
    /// One exchange, by protocol and version (the names the project's Python Aries agent uses).
    public enum Step: String, Sendable, Hashable, CaseIterable, Codable {
        /// issue-credential 1.0 (the Indy format, implied).
        case issueV1 = "issue-v1"
        /// issue-credential 2.0.
        case issueV2 = "issue-v2"
        /// present-proof 1.0 (the Indy format, implied).
        case presentV1 = "present-v1"
        /// present-proof 2.0.
        case presentV2 = "present-v2"

        /// Whether the step issues (else it asks for a proof).
        public var isIssuance: Bool { self == .issueV1 || self == .issueV2 }
    }

    /// The attachment family of 2.0 steps (1.0 is always Indy).
    public enum Format: String, Sendable, Hashable, CaseIterable, Codable {
        /// `hlindy/cred-abstract@v2.0`, `hlindy/proof-req@v2.0` (RFC 0592).
        case indy
        /// `anoncreds/credential-offer@v1.0`, `anoncreds/proof-request@v1.0` (RFC 0771).
        case anoncreds
    }

    /// The exchanges, in order (one to four).
    public var steps: [Step]
    /// The attachment family of the 2.0 steps.
    public var format: Format
    /// Connectionless: the first message rides in the invitation's `requests~attach` with a
    /// `~service`; otherwise the invitation asks for DID exchange 1.0 first.
    public var connectionless: Bool
    /// The raw values to issue (default: Alice Example, born 1998-03-12, 28).
    public var values: [String: String]?

    /// A plan; at most four steps.
    public init(steps: [Step], format: Format = .indy, connectionless: Bool = false, values: [String: String]? = nil) {
        self.steps = steps
        self.format = format
        self.connectionless = connectionless
        self.values = values
    }

    /// The demo's: DID exchange, issue-credential 2.0, then present-proof 2.0.
    public static let issueThenProve = SandboxAriesPlan(steps: [.issueV2, .presentV2])

    /// The most steps a plan runs.
    static let maximumSteps = 4

    /// The plan as the admin API takes it: `{"steps": […], "format", "connectionless", "values"?}`.
    public var json: JSONValue {
        var object: JSONObject = [
            "steps": .array(steps.map { .string($0.rawValue) }), "format": .string(format.rawValue),
            "connectionless": .bool(connectionless),
        ]
        if let values { object["values"] = .object(JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })) }
        return .object(object)
    }

    /// Reads the admin API's JSON; every member checked.
    public init(json: JSONValue) throws(SandboxError) {
        guard let object = json.objectValue else { throw .invalidRequest("the plan is not a JSON object") }
        let names = object["steps"] == nil ? Self.issueThenProve.steps.map { .string($0.rawValue) } : object["steps"]?.arrayValue ?? []
        guard !names.isEmpty, names.count <= Self.maximumSteps else {
            throw .invalidRequest("steps: one to \(Self.maximumSteps) of \(Step.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var steps: [Step] = []
        for name in names {
            guard let step = name.stringValue.flatMap(Step.init(rawValue:)) else {
                throw .invalidRequest("steps: \(name) is not one of \(Step.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            steps.append(step)
        }
        var format = Format.indy
        if let value = object["format"] {
            guard let read = value.stringValue.flatMap(Format.init(rawValue:)) else { throw .invalidRequest("format: indy or anoncreds") }
            format = read
        }
        var values: [String: String]?
        if let value = object["values"] {
            guard let members = value.objectValue, members.count <= SandboxAriesMaterial.attributeNames.count else {
                throw .invalidRequest("values: an object of the schema's attributes")
            }
            var read: [String: String] = [:]
            for (name, text) in members {
                guard SandboxAriesMaterial.attributeNames.contains(name), let text = text.stringValue, text.utf8.count <= 256 else {
                    throw .invalidRequest("values: \(name) is not an attribute of the schema with a string value")
                }
                read[name] = text
            }
            values = read
        }
        guard object["connectionless"] == nil || object["connectionless"]?.boolValue != nil else {
            throw .invalidRequest("connectionless: true or false")
        }
        self.init(steps: steps, format: format, connectionless: object["connectionless"]?.boolValue ?? false, values: values)
    }
}
