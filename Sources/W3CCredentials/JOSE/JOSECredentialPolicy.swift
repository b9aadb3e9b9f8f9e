import CryptoKeys
import Foundation
import JOSE

/// What a verifier requires of a JOSE-secured credential or presentation beyond a valid
/// signature: the forms and algorithms it accepts, that the key belongs to the issuer (or
/// holder) the document names, the time of the check, and for a presentation the audience
/// and nonce of the request it answers.
///
/// The signature and the key's DID are the evidence (``JOSECredentialEvidence``); this value
/// is the policy, composed once by a caller, like ``DataIntegrityProofPolicy`` for proofs. A
/// credential check uses the default; a presentation check names the verifier's `aud` (its
/// client identifier) and the `nonce` it sent, and judges the credentials inside with
/// ``credentialPolicy``.
public struct JOSECredentialPolicy: Sendable, Hashable {
    /// The forms accepted (both by default).
    public var forms: Set<JOSECredentialForm>
    /// The signature algorithms accepted (the asymmetric ones by default; `none` never).
    public var algorithms: Set<JWSAlgorithm>
    /// When set, `aud` must include it (and must be present).
    public var audience: String?
    /// When set, `nonce` must be exactly it (and must be present).
    public var nonce: String?
    /// The time of the check: the JWT's `exp`/`nbf`/`iat` and the document's validity period.
    public var now: Date
    /// The tolerance on those comparisons.
    public var skew: ClockSkew
    /// Size bounds on the token.
    public var limits: JOSELimits

    /// A policy; by default both forms, asymmetric algorithms, no audience or nonce, now.
    public init(
        forms: Set<JOSECredentialForm> = Set(JOSECredentialForm.allCases),
        algorithms: Set<JWSAlgorithm> = JWSAlgorithm.asymmetric,
        audience: String? = nil, nonce: String? = nil, now: Date = Date(), skew: ClockSkew = .standard,
        limits: JOSELimits = .default
    ) {
        self.forms = forms
        self.algorithms = algorithms
        self.audience = audience
        self.nonce = nonce
        self.now = now
        self.skew = skew
        self.limits = limits
    }

    /// A presentation answering a request: `aud` is the verifier, `nonce` its challenge.
    public static func presentation(audience: String, nonce: String, now: Date = Date()) -> Self {
        Self(audience: audience, nonce: nonce, now: now)
    }

    /// The policy for the credentials inside a presentation: the same forms, algorithms,
    /// time and limits, without the presentation's audience and nonce (an issuer's token
    /// was not made for this request).
    public var credentialPolicy: Self {
        var policy = self
        policy.audience = nil
        policy.nonce = nil
        return policy
    }

    /// The JWS rules this policy implies.
    var jwsPolicy: JWSPolicy {
        JWSPolicy(allowedAlgorithms: algorithms, limits: limits)
    }

    /// Judges verified evidence: the form, the signer's DID against the issuer or holder, and
    /// the JWT's claims (time, and for a presentation `aud` and `nonce`). The document's own
    /// validity period is judged with the same ``now`` and ``skew`` when it is read.
    func check(_ evidence: JOSECredentialEvidence) throws(JOSECredentialError) {
        guard forms.contains(evidence.form) else {
            throw .notACredential("the \(evidence.form.rawValue) form is not accepted")
        }
        let named = evidence.kind == .credential
            ? VCJWTClaimsMapping.identifier(evidence.document["issuer"])
            : VCJWTClaimsMapping.identifier(evidence.document["holder"])
        let keyDID = evidence.verificationMethod.id.did.description
        guard named == keyDID else { throw .signerNotIssuer(keyDID: keyDID, issuer: named) }
        let now = self.now
        let validator = JWTValidator(
            clock: { now }, leeway: skew.seconds, expectedAudience: audience, expectedNonce: nonce)
        do throws(JOSEError) {
            try validator.validate(evidence.claims)
        } catch {
            throw .jose(error)
        }
    }
}
