import CryptoKeys
import DID
import Foundation
import HTTP
import JOSE
import StatusList
import X509Trust

/// A verifier's whole setup for an SD-JWT or SD-JWT VC someone hands it (a file, a
/// presentation): which issuer keys it trusts, how the status list is bound to the issuer,
/// what Type Metadata it demands, what key binding must answer, and the clock. A caller (the
/// `vellum verify` command, an app) fills in what it was told and calls ``verify(_:)`` or
/// ``verifySDJWTVC(_:)``; every verifier, resolver and policy is assembled here, so no caller
/// assembles one the SDK could not.
///
/// The trust rules it composes:
/// - issuer keys: ``issuerKey`` when given (it replaces every other mechanism), else an `x5c`
///   chain to ``trustAnchors`` (``X5CIssuerKeyResolver``), the issuer's JWT VC metadata over
///   ``httpClient``, or a DID `kid` through ``didResolver`` (``SDJWTVCIssuerKeyResolver``);
/// - status lists: fetched over ``httpClient`` and accepted only when signed by a key the same
///   issuer-key rules find *for this credential's issuer* (``SDJWTIssuerKeyResolver/statusListKeys``
///   bound by ``SDJWTVCVerifier``); the result is reported, not enforced (``SDJWTVCVerifier/StatusPolicy/report``);
/// - key binding: ``keyBindingPolicy``;
/// - Type Metadata: applied when available, required with ``requiresTypeMetadata``.
public struct SDJWTVCVerificationProfile: Sendable {
    /// Roots for `x5c` chains.
    public var trustAnchors: TrustAnchorStore
    /// A key trusted outright for the issuer signature; replaces every other mechanism.
    public var issuerKey: PublicKey?
    /// The verification clock.
    public var clock: @Sendable () -> Date
    /// How issuer metadata, type metadata and status lists are fetched.
    public var httpClient: any HTTPClient
    /// Resolves `kid` DIDs (did:key, did:jwk offline by default).
    public var didResolver: any DIDResolver
    /// Type Metadata documents the caller holds, by `vct`; used instead of fetching.
    public var typeMetadataDocuments: [String: Data]
    /// Whether a credential whose Type Metadata cannot be obtained is invalid.
    public var requiresTypeMetadata: Bool
    /// The nonce of the request a presentation answers; the KB-JWT must carry it.
    public var expectedNonce: String?
    /// The client identifier of the request a presentation answers; the KB-JWT's `aud` must be
    /// it (OpenID4VP 1.0 §8.6).
    public var expectedAudience: String?

    public init(
        trustAnchors: TrustAnchorStore = TrustAnchorStore(), issuerKey: PublicKey? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }, httpClient: any HTTPClient,
        didResolver: any DIDResolver = DIDResolverRegistry.offline(), typeMetadataDocuments: [String: Data] = [:],
        requiresTypeMetadata: Bool = false, expectedNonce: String? = nil, expectedAudience: String? = nil
    ) {
        self.trustAnchors = trustAnchors
        self.issuerKey = issuerKey
        self.clock = clock
        self.httpClient = httpClient
        self.didResolver = didResolver
        self.typeMetadataDocuments = typeMetadataDocuments
        self.requiresTypeMetadata = requiresTypeMetadata
        self.expectedNonce = expectedNonce
        self.expectedAudience = expectedAudience
    }

    /// What the KB-JWT must be. What is verified may be a Holder's stored credential (no
    /// KB-JWT) or a presentation, so without an expected nonce or audience none is demanded,
    /// and one that is present is checked in full while its `aud` and `nonce` are only
    /// reported: a replayed presentation, or one made for another verifier, verifies. Naming
    /// the request asks whether the presentation answers it: then a KB-JWT must be there
    /// (leaving it out cannot dodge the comparison) and each value given must match.
    public var keyBindingPolicy: KeyBindingPolicy {
        guard expectedNonce != nil || expectedAudience != nil else { return .optional }
        return KeyBindingPolicy(requirement: .required, audience: expectedAudience, nonce: expectedNonce)
    }

    /// The issuer key rules: ``issuerKey``, or `x5c` to the anchors, issuer metadata, DIDs.
    public var issuerKeyResolver: any SDJWTIssuerKeyResolver {
        if let issuerKey { return SDJWTIssuerKeyLookup(publicKey: issuerKey) }
        return SDJWTVCIssuerKeyResolver(
            certificates: X5CIssuerKeyResolver(anchors: trustAnchors, clock: clock),
            metadata: IssuerMetadataKeyResolver(httpClient: httpClient),
            dids: DIDIssuerKeyResolver(resolver: didResolver))
    }

    /// The RFC 9901 verifier under ``keyBindingPolicy`` and the clock.
    public var sdJWTVerifier: SDJWTVerifier { SDJWTVerifier(keyBinding: keyBindingPolicy, clock: clock) }

    /// The SD-JWT VC verifier: status lists bound to the issuer through `resolver`'s rules,
    /// Type Metadata, and ``keyBindingPolicy`` as it stands (not raised to "required when
    /// `cnf` binds": a stored credential is verified here too).
    public func sdJWTVCVerifier(resolver: any SDJWTIssuerKeyResolver) -> SDJWTVCVerifier {
        var verifier = SDJWTVCVerifier(
            sdJWT: sdJWTVerifier,
            statusResolver: StatusListResolver(
                httpClient: httpClient, keys: resolver.statusListKeys, policy: StatusListPolicy(clock: clock), cache: nil),
            statusPolicy: .report,
            typeMetadata: TypeMetadataPolicy(
                resolver: TypeMetadataResolver(httpClient: httpClient, knownDocuments: typeMetadataDocuments),
                requirement: requiresTypeMetadata ? .required : .whenAvailable))
        verifier.sdJWT.keyBinding = keyBindingPolicy
        return verifier
    }

    /// Whether `object` declares itself an SD-JWT VC (`typ` `dc+sd-jwt` or the legacy
    /// `vc+sd-jwt`); any other SD-JWT is verified by RFC 9901 alone.
    public static func isSDJWTVC(_ object: SDJWTObject) -> Bool {
        let type = object.jws.signatures.first?.protectedHeader["typ"]?.stringValue
        return type == SDJWTVCVerifier.mediaType || type == SDJWTVCVerifier.legacyMediaType
    }

    /// Verifies a plain SD-JWT (RFC 9901: issuer signature, Disclosures, key binding).
    public func verify(_ object: SDJWTObject) async throws(SDJWTError) -> VerifiedSDJWT {
        try await sdJWTVerifier.verify(object, resolver: issuerKeyResolver)
    }

    /// Verifies an SD-JWT VC: everything ``verify(_:)`` does, the VC rules, Type Metadata and
    /// the issuer-bound status.
    public func verifySDJWTVC(_ object: SDJWTObject) async throws(SDJWTVCError) -> VerifiedSDJWTVC {
        let resolver = issuerKeyResolver
        return try await sdJWTVCVerifier(resolver: resolver).verify(object, resolver: resolver)
    }
}
