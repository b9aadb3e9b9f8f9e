/// Everything an exchange may need from the holder, by format family: the AnonCreds work, the
/// JSON-LD holder, and the DID an Indy-format request names as `prover_did`.
///
/// A format whose part is `nil` is refused as ``AriesError/unsupportedFormat(_:)``.
public struct AriesHolder: Sendable {
    /// The AnonCreds work (Indy and AnonCreds formats).
    public var anonCreds: (any AnonCredsHolding)?
    /// The JSON-LD holder (`aries/ld-proof-vc-detail@v1.0`, DIF Presentation Exchange).
    public var w3c: W3CHolder?
    /// The unqualified DID an Indy-format (and any 1.0) credential request carries as
    /// `prover_did` (ACA-Py refuses `entropy` there): the connection's DID.
    public var proverDID: String?

    /// A holder from its parts.
    public init(anonCreds: (any AnonCredsHolding)? = nil, w3c: W3CHolder? = nil, proverDID: String? = nil) {
        self.anonCreds = anonCreds
        self.w3c = w3c
        self.proverDID = proverDID
    }

    /// Whether this holder can answer an attachment of `format`.
    public func reads(_ format: AttachmentFormat) -> Bool {
        switch format {
        case .indyOffer: anonCreds != nil && proverDID != nil
        case .anonCredsOffer, .indyProofRequest, .anonCredsProofRequest: anonCreds != nil
        case .ldProofDetail, .difDefinition: w3c != nil
        default: false
        }
    }
}
