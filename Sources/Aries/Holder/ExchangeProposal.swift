import DIDComm
import JSONModel

/// A holder's proposal, which starts an exchange from the holder's side: issue-credential
/// 2.0's `propose-credential` (RFC 0453) or present-proof 2.0's `propose-presentation`
/// (RFC 0454), one format-tagged attachment each.
///
/// An agent that answers proposals replies with an offer or a presentation request on the
/// proposal's thread (its `@id`), which becomes a ``CredentialExchange`` or a ``ProofExchange``
/// as any other: the proposal binds nothing, so the offer is judged on its own and the
/// credential against the holder's request. Agents that cannot reach a holder without an
/// endpoint (ACA-Py 1.7 delivers nothing its admin API starts to such a holder) answer a
/// proposal on the return route, so for them the holder starts every exchange this way.
///
/// Only 2.0 is written: a 1.0 proposal carries a preview and identifiers, not attachments.
public struct ExchangeProposal: Sendable, Hashable {
    /// ``MessageKind/credentialProposal`` or ``MessageKind/presentationProposal``.
    public let kind: MessageKind
    /// What is proposed, in its format.
    public let attachment: FormattedAttachment
    /// `comment`, for the person on the other side.
    public let comment: String?

    /// The largest number of members a proposed JSON-LD credential may have; a proposal is
    /// the holder's own input, but it is sent to a stranger and echoed back in the offer.
    public static let maximumCredentialMembers = 64

    /// A proposal to be issued `credential` (a W3C credential without `issuer`, dates or proof
    /// being required: the issuer fills in what it signs), about `subject` (the holder's
    /// did:key, set as `credentialSubject.id`), with a Linked Data proof of `proofType`
    /// (`aries/ld-proof-vc-detail@v1.0`, RFC 0593).
    ///
    /// - Throws: ``AriesError/malformedMessage(reason:)`` for a credential without `@context`
    ///   or `type`, with more than one subject object, or naming another subject.
    public static func linkedDataCredential(
        _ credential: JSONObject, subject: String, proofType: String, comment: String? = nil
    ) throws(AriesError) -> ExchangeProposal {
        guard credential.count <= maximumCredentialMembers else {
            throw .malformedMessage(reason: "the proposed credential has more than \(maximumCredentialMembers) members")
        }
        guard credential["@context"] != nil, credential["type"] != nil else {
            throw .malformedMessage(reason: "the proposed credential needs @context and type")
        }
        var subjectObject: JSONObject
        switch credential["credentialSubject"] {
        case nil: subjectObject = [:]
        case .object(let object)?: subjectObject = object
        default: throw .malformedMessage(reason: "the proposed credentialSubject is not one object")
        }
        if let named = subjectObject["id"], named.stringValue != subject {
            throw .malformedMessage(reason: "the proposed credential names another subject than the holder's DID")
        }
        subjectObject.updateValue(.string(subject), forName: "id")
        var proposed = credential
        proposed.updateValue(.object(subjectObject), forName: "credentialSubject")
        let detail: JSONValue = ["credential": .object(proposed), "options": ["proofType": .string(proofType)]]
        return ExchangeProposal(
            kind: .credentialProposal, attachment: FormattedAttachment(format: .ldProofDetail, content: detail), comment: comment)
    }

    /// A proposal to present what `definition` (a DIF presentation definition: `id` and
    /// `input_descriptors`) describes (`dif/presentation-exchange/definitions@v1.0`, RFC 0510).
    ///
    /// - Throws: ``AriesError/malformedMessage(reason:)`` for a definition the holder itself
    ///   could not answer: one ``DIFPresentationRequest`` does not read.
    public static func presentation(definition: JSONObject, comment: String? = nil) throws(AriesError) -> ExchangeProposal {
        _ = try DIFPresentationRequest(["presentation_definition": .object(definition)])
        return ExchangeProposal(
            kind: .presentationProposal, attachment: FormattedAttachment(format: .difDefinition, content: .object(definition)),
            comment: comment)
    }

    /// The proposal as a 2.0 message; its `@id` is the thread the answer names.
    public func message() -> DIDCommMessage {
        FormattedMessage.make(kind, version: .v2, attachments: [attachment], comment: comment)
    }
}
