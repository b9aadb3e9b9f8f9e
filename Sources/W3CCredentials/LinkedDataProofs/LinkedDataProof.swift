import Foundation
import JSONModel

/// A Linked Data signature (``LinkedDataProofSuite``) as found in a secured document, its
/// members read and checked, the object kept as it arrived: the proof options that were
/// signed are exactly this object without its signature, `created` included as written (so
/// ACA-Py's `+00:00` form verifies as it was signed).
public struct LinkedDataProof: Sendable, Hashable {
    /// Where the signature is.
    public enum Signature: Sendable, Hashable {
        /// A detached JWS with an unencoded payload (`header..signature`).
        case jws(String)
        /// Multibase base58btc.
        case proofValue(String)
    }

    /// The proof object as received.
    public let json: JSONObject
    /// The suite (the proof's `type`).
    public let suite: LinkedDataProofSuite
    /// The `verificationMethod` URL.
    public let verificationMethod: String
    /// The `proofPurpose`.
    public let proofPurpose: String
    /// `created`, if given.
    public let created: Date?
    /// `challenge`, if given.
    public let challenge: String?
    /// `domain`: one string or several.
    public let domains: [String]
    /// The signature.
    public let signature: Signature
    /// The members the policy judges.
    let members: ProofMembers

    /// Reads a proof object whose `type` is one of the suites.
    public init(json: JSONObject) throws(DataIntegrityError) {
        guard let type = json["type"]?.stringValue else { throw .missingProof }
        guard let suite = LinkedDataProofSuite(rawValue: type) else { throw .unsupportedCryptosuite(type) }
        let members = try ProofMembers(json: json)
        self.json = json
        self.suite = suite
        self.members = members
        verificationMethod = members.verificationMethod
        proofPurpose = members.proofPurpose
        created = members.created
        challenge = members.challenge
        domains = members.domains
        signature = suite.usesJWS
            ? .jws(try ProofMembers.string("jws", in: json)) : .proofValue(try ProofMembers.string("proofValue", in: json))
    }

    /// The proof options: the proof without its signature (`jws`, `proofValue`, `signatureValue`).
    public var options: JSONObject {
        JSONObject(json.members.filter { !["jws", "proofValue", "signatureValue"].contains($0.name) })
    }

    /// Whether `type` names one of the suites (a proof this type reads).
    public static func isLinkedDataProof(_ proof: JSONValue) -> Bool {
        proof["type"]?.stringValue.flatMap(LinkedDataProofSuite.init(rawValue:)) != nil
    }
}
