import JSONModel

/// A verifier's rule for a selectively disclosed credential (an ecdsa-sd-2023 derived proof):
/// it reveals nothing beyond the claims the verifier asked for and those its issuer made
/// mandatory. The derived proof is the evidence that the revealed claims are the issuer's;
/// this policy is the judgement that the holder disclosed no more than was asked — a wallet
/// that shows everything (or a holder tricked into it) is refused, so a verifier never keeps
/// data it did not request.
public struct RequestedClaimsPolicy: Sendable, Hashable {
    /// The claim paths the verifier asked for (a claim is covered by a path that is its prefix,
    /// "all elements" matching any index).
    public var requested: [ClaimPath]
    /// The claims every derivation reveals (``ECDSASelectiveDisclosure/alwaysDisclosedPaths(of:)``
    /// of the issuer's credentials: the mandatory pointers' leaves, `@context`, ids and types).
    public var mandatory: [ClaimPath]

    /// A policy for a request of `requested` claims, under an issuer whose derivations always
    /// reveal `mandatory`.
    public init(requested: [ClaimPath], mandatory: [ClaimPath]) {
        self.requested = requested
        self.mandatory = mandatory
    }

    /// The revealed claims of `credential` (without its `proof`) that neither a requested nor
    /// a mandatory path covers; empty when the credential discloses only what it may.
    public func excessClaims(in credential: JSONObject) -> [ClaimPath] {
        var unsecured = credential
        unsecured["proof"] = nil
        return ECDSASelectiveDisclosure.leafPaths(of: unsecured).filter { leaf in
            !(requested + mandatory).contains { Self.covers($0, leaf) }
        }
    }

    /// Refuses `credential` when it reveals a claim nobody asked for.
    ///
    /// - Throws: ``DataIntegrityError/claimNotRequested(_:)`` naming the first such claim.
    public func check(_ credential: JSONObject) throws(DataIntegrityError) {
        if let excess = excessClaims(in: credential).first { throw .claimNotRequested(excess.description) }
    }

    /// Whether `path` selects `leaf` or something containing it.
    static func covers(_ path: ClaimPath, _ leaf: ClaimPath) -> Bool {
        guard path.components.count <= leaf.components.count else { return false }
        return zip(path.components, leaf.components).allSatisfy { wanted, found in
            switch (wanted, found) {
            case (.allElements, .index): true
            default: wanted == found
            }
        }
    }
}
