import Foundation

/// An Open DID verifiable presentation (VP): VCs, possibly reduced to chosen claims,
/// signed by the holder for one verifier nonce and a short validity window.
public struct VerifiablePresentation: Jsonable, ProofsContainer, Identifiable, Sendable, Hashable {
    public var context: [String]
    public var id: String
    public var type: [String]
    public var holder: String
    @UTCDatetime public var validFrom: String
    @UTCDatetime public var validUntil: String
    public var verifierNonce: String
    public var verifiableCredential: [VerifiableCredential]
    public var proof: Proof?
    public var proofs: [Proof]?

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case id, type, holder, validFrom, validUntil, verifierNonce, verifiableCredential, proof, proofs
    }

    public init(
        context: [String] = ["https://www.w3.org/ns/credentials/v2"], id: String,
        type: [String] = ["VerifiablePresentation"], holder: String, validFrom: String,
        validUntil: String, verifierNonce: String, verifiableCredential: [VerifiableCredential],
        proof: Proof? = nil, proofs: [Proof]? = nil
    ) {
        self.context = context
        self.id = id
        self.type = type
        self.holder = holder
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.verifierNonce = verifierNonce
        self.verifiableCredential = verifiableCredential
        self.proof = proof
        self.proofs = proofs
    }
}
