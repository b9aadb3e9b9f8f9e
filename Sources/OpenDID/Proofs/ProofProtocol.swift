import Foundation
import JSONModel

/// What every Open DID proof has: when, why and with which key it was made, and the
/// signature.
///
/// The seed declares `type` optional here but non-optional in both ``Proof`` and
/// ``VCProof``; Swift cannot satisfy an optional requirement with a non-optional stored
/// property, so the requirement follows the structures (every proof has a type).
public protocol ProofProtocol: Jsonable {
    var created: String { get set }
    var verificationMethod: String { get set }
    var proofPurpose: ProofPurpose { get set }
    var type: ProofType { get set }
    var proofValue: String? { get set }
}

/// A document signed by one key (profiles, ``ReqE2e``, ``AccE2e``).
public protocol ProofContainer: Jsonable {
    var proof: Proof? { get set }
}

/// A document signed by one or several keys. Open DID writes a single proof as `proof`
/// and several as `proofs` (never both).
public protocol ProofsContainer: Jsonable {
    var proof: Proof? { get set }
    var proofs: [Proof]? { get set }
}

extension ProofsContainer {
    /// Every proof, whichever member holds it.
    public var allProofs: [Proof] {
        if let proofs { return proofs }
        return proof.map { [$0] } ?? []
    }

    /// Stores `newProofs` by Open DID's rule: one → `proof`, several → `proofs`.
    public mutating func setProofs(_ newProofs: [Proof]) {
        switch newProofs.count {
        case 0: proof = nil; proofs = nil
        case 1: proof = newProofs[0]; proofs = nil
        default: proof = nil; proofs = newProofs
        }
    }
}

/// A signature by the owner of a DID document, a holder or a provider.
public struct Proof: ProofProtocol, Sendable, Hashable {
    @UTCDatetime public var created: String
    public var proofPurpose: ProofPurpose
    public var verificationMethod: String
    public var type: ProofType
    public var proofValue: String?

    public init(
        created: String, proofPurpose: ProofPurpose, verificationMethod: String, type: ProofType,
        proofValue: String? = nil
    ) {
        self.created = created
        self.proofPurpose = proofPurpose
        self.verificationMethod = verificationMethod
        self.type = type
        self.proofValue = proofValue
    }
}

extension Proof {
    /// Reads the members a proof's signature covers straight from its JSON, with the same
    /// typed errors as decoding (this runs once per signature checked, so it skips the
    /// `JSONDecoder` round trip).
    init(header object: JSONObject) throws(OpenDIDError) {
        func string(_ name: String) throws(OpenDIDError) -> String {
            guard let value = object[name] else { throw .missingField(path: name) }
            guard case let .string(text) = value else { throw .typeMismatch(path: name, expected: "String") }
            return text
        }
        let created = try string("created")
        guard DatetimeParser.epochSeconds(created) != nil else { throw .invalidDatetime(created, path: "created") }
        let purpose = try string("proofPurpose")
        guard let proofPurpose = ProofPurpose(rawValue: purpose) else {
            throw .unknownEnumValue(type: "ProofPurpose", value: purpose, path: "proofPurpose")
        }
        let type = try string("type")
        guard let proofType = ProofType(rawValue: type) else {
            throw .unknownEnumValue(type: "ProofType", value: type, path: "type")
        }
        self.init(created: created, proofPurpose: proofPurpose, verificationMethod: try string("verificationMethod"), type: proofType)
    }

    /// The JSON of the members a proof's signature covers.
    var headerObject: JSONObject {
        [
            "created": .string(created), "proofPurpose": .string(proofPurpose.rawValue),
            "type": .string(type.rawValue), "verificationMethod": .string(verificationMethod),
        ]
    }
}

/// An issuer's signature on a VC: `proofValue` signs the whole credential, and
/// `proofValueList[i]` signs the credential reduced to its i-th claim, so a holder can
/// later present any subset of claims with the issuer's signatures intact.
public struct VCProof: ProofProtocol, Jsonable, Sendable, Hashable {
    @UTCDatetime public var created: String
    public var proofPurpose: ProofPurpose
    public var verificationMethod: String
    public var type: ProofType
    public var proofValue: String?
    public var proofValueList: [String]?

    public init(
        created: String, proofPurpose: ProofPurpose, verificationMethod: String, type: ProofType,
        proofValue: String? = nil, proofValueList: [String]? = nil
    ) {
        self.created = created
        self.proofPurpose = proofPurpose
        self.verificationMethod = verificationMethod
        self.type = type
        self.proofValue = proofValue
        self.proofValueList = proofValueList
    }
}
