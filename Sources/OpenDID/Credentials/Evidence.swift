import Foundation

/// One entry of a VC's `evidence` array: a multitype array whose entries are told apart by
/// their `type` member.
public enum Evidence: Codable, Sendable, Hashable {
    case documentVerification(DocumentVerificationEvidence)

    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TypeKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch EvidenceType(rawValue: type) {
        case .documentVerification:
            self = .documentVerification(try DocumentVerificationEvidence(from: decoder))
        case nil:
            throw OpenDIDError.unknownEvidenceType(type, path: OpenDIDError.path(decoder.codingPath))
        }
    }
}

/// Evidence that a document (an ID card, a business licence) was checked before issuance.
public struct DocumentVerificationEvidence: Jsonable, Sendable, Hashable {
    /// URL of more information about the evidence.
    public var id: String?
    public var type: EvidenceType
    public var verifier: String
    public var evidenceDocument: String
    public var subjectPresence: Presence
    public var documentPresence: Presence
    /// Attributes of the checked document (e.g. a licence number). Not in the seed's
    /// declaration, but Open DID's servers write it and sign over it, so it must survive a
    /// decode–encode round trip.
    public var attribute: [String: String]?

    public init(
        id: String? = nil, type: EvidenceType = .documentVerification, verifier: String,
        evidenceDocument: String, subjectPresence: Presence, documentPresence: Presence,
        attribute: [String: String]? = nil
    ) {
        self.id = id
        self.type = type
        self.verifier = verifier
        self.evidenceDocument = evidenceDocument
        self.subjectPresence = subjectPresence
        self.documentPresence = documentPresence
        self.attribute = attribute
    }
}
