import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// Verifies SD-JWTs and SD-JWT+KBs as RFC 9901 §7.1 and §7.3 prescribe, for a Holder on
/// receipt and for a Verifier on presentation.
///
/// The verifier is a value holding the caller's policy: which signature algorithms and
/// `_sd_alg` hashes it accepts, what it requires of the validity claims and the key
/// binding, the clock, and the limits. Finding the issuer's key is delegated to an
/// ``SDJWTIssuerKeyResolver`` so that the SD-JWT VC rules (`x5c`, issuer metadata, DIDs)
/// plug in without this module knowing them.
///
/// Checks run in the specification's order: the Issuer-signed JWT (algorithm, `typ` if
/// required, signature), `_sd_alg`, every Disclosure, the validity claims of the processed
/// payload, then the Key Binding JWT. The first failure is thrown.
public struct SDJWTVerifier: Sendable {
    /// Algorithms, explicit `typ` and `crit` rules for the Issuer-signed JWT. `alg: none` is
    /// refused whatever this says. Set `JWSPolicy.requiredType` to `dc+sd-jwt` for SD-JWT VC.
    public var issuerPolicy: JWSPolicy
    /// The `_sd_alg` values accepted; default SHA-256, SHA-384 and SHA-512.
    public var acceptedHashAlgorithms: Set<SDHashAlgorithm>
    /// What the Key Binding JWT must be.
    public var keyBinding: KeyBindingPolicy
    /// The current time, for `exp`, `nbf`, `iat` and the KB-JWT's `iat` window.
    public var clock: @Sendable () -> Date
    /// Tolerated clock skew for the Issuer-signed JWT's `exp`, `nbf` and `iat`, in seconds.
    public var leeway: TimeInterval
    /// `iss` must equal this when set.
    public var expectedIssuer: String?
    /// Claims the processed payload must contain, for example `["exp"]` when validity must
    /// be bounded (RFC 9901 §9.7).
    public var requiredClaims: Set<String>
    /// Bounds on the input.
    public var limits: SDJWTLimits

    /// A verifier with the given policy; by default any asymmetric algorithm, any SHA-2
    /// `_sd_alg`, key binding checked when present but not required, the system clock and
    /// `ClockSkew.standard` of leeway.
    public init(
        issuerPolicy: JWSPolicy = .default, acceptedHashAlgorithms: Set<SDHashAlgorithm> = Set(SDHashAlgorithm.allCases),
        keyBinding: KeyBindingPolicy = .optional, clock: @escaping @Sendable () -> Date = { Date() },
        leeway: TimeInterval = ClockSkew.standard.seconds, expectedIssuer: String? = nil, requiredClaims: Set<String> = [],
        limits: SDJWTLimits = .default
    ) {
        self.issuerPolicy = issuerPolicy
        self.acceptedHashAlgorithms = acceptedHashAlgorithms
        self.keyBinding = keyBinding
        self.clock = clock
        self.leeway = leeway
        self.expectedIssuer = expectedIssuer
        self.requiredClaims = requiredClaims
        self.limits = limits
    }

    /// Parses either serialization and verifies it.
    public func verify(_ text: String, resolver: some SDJWTIssuerKeyResolver) async throws(SDJWTError) -> VerifiedSDJWT {
        try await verify(SDJWTObject(parsing: text, limits: limits), resolver: resolver)
    }

