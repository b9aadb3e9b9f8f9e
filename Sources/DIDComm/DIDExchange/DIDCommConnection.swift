/// A pairwise connection DID exchange made: our DID and key, theirs, and where to reach them.
public struct DIDCommConnection: Sendable, Hashable {
    /// Our unqualified DID.
    public var myDID: String
    /// Our verkey (the key of `myDID`), which we pack from and they pack to.
    public var myVerkey: Verkey
    /// Their unqualified DID (from the response's signed DIDDoc).
    public var theirDID: String
    /// Their service from that DIDDoc: the keys to pack for and the endpoint.
    public var theirService: DIDCommService
    /// The invitation key that signed their DIDDoc.
    public var invitationKey: Verkey
}
