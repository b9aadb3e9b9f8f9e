import Foundation
import JSONModel

/// An AnonCreds credential in anoncreds-rs 0.2's W3C form (VCDM 1.1 or 2.0): the attributes as
/// `credentialSubject` (a 32-bit integer as a JSON number, any other value as a string; in a
/// presentation, `true` for an attribute a predicate is proven on), the CL signature (or, in a
/// presentation, one credential's sub-proof) in an `anoncreds-2023` ``W3CAnonCredsProof``.
///
/// ``init(_:issuerID:version:issuanceDate:)`` and ``credential()`` convert from and to the
/// legacy ``Credential`` as anoncreds-rs' `credential_to_w3c` and `w3c_to_credential` do. The
/// contexts are anoncreds-rs': VCDM 1.1 with the Data Integrity context, or VCDM 2.0; both with
/// the issuer-dependent vocabulary. Credentials of revocable definitions are not converted (their
/// revocation members are pairing-group points this module carries only as JSON).
public struct W3CAnonCredsCredential: Sendable, Hashable {
    /// The VC Data Model version, told by the first context.
    public enum Version: String, Sendable {
        case v1_1 = "https://www.w3.org/2018/credentials/v1"
        case v2_0 = "https://www.w3.org/ns/credentials/v2"

        static let dataIntegrityContext = "https://w3id.org/security/data-integrity/v2"
        static let vocabulary: JSONValue = ["@vocab": "https://www.w3.org/ns/credentials/issuer-dependent#"]

        var contexts: [JSONValue] {
            switch self {
            case .v1_1: [.string(rawValue), .string(Self.dataIntegrityContext), Self.vocabulary]
            case .v2_0: [.string(rawValue), Self.vocabulary]
            }
        }
    }

    /// A `credentialSubject` value.
    public enum SubjectValue: Sendable, Hashable {
        case string(String)
        case number(Int32)
        /// A predicate is proven on the attribute (in a presentation).
        case predicate

        /// The raw value as the legacy credential has it (`nil` for a predicate).
        public var raw: String? {
            switch self {
            case .string(let text): text
            case .number(let number): String(number)
            case .predicate: nil
            }
        }

        /// The subject value anoncreds-rs writes for a raw value.
        init(raw: String) { self = Int32(raw).map(SubjectValue.number) ?? .string(raw) }
    }

    public var version: Version
    public var contexts: [JSONValue]
    public var types: [String]
    public var issuer: String
    public var id: String?
    public var issuanceDate: String?
    public var validFrom: String?
    public var subject: [String: SubjectValue]
    public var proof: W3CAnonCredsProof
    /// Other proofs the credential carries, kept as they are.
    public var otherProofs: [JSONValue] = []

    static func malformed(_ reason: String) -> AnonCredsError {
        .malformedObject(type: "W3C AnonCreds credential", path: "", reason: reason)
    }

    /// The schema its proof names.
    public var schemaID: String? { proof.value.value["schema_id"]?.stringValue }
    /// The credential definition its proof names.
    public var credentialDefinitionID: String? { proof.value.value["cred_def_id"]?.stringValue }

    /// The W3C form of a (processed or issued) credential, as anoncreds-rs' `credential_to_w3c`.
    /// VCDM 1.1 needs an `issuanceDate` (an XML Schema date-time); anoncreds-rs writes now.
    public init(_ credential: Credential, issuerID: String, version: Version = .v1_1, issuanceDate: String? = nil) throws(AnonCredsError) {
        guard credential.revocationRegistryID == nil else { throw .unsupported("the W3C form of a revocable credential") }
        self.version = version
        contexts = version.contexts
        types = ["VerifiableCredential"]
        issuer = issuerID
        self.issuanceDate = version == .v1_1 ? issuanceDate ?? Date().formatted(.iso8601) : nil
        subject = credential.values.mapValues { SubjectValue(raw: $0.raw) }
        var signature = try Self.json(of: credential.signature)
        signature = .object(["p_credential": signature, "r_credential": .null])
        let value: JSONValue = [
            "schema_id": .string(credential.schemaID), "cred_def_id": .string(credential.credentialDefinitionID),
            "signature": signature, "signature_correctness_proof": try Self.json(of: credential.signatureCorrectnessProof),
        ]
        proof = W3CAnonCredsProof(
            purpose: .assertionMethod, verificationMethod: credential.credentialDefinitionID,
            value: W3CProofValue(kind: .credentialSignature, value: value))
    }

    /// The legacy credential, as anoncreds-rs' `w3c_to_credential`: the attributes encoded
    /// from `credentialSubject`, the signature from the proof.
    public func credential() throws(AnonCredsError) -> Credential {
        let value = try proof.value(.credentialSignature)
        guard value["rev_reg_id"] == nil || value["rev_reg_id"] == .null,
              value["signature"]?["r_credential"] == nil || value["signature"]?["r_credential"] == .null
        else { throw .unsupported("the W3C form of a revocable credential") }
        var values = JSONObject()
        for (name, attribute) in subject {
            guard let raw = attribute.raw else { throw Self.malformed("\(name) is a predicate, not a value") }
            let encoded = AttributeValue(raw: raw)
            values[name] = ["raw": .string(encoded.raw), "encoded": .string(encoded.encoded)]
        }
        let legacy: JSONValue = [
            "schema_id": value["schema_id"] ?? .null, "cred_def_id": value["cred_def_id"] ?? .null, "rev_reg_id": .null,
            "values": .object(values), "signature": value["signature"] ?? .null,
            "signature_correctness_proof": value["signature_correctness_proof"] ?? .null, "rev_reg": .null, "witness": .null,
        ]
        return try Credential(jsonData: legacy.serialized())
    }

    static func json(of value: some Encodable) throws(AnonCredsError) -> JSONValue {
        do {
            return try JSONValue(parsing: JSONEncoder().encode(value))
        } catch {
            throw .malformedObject(type: "W3C AnonCreds credential", path: "", reason: "\(error)")
        }
    }
}