    /// Verifies, asking `resolver` for the issuer key of each signature.
    ///
    /// The payload is processed first, so that it is read once: the resolver is shown the
    /// processed claims. When the Disclosures do not process, it is shown the payload as
    /// signed, and the processing error is thrown only once the signature has been checked,
    /// so a forged token is reported as forged whatever else is wrong with it.
    public func verify(
        _ sdJWT: SDJWTObject, resolver: some SDJWTIssuerKeyResolver
    ) async throws(SDJWTError) -> VerifiedSDJWT {
        try refuseUnencodedPayload(sdJWT)
        let processing = Result { () throws(SDJWTError) in
            try ProcessedSDJWT(sdJWT: sdJWT, acceptedHashAlgorithms: acceptedHashAlgorithms, limits: limits)
        }
        let claims: JSONObject
        let issuerJWS: DecodedJWS
        switch processing {
        case .success(let processed): (issuerJWS, claims) = (processed.issuerJWS, processed.claims)
        // A payload that is not a JSON object fails here, before any key is looked up.
        case .failure: (issuerJWS, claims) = try sdJWT.decodedPayload(limits: limits)
        }
        // The key for each signature, by position.
        var keys = [JWSVerificationKey?]()
        keys.reserveCapacity(sdJWT.jws.signatures.count)
        for signature in sdJWT.jws.signatures {
            keys.append(try await resolver.issuerKey(for: signature.header, payload: claims))
        }
        guard keys.contains(where: { $0 != nil }) else {
            throw .issuerKeyNotFound("the resolver has no key for this issuer")
        }
        let verified: VerifiedJWS
        do {
            // The payload was decoded and read above; issuerJWS is the proof.
            verified = try issuerJWS.verify(policy: issuerPolicy) { keys[$0] }
        } catch {
            throw .issuerJWT(error)
        }
        guard let key = keys[verified.signatureIndex] else {
            throw .issuerKeyNotFound("the resolver has no key for the signature that verified")
        }
        return try finish(sdJWT, verified: verified, key: key, processed: processing.get())
    }

    /// Verifies with an issuer key the caller already trusts.
    public func verify(_ sdJWT: SDJWTObject, issuerKey: JWSVerificationKey) throws(SDJWTError) -> VerifiedSDJWT {
        try refuseUnencodedPayload(sdJWT)
        let verified: VerifiedJWS
        do {
            verified = try sdJWT.jws.verify(key: issuerKey, policy: issuerPolicy)
        } catch {
            throw .issuerJWT(error)
        }
        // No resolver needed the payload first; it is read now that its signature holds.
        let processed = try ProcessedSDJWT(sdJWT: sdJWT, acceptedHashAlgorithms: acceptedHashAlgorithms, limits: limits)
        return try finish(sdJWT, verified: verified, key: issuerKey, processed: processed)
    }

    /// Refuses RFC 7797 unencoded payloads: an SD-JWT payload is a base64url JSON object,
    /// and `sd_hash` is defined over that form.
    private func refuseUnencodedPayload(_ sdJWT: SDJWTObject) throws(SDJWTError) {
        for signature in sdJWT.jws.signatures where signature.header["b64"] != nil {
            throw .issuerJWT(.invalidHeader("b64 is not allowed in an Issuer-signed JWT"))
        }
    }

    /// The steps after the signature and the Disclosures: validity, key binding.
    private func finish(
        _ sdJWT: SDJWTObject, verified: VerifiedJWS, key: JWSVerificationKey, processed: ProcessedSDJWT
    ) throws(SDJWTError) -> VerifiedSDJWT {
        try validate(processed.claims)
        let binding = try KeyBindingVerification(policy: keyBinding, clock: clock, limits: limits)
            .verify(sdJWT, claims: processed.claims, hashAlgorithm: processed.hashAlgorithm)
        return VerifiedSDJWT(
            header: verified.header, algorithm: verified.algorithm, issuerKey: key, processed: processed, keyBinding: binding)
    }

    /// RFC 9901 §7.1 step 6: `exp`, `nbf`, `iat` (and `iss`) of the processed payload.
    private func validate(_ claims: JSONObject) throws(SDJWTError) {
        let validator = JWTValidator(
            clock: clock, leeway: leeway, expectedIssuer: expectedIssuer, requiredClaims: requiredClaims)
        // Only the registered claims are read; a large credential is not copied to be checked.
        do {
            try validator.validate(try JWTClaims(registeredClaimsOf: claims), requiredClaimsIn: claims)
        } catch .claimValidation(let failure) {
            throw .claimValidation(failure)
        } catch .invalidClaim(let reason) {
            throw .invalidClaim(reason)
        } catch {
            throw .invalidClaim(error.description)
        }
    }
}
