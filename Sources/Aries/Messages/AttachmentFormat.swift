/// An attachment format identifier of issue-credential 2.0 and present-proof 2.0 (RFC 0453,
/// RFC 0454): the `format` a message's `formats` entry gives an attachment.
///
/// The Indy family (`hlindy/…`, RFC 0592) is also what the 1.0 protocols carry, implied.
public struct AttachmentFormat: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The identifier as written (`hlindy/cred-abstract@v2.0`).
    public let identifier: String

    /// A format by its identifier.
    public init(_ identifier: String) { self.identifier = identifier }

    public var description: String { identifier }

    public init(from decoder: any Decoder) throws { identifier = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    // MARK: issue-credential (RFC 0592 Indy, RFC 0771 AnonCreds, RFC 0593 JSON-LD)

    /// An Indy credential filter: what a proposal asks to be issued (schema and definition ids).
    public static let indyFilter = AttachmentFormat("hlindy/cred-filter@v2.0")
    /// An Indy credential offer.
    public static let indyOffer = AttachmentFormat("hlindy/cred-abstract@v2.0")
    /// An Indy credential request (with `prover_did`).
    public static let indyRequest = AttachmentFormat("hlindy/cred-req@v2.0")
    /// An Indy credential.
    public static let indyCredential = AttachmentFormat("hlindy/cred@v2.0")
    /// An AnonCreds credential filter (a proposal's).
    public static let anonCredsFilter = AttachmentFormat("anoncreds/credential-filter@v1.0")
    /// An AnonCreds credential offer.
    public static let anonCredsOffer = AttachmentFormat("anoncreds/credential-offer@v1.0")
    /// An AnonCreds credential request (with `entropy`).
    public static let anonCredsRequest = AttachmentFormat("anoncreds/credential-request@v1.0")
    /// An AnonCreds credential.
    public static let anonCredsCredential = AttachmentFormat("anoncreds/credential@v1.0")
    /// A JSON-LD credential detail: the credential to issue and the proof options (offer and request).
    public static let ldProofDetail = AttachmentFormat("aries/ld-proof-vc-detail@v1.0")
    /// A JSON-LD credential with its Linked Data proof.
    public static let ldProofCredential = AttachmentFormat("aries/ld-proof-vc@v1.0")

    // MARK: present-proof (RFC 0592, RFC 0771, RFC 0510 DIF Presentation Exchange)

    /// An Indy proof request.
    public static let indyProofRequest = AttachmentFormat("hlindy/proof-req@v2.0")
    /// An Indy proof.
    public static let indyProof = AttachmentFormat("hlindy/proof@v2.0")
    /// An AnonCreds proof request.
    public static let anonCredsProofRequest = AttachmentFormat("anoncreds/proof-request@v1.0")
    /// An AnonCreds proof.
    public static let anonCredsProof = AttachmentFormat("anoncreds/proof@v1.0")
    /// A DIF presentation definition with `options` (challenge, domain).
    public static let difDefinition = AttachmentFormat("dif/presentation-exchange/definitions@v1.0")
    /// A verifiable presentation with a `presentation_submission`.
    public static let difSubmission = AttachmentFormat("dif/presentation-exchange/submission@v1.0")

    /// The format of the answer to an attachment of this format: the request for an offer,
    /// the credential for a request, the proof for a proof request.
    public var answer: AttachmentFormat? {
        switch self {
        case .indyOffer: .indyRequest
        case .indyRequest: .indyCredential
        case .anonCredsOffer: .anonCredsRequest
        case .anonCredsRequest: .anonCredsCredential
        case .ldProofDetail: nil
        case .indyProofRequest: .indyProof
        case .anonCredsProofRequest: .anonCredsProof
        case .difDefinition: .difSubmission
        default: nil
        }
    }

    /// Whether the attachment is an AnonCreds object (the Indy or the AnonCreds family).
    public var isAnonCreds: Bool { identifier.hasPrefix("hlindy/") || identifier.hasPrefix("anoncreds/") }
}
