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
        let members = try ProofMembers(json: json)
        self.json = json
        cryptosuite = try ProofMembers.string("cryptosuite", in: json)
        proofValue = try ProofMembers.string("proofValue", in: json)
        verificationMethod = members.verificationMethod
        proofPurpose = members.proofPurpose
        created = members.created
        expires = members.expires
        challenge = members.challenge
        domains = members.domains
    }

    /// The proof options: the proof without `proofValue` (what the signature covers).
    public var options: JSONObject {
        JSONObject(json.members.filter { $0.name != "proofValue" })
    }
}
