import COSE
import JOSE

/// Why a JOSE-secured credential or presentation (a VC-JWT of VCDM 1.1, a `vc+jwt`/`vp+jwt`
/// of VC-JOSE-COSE) was not made or not accepted. A forgery (``jose(_:)`` with
/// `invalidSignature`), a key that is not the issuer's (``signerNotIssuer(keyDID:issuer:)``)
/// and a policy refusal (expired, wrong nonce) are separate cases, because a caller reports
/// them differently.
public enum JOSECredentialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JWS or its claims failed in the JOSE module (malformed, `alg: none`, signature,
    /// `exp`/`nbf`, `aud`, `nonce`, …).
    case jose(JOSEError)
    /// The COSE_Sign1 of a `vc+cose` failed in the COSE module (malformed, algorithm,
    /// signature).
    case cose(COSEError)
    /// The credential or presentation the token carries breaks a data model rule or is not
    /// valid at the time of the check.
    case credential(CredentialError)
    /// The token is a JWS but carries no W3C credential: neither a `vc`/`vp` claim nor a
    /// `vc+jwt`/`vp+jwt` type with a data model document as payload.
    case notACredential(String)
    /// A registered JWT claim and the member it stands for (VCDM 1.1 §6.3.1) disagree: the
    /// claim, and the member.
    case claimConflict(claim: String, member: String)
    /// The header's `kid` does not name a verification method that resolves (DID URL syntax,
    /// resolution, or not listed under the relationship the proof purpose needs).
    case keyResolution(String)
    /// The key that signed belongs to a DID that is not the credential's issuer (or the
    /// presentation's holder): a valid signature by somebody else.
    case signerNotIssuer(keyDID: String, issuer: String?)
    /// An enveloped credential's `id` is not a `data:` URL of a JOSE media type.
    case invalidEnvelope(String)
    /// A credential inside a presentation failed: its position and why.
    indirect case embeddedCredential(index: Int, JOSECredentialError)
    /// Signing failed before a token was made (the document is not one the form can carry).
    case signing(String)

    /// A message for a log.
    public var description: String {
        switch self {
        case let .jose(error): return "VC-JOSE: \(error)"
        case let .cose(error): return "VC-COSE: \(error)"
        case let .credential(error): return "VC-JOSE: \(error)"
        case let .notACredential(reason): return "VC-JOSE: not a W3C credential or presentation: \(reason)"
        case let .claimConflict(claim, member): return "VC-JOSE: JWT claim \(claim) conflicts with \(member)"
        case let .keyResolution(reason): return "VC-JOSE: signing key: \(reason)"
        case let .signerNotIssuer(keyDID, issuer):
            return "VC-JOSE: signed by a key of \(keyDID), not of the issuer \(issuer ?? "(none)")"
        case let .invalidEnvelope(reason): return "VC-JOSE: enveloped credential: \(reason)"
        case let .embeddedCredential(index, error): return "verifiableCredential[\(index)]: \(error)"
        case let .signing(reason): return "VC-JOSE: signing failed: \(reason)"
        }
    }
}
