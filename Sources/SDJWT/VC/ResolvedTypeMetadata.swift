import JSONModel

/// The Type Metadata in force for a credential: its type's document with every type it
/// `extends` applied (draft-ietf-oauth-sd-jwt-vc, "Extending Type Metadata").
///
/// The chain is applied from the most general type down, as the draft orders it:
/// - `display` is inherited until a type defines its own, which then replaces it whole;
/// - claim metadata is inherited; an entry with the same `path` overrides the inherited
///   entry property by property (the child's value wins, lists are never merged), except
///   that `sd: always`/`never` cannot be changed and a `mandatory` claim cannot become
///   optional (an extending type that tries fails the whole metadata).
public struct ResolvedTypeMetadata: Sendable, Hashable {
    /// The credential's `vct`.
    public let vct: String
    /// The documents: the credential's type first, then each type it extends.
    public let chain: [TypeMetadata]
    /// The `display` in force, one per locale (empty when no type in the chain has one).
    public let displays: [TypeDisplay]
    /// The claim metadata in force: inherited entries first, in the order they were defined.
    public let claims: [ClaimMetadata]

    /// Applies `chain` (the credential's type first, as ``TypeMetadataResolver`` returns it).
    public init(chain: [TypeMetadata]) throws(SDJWTVCError) {
        guard let first = chain.first else { throw .typeMetadata("no type metadata document") }
        var displays: [TypeDisplay] = []
        var claims: [ClaimMetadata] = []
        var positions: [ClaimPath: Int] = [:]
        for document in chain.reversed() {
            if let own = document.displays { displays = own }
            for claim in document.claimMetadata {
                if let position = positions[claim.path] {
                    claims[position] = try claims[position].overridden(by: claim)
                } else {
                    positions[claim.path] = claims.count
                    claims.append(claim)
                }
            }
        }
        try TypeMetadata.checkUniqueSVGIDs(claims)
        self.vct = first.vct
        self.chain = chain
        self.displays = displays
        self.claims = claims
    }

    /// The display for the most appropriate of `locales` (most preferred first); see
    /// ``TypeMetadataLocale/best(of:preferring:)``.
    public func display(preferring locales: [String]) -> TypeDisplay? {
        TypeMetadataLocale.best(of: displays, preferring: locales)
    }

    /// Checks `credential` against the claim metadata (`sd`, `mandatory`, paths evaluated
    /// against the credential as issued) and returns its labelled claims: what
    /// ``SDJWTVCVerifier`` does when it has a ``TypeMetadataPolicy``, for a wallet that gets
    /// the metadata later or from elsewhere.
    public func validate(_ credential: VerifiedSDJWT) throws(SDJWTVCError) -> [DisplayedClaim] {
        try ClaimMetadataValidator(credential).validate(claims)
    }
}
