import Foundation
import JOSE
import JSONModel
import StatusList

/// Verifies SD-JWT VCs (draft-ietf-oauth-sd-jwt-vc): an ``SDJWTVerifier`` plus the VC
/// profile's rules.
///
/// On top of RFC 9901 it checks the header `typ` (`dc+sd-jwt`; the legacy `vc+sd-jwt` only
/// when ``acceptsLegacyType``), that `vct` is a string, that the claims the draft forbids to
/// be selectively disclosed (`iss`, `nbf`, `exp`, `cnf`, `vct`, `vct#integrity`, `status`)
/// are plain, sub-claims included, that key binding is required whenever `cnf` binds the
/// credential to a holder key (unless the caller asks for ``KeyBindingPolicy/forbidden`` as
/// a Holder on receipt), the claim metadata of the credential's type through an optional
/// ``TypeMetadataPolicy`` (`sd` and `mandatory` rules; display and labels on the result),
/// and the `status` claim through an optional ``StatusListResolver``. The issuer key comes from an
/// ``SDJWTIssuerKeyResolver``, typically ``SDJWTVCIssuerKeyResolver``.
public struct SDJWTVCVerifier: Sendable {
    /// What to do with the status list result.
    public enum StatusPolicy: Sendable, Hashable {
        /// Report it in ``VerifiedSDJWTVC/status`` only.
        case report
        /// Refuse `invalid`, `suspended` and other non-valid values, and an index outside
        /// the list (``StatusResult/requiresRejection``); report any other `unknown`.
        case rejectRevoked
        /// Refuse anything but `valid` (a failed fetch included), as the draft recommends.
        case requireValid
    }

    /// The two header types: the current one and the one drafts before 06 used.
    public static let mediaType = "dc+sd-jwt"
    /// The legacy `typ`, accepted when ``acceptsLegacyType`` is set.
    public static let legacyMediaType = "vc+sd-jwt"
    /// Claims that must appear in the Issuer-signed payload itself.
    static let plainClaims: Set<String> = ["iss", "nbf", "exp", "cnf", "vct", "vct#integrity", "status"]

    /// The RFC 9901 verifier (clock, leeway, algorithms, key binding policy, limits). Its
    /// `issuerPolicy.requiredType` is ignored: ``SDJWTVCVerifier`` checks `typ` itself.
    public var sdJWT: SDJWTVerifier
    /// Whether `vc+sd-jwt` is accepted; default `true`.
    public var acceptsLegacyType: Bool
    /// Checks `status`; `nil` skips the check (and ``VerifiedSDJWTVC/status`` is `nil`).
    public var statusResolver: StatusListResolver?
    /// What a status result other than `valid` does; default ``StatusPolicy/rejectRevoked``.
    public var statusPolicy: StatusPolicy
    /// Applies the Type Metadata of `vct`; `nil` (the default) neither fetches nor checks it.
    public var typeMetadata: TypeMetadataPolicy?

    /// A verifier over `sdJWT`'s policy. A key binding requirement of
    /// ``KeyBindingPolicy/Requirement/optional`` is raised to
    /// ``KeyBindingPolicy/Requirement/requiredWhenConfirmationKeyPresent``: a credential
    /// bound to a holder key is only accepted from that holder.
    public init(
        sdJWT: SDJWTVerifier = SDJWTVerifier(), acceptsLegacyType: Bool = true,
        statusResolver: StatusListResolver? = nil, statusPolicy: StatusPolicy = .rejectRevoked,
        typeMetadata: TypeMetadataPolicy? = nil
    ) {
        var base = sdJWT
        base.issuerPolicy.requiredType = nil
        if base.keyBinding.requirement == .optional {
            base.keyBinding.requirement = .requiredWhenConfirmationKeyPresent
        }
        self.sdJWT = base
        self.acceptsLegacyType = acceptsLegacyType
        self.statusResolver = statusResolver
        self.statusPolicy = statusPolicy
        self.typeMetadata = typeMetadata
    }

