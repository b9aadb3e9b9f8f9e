import JSONModel

/// The `anoncreds-2023` DataIntegrityProof anoncreds-rs 0.2 puts on a W3C credential or
/// presentation: `{"type": "DataIntegrityProof", "cryptosuite": "anoncreds-2023",
/// "proofPurpose", "verificationMethod", "proofValue", "challenge"?}`. The verification method is
/// the credential definition's identifier; a presentation's proof carries the request's nonce as
/// its challenge.
public struct W3CAnonCredsProof: Sendable, Hashable {
    public enum Purpose: String, Sendable { case assertionMethod, authentication }

    public var purpose: Purpose
    public var verificationMethod: String
    var value: W3CProofValue
    public var challenge: String?

    static let cryptosuite = "anoncreds-2023"

    init(purpose: Purpose, verificationMethod: String, value: W3CProofValue, challenge: String? = nil) {
        self.purpose = purpose
        self.verificationMethod = verificationMethod
        self.value = value
        self.challenge = challenge
    }

    static func malformed(_ reason: String) -> AnonCredsError {
        .malformedObject(type: "W3C AnonCreds proof", path: "proof", reason: reason)
    }

    /// Whether `json` is an `anoncreds-2023` proof (other proofs a credential carries are kept,
    /// not read).
    static func isAnonCreds(_ json: JSONValue) -> Bool {
        json["type"]?.stringValue == "DataIntegrityProof" && json["cryptosuite"]?.stringValue == cryptosuite
    }

    init(json: JSONValue) throws(AnonCredsError) {
        guard case .object(let object) = json, Self.isAnonCreds(json) else { throw Self.malformed("not an anoncreds-2023 DataIntegrityProof") }
        let known: Set<String> = ["type", "cryptosuite", "proofPurpose", "verificationMethod", "proofValue", "challenge"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) { throw Self.malformed("unknown member \(unknown)") }
        guard let purpose = object["proofPurpose"]?.stringValue.flatMap(Purpose.init(rawValue:)) else {
            throw Self.malformed("proofPurpose is assertionMethod or authentication")
        }
        guard let method = object["verificationMethod"]?.stringValue, let text = object["proofValue"]?.stringValue else {
            throw Self.malformed("verificationMethod and proofValue are strings")
        }
        var challenge: String?
        if let value = object["challenge"] {
            guard let text = value.stringValue else { throw Self.malformed("challenge is a string") }
            challenge = text
        }
        self.init(purpose: purpose, verificationMethod: method, value: try W3CProofValue(text: text), challenge: challenge)
    }

    func json() throws(AnonCredsError) -> JSONValue {
        var object: JSONObject = [
            "type": "DataIntegrityProof", "cryptosuite": .string(Self.cryptosuite), "proofPurpose": .string(purpose.rawValue),
            "verificationMethod": .string(verificationMethod), "proofValue": .string(try value.text()),
        ]
        if let challenge { object["challenge"] = .string(challenge) }
        return .object(object)
    }

    /// The value, when it is of `kind` and the purpose is the one that kind is made for.
    func value(_ kind: W3CProofValue.Kind) throws(AnonCredsError) -> JSONValue {
        let purpose: Purpose = kind == .presentation ? .authentication : .assertionMethod
        guard value.kind == kind, self.purpose == purpose else {
            throw Self.malformed("expected a proof value of kind \(kind.rawValue) for \(purpose.rawValue)")
        }
        return value.value
    }
}
