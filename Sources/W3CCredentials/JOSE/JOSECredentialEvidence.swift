import DID
import JOSE
import JSONModel

/// What a JOSE-secured credential or presentation proves once its signature verified, before
/// any policy: the header and claims that were signed, the form and kind they carry, the
/// document read from them, and the verification method (resolved through its DID, listed
/// under the relationship the kind needs) whose key made the signature.
///
/// Nothing here says the document is acceptable: a ``JOSECredentialPolicy`` judges that.
public struct JOSECredentialEvidence: Sendable {
    /// The verified protected header.
    public let header: JOSEHeader
    /// The registered claims of the verified payload.
    public let claims: JWTClaims
    /// How the token carries the document.
    public let form: JOSECredentialForm
    /// Credential or presentation.
    public let kind: W3CDocumentKind
    /// The document: the payload itself (VC-JOSE-COSE), or the `vc`/`vp` claim with the
    /// registered claims moved into their members (VCDM 1.1).
    public let document: JSONValue
    /// The key that signed, from the DID document of its controller.
    public let verificationMethod: ResolvedVerificationMethod
}
