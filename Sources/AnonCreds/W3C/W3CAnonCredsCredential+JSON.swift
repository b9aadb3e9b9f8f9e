import Foundation
import JSONModel

extension W3CAnonCredsCredential {
    /// Reads the credential from JSON bytes (JSONModel's strict parser first: limits,
    /// duplicate members refused).
    public init(jsonData data: Data) throws(AnonCredsError) {
        try self.init(json: try Self.parse(data))
    }

    /// JSON bytes through JSONModel's strict parser, a failure as ``AnonCredsError/malformedJSON(_:)``.
    static func parse(_ data: Data) throws(AnonCredsError) -> JSONValue {
        do {
            return try JSONParser().parse(data)
        } catch {
            throw .malformedJSON(error.description)
        }
    }

    /// Reads the credential as anoncreds-rs does: its members and no others, the contexts of
    /// its version (VCDM 1.1 also the Data Integrity context and an `issuanceDate`), the type
    /// `VerifiableCredential`, one `anoncreds-2023` proof among its proofs.
    public init(json: JSONValue) throws(AnonCredsError) {
        guard case .object(let object) = json else { throw Self.malformed("a credential is a JSON object") }
        let known: Set<String> = ["@context", "type", "@type", "issuer", "credentialSubject", "proof", "id", "@id", "issuanceDate", "validFrom"]
        if let unknown = object.keys.first(where: { !known.contains($0) }) { throw Self.malformed("unknown member \(unknown)") }
        (version, contexts) = try Self.contexts(object["@context"])
        types = try Self.types(object["type"] ?? object["@type"], required: "VerifiableCredential")
        guard let issuer = object["issuer"]?.stringValue else { throw Self.malformed("issuer is a string") }
        self.issuer = issuer
        id = (object["id"] ?? object["@id"])?.stringValue
        issuanceDate = object["issuanceDate"]?.stringValue
        validFrom = object["validFrom"]?.stringValue
        if version == .v1_1, issuanceDate == nil { throw Self.malformed("a VCDM 1.1 credential has an issuanceDate") }
        guard case .object(let members)? = object["credentialSubject"], !members.isEmpty else {
            throw Self.malformed("credentialSubject is a non-empty object")
        }
        var subject: [String: SubjectValue] = [:]
        for (name, value) in members {
            switch value {
            case .string(let text): subject[name] = .string(text)
            case .number(let number):
                guard let integer = number.int64Value.flatMap(Int32.init(exactly:)) else {
                    throw Self.malformed("\(name) is a number that is not a 32-bit integer")
                }
                subject[name] = .number(integer)
            case .bool(true): subject[name] = .predicate
            default: throw Self.malformed("\(name) is a string, a 32-bit integer or true")
            }
        }
        self.subject = subject
        let proofs = object["proof"].map { $0.arrayValue ?? [$0] } ?? []
        guard let anonCreds = proofs.first(where: W3CAnonCredsProof.isAnonCreds) else {
            throw Self.malformed("no anoncreds-2023 DataIntegrityProof")
        }
        proof = try W3CAnonCredsProof(json: anonCreds)
        otherProofs = proofs.filter { !W3CAnonCredsProof.isAnonCreds($0) }
    }

    /// The credential's JSON (as anoncreds-rs writes it: proofs as an array).
    public func json() throws(AnonCredsError) -> JSONValue {
        var object: JSONObject = ["@context": .array(contexts), "type": .array(types.map(JSONValue.string)), "issuer": .string(issuer)]
        var members = JSONObject()
        for (name, value) in subject.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let text): members[name] = .string(text)
            case .number(let number): members[name] = .number(JSONNumber(Int(number)))
            case .predicate: members[name] = .bool(true)
            }
        }
        object["credentialSubject"] = .object(members)
        object["proof"] = .array([try proof.json()] + otherProofs)
        if let id { object["id"] = .string(id) }
        if let issuanceDate { object["issuanceDate"] = .string(issuanceDate) }
        if let validFrom { object["validFrom"] = .string(validFrom) }
        return .object(object)
    }

    /// The JSON bytes.
    public func jsonData() throws(AnonCredsError) -> Data { try json().serialized() }

    /// The version from the first context, and every context anoncreds-rs requires present.
    static func contexts(_ json: JSONValue?) throws(AnonCredsError) -> (Version, [JSONValue]) {
        guard let contexts = json?.arrayValue, let first = contexts.first?.stringValue, let version = Version(rawValue: first) else {
            throw Self.malformed("@context begins with the VCDM 1.1 or 2.0 context")
        }
        if version == .v1_1, !contexts.contains(.string(Version.dataIntegrityContext)) {
            throw Self.malformed("a VCDM 1.1 AnonCreds credential has the Data Integrity context")
        }
        guard contexts.contains(Version.vocabulary) else { throw Self.malformed("@context lacks the issuer-dependent vocabulary") }
        return (version, contexts)
    }

    static func types(_ json: JSONValue?, required: String) throws(AnonCredsError) -> [String] {
        let types = json?.arrayValue?.compactMap(\.stringValue) ?? [json?.stringValue].compactMap { $0 }
        guard types.contains(required) else { throw Self.malformed("type includes \(required)") }
        return types
    }
}
