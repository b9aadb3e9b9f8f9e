/// Whether and how an ``SDJWTVCVerifier`` applies Type Metadata.
///
/// The draft leaves processing to the Holder's or Verifier's policy; once processed,
/// metadata must be processed fully (the whole `extends` chain) and a credential that breaks
/// its claim metadata is rejected. What the policy decides is only what happens when the
/// metadata cannot be obtained.
public struct TypeMetadataPolicy: Sendable {
    /// What a missing document does.
    public enum Requirement: Sendable, Hashable {
        /// Refuse the credential (``SDJWTVCError/typeMetadataUnavailable(_:)``): for a
        /// verifier whose ecosystem requires Type Metadata.
        case required
        /// Accept the credential without metadata and say why in
        /// ``VerifiedSDJWTVC/typeMetadataFailure``: for a wallet that shows metadata when
        /// it can. A document that *was* obtained but is wrong still refuses the credential.
        case whenAvailable
    }

    /// Where the documents come from.
    public var resolver: TypeMetadataResolver
    /// What a missing document does.
    public var requirement: Requirement

    /// A policy; metadata is used when available unless `requirement` says otherwise.
    public init(resolver: TypeMetadataResolver, requirement: Requirement = .whenAvailable) {
        self.resolver = resolver
        self.requirement = requirement
    }

    /// The metadata in force for a credential of type `vct`, validated against `verified`:
    /// `nil` (with the reason) when unavailable and not required.
    func apply(
        to verified: VerifiedSDJWT, vct: String, integrity: String?
    ) async throws(SDJWTVCError) -> (metadata: ResolvedTypeMetadata?, claims: [DisplayedClaim], failure: SDJWTVCError?) {
        let metadata: ResolvedTypeMetadata
        do {
            metadata = try await resolver.resolve(vct, integrity: integrity)
        } catch .typeMetadataUnavailable(let reason) where requirement == .whenAvailable {
            return (nil, [], .typeMetadataUnavailable(reason))
        }
        let claims = try metadata.validate(verified)
        return (metadata, claims, nil)
    }
}
