import DIDComm

/// The messages of the credential protocols that carry format-tagged attachments, with their
/// message names and attachment members (the same in 1.0 and 2.0, except the proposals, whose
/// attachments are 2.0's: a 1.0 proposal carries a preview, not attachments).
public enum MessageKind: String, Sendable, Hashable, CaseIterable {
    /// `propose-credential`, `filters~attach` (2.0).
    case credentialProposal
    /// `offer-credential`, `offers~attach`.
    case credentialOffer
    /// `request-credential`, `requests~attach`.
    case credentialRequest
    /// `issue-credential`, `credentials~attach`.
    case credentialIssue
    /// `propose-presentation`, `proposals~attach` (2.0).
    case presentationProposal
    /// `request-presentation`, `request_presentations~attach`.
    case presentationRequest
    /// `presentation`, `presentations~attach`.
    case presentation

    /// The message name.
    public var messageName: String {
        switch self {
        case .credentialProposal: "propose-credential"
        case .credentialOffer: "offer-credential"
        case .credentialRequest: "request-credential"
        case .credentialIssue: "issue-credential"
        case .presentationProposal: "propose-presentation"
        case .presentationRequest: "request-presentation"
        case .presentation: "presentation"
        }
    }

    /// The member holding the attachments.
    public var attachmentMember: String {
        switch self {
        case .credentialProposal: "filters~attach"
        case .credentialOffer: "offers~attach"
        case .credentialRequest: "requests~attach"
        case .credentialIssue: "credentials~attach"
        case .presentationProposal: "proposals~attach"
        case .presentationRequest: "request_presentations~attach"
        case .presentation: "presentations~attach"
        }
    }

    /// Whether the kind belongs to issue-credential (else present-proof).
    public var isIssuance: Bool { [.credentialProposal, .credentialOffer, .credentialRequest, .credentialIssue].contains(self) }

    /// The message type in `version`.
    public func type(_ version: AriesProtocolVersion) -> MessageType {
        (isIssuance ? version.issueCredential : version.presentProof).messageType(messageName)
    }

    /// The formats an attachment of this kind may have in 2.0; in 1.0 the single attachment
    /// has the first (the Indy one), implied.
    public var formats: [AttachmentFormat] {
        switch self {
        case .credentialProposal: [.indyFilter, .anonCredsFilter, .ldProofDetail]
        case .credentialOffer: [.indyOffer, .anonCredsOffer, .ldProofDetail]
        case .credentialRequest: [.indyRequest, .anonCredsRequest, .ldProofDetail]
        case .credentialIssue: [.indyCredential, .anonCredsCredential, .ldProofCredential]
        case .presentationProposal, .presentationRequest: [.indyProofRequest, .anonCredsProofRequest, .difDefinition]
        case .presentation: [.indyProof, .anonCredsProof, .difSubmission]
        }
    }

    /// The `@id` 1.0 agents (ACA-Py, libvcx) give the single attachment.
    var legacyAttachmentID: String {
        switch self {
        case .credentialProposal: "libindy-cred-filter-0"
        case .credentialOffer: "libindy-cred-offer-0"
        case .credentialRequest: "libindy-cred-request-0"
        case .credentialIssue: "libindy-cred-0"
        case .presentationProposal: "libindy-presentation-proposal-0"
        case .presentationRequest: "libindy-request-presentation-0"
        case .presentation: "libindy-presentation-0"
        }
    }
}