    /// Parses either serialization and verifies it.
    public func verify(_ text: String, resolver: some SDJWTIssuerKeyResolver) async throws(SDJWTVCError) -> VerifiedSDJWTVC {
        let object: SDJWTObject
        do {
            object = try SDJWTObject(parsing: text, limits: sdJWT.limits)
        } catch {
            throw .sdJWT(error)
        }
        return try await verify(object, resolver: resolver)
    }

    /// Verifies `object`, asking `resolver` for the issuer key.
    public func verify(_ object: SDJWTObject, resolver: some SDJWTIssuerKeyResolver) async throws(SDJWTVCError) -> VerifiedSDJWTVC {
        try checkType(of: object)
        let verified: VerifiedSDJWT
        do {
            verified = try await sdJWT.verify(object, resolver: resolver)
        } catch {
            throw .sdJWT(error)
        }
        return try await finish(verified)
    }

    /// Every signature's `typ` must be the SD-JWT VC media type (compared as RFC 7515 says:
    /// case-insensitively, `application/` optional), in the protected header (an unprotected
    /// `typ` could be changed in transit); checked before the key is resolved, so a token of
    /// another kind never reaches the network. So must any `x5c`: the chain that names the
    /// issuer is part of what the issuer signs.
    func checkType(of object: SDJWTObject) throws(SDJWTVCError) {
        for signature in object.jws.signatures {
            let type = signature.protectedHeader["typ"]?.stringValue
            guard JOSEMediaType.matches(type, Self.mediaType) || (acceptsLegacyType && JOSEMediaType.matches(type, Self.legacyMediaType))
            else {
                throw .wrongType(type)
            }
            if signature.header.certificateChain != nil, signature.protectedHeader["x5c"] == nil {
                throw .sdJWT(.issuerJWT(.invalidHeader("x5c must be in the protected header")))
            }
        }
    }

    /// The VC claim rules and the status check, after RFC 9901 verification.
    func finish(_ verified: VerifiedSDJWT) async throws(SDJWTVCError) -> VerifiedSDJWTVC {
        // The draft forbids Disclosures for these claims and any of their sub-claims.
        for claim in verified.disclosedClaims {
            if case .key(let name)? = claim.path.first, Self.plainClaims.contains(name) {
                throw .invalidClaim("\(name) must not be selectively disclosed")
            }
        }
        let claims = verified.claims
        guard case .string(let vct)? = claims["vct"] else { throw .missingVCT }
        var issuer: String?
        if let value = claims["iss"] {
            guard case .string(let iss) = value else { throw .invalidClaim("iss is not a string") }
            issuer = iss
        }
        var integrity: String?
        if let value = claims["vct#integrity"] {
            guard case .string(let sri) = value else { throw .invalidClaim("vct#integrity is not a string") }
            integrity = sri
        }
        if let cnf = claims["cnf"], cnf.objectValue == nil { throw .invalidClaim("cnf is not an object") }
        let applied = try await typeMetadata?.apply(to: verified, vct: vct, integrity: integrity)
        var status: StatusResult?
        if let statusResolver, let claim = claims["status"] {
            // The list must be signed by a key bound to this credential's issuer.
            var resolver = statusResolver
            if case .publicKey(let key) = verified.issuerKey.material {
                resolver = statusResolver.bound(to: StatusListReferencingIssuer(
                    key: key, issuer: issuer, certificateChain: verified.header.certificateChain))
            }
            status = await resolver.status(ofStatusClaim: claim)
        }
        if let status {
            switch (statusPolicy, status) {
            case (.report, _), (_, .valid): break
            case (.rejectRevoked, _) where !status.requiresRejection: break
            default: throw .statusRejected(status)
            }
        }
        var result = VerifiedSDJWTVC(sdJWT: verified, vct: vct, issuer: issuer, vctIntegrity: integrity, status: status)
        if let applied {
            result.typeMetadata = applied.metadata
            result.typeMetadataFailure = applied.failure
            result.displayedClaims = applied.claims
        }
        return result
    }
}
