import JOSE
import JSONModel

/// How a JWS carries a W3C document: the two generations of "VC as a JWT".
public enum JOSECredentialForm: String, Sendable, Hashable, CaseIterable {
    /// VCDM 1.1 §6.3.1: the document sits in a `vc` or `vp` claim, and the registered claims
    /// (`iss`, `sub`, `nbf`, `exp`, `jti`) stand for its members.
    case vcJWT = "vc-jwt"
    /// VC-JOSE-COSE (VCDM 2.0): the payload *is* the document, typed `vc+jwt` or `vp+jwt`.
    case vcJOSE = "vc-jose"

    /// The `typ` values that mark the VC-JOSE-COSE form for a credential: `vc+jwt`, and the
    /// `vc+ld+jwt` of the drafts that some issuers still send.
    public static let credentialTypes = ["vc+jwt", "vc+ld+jwt"]
    /// The same for a presentation.
    public static let presentationTypes = ["vp+jwt", "vp+ld+jwt"]

    /// The form and kind a verified header and payload say, or `nil` when they carry no W3C
    /// document. A `vc`/`vp` claim wins over the type only when the type is not one of
    /// VC-JOSE-COSE's, so that a `vc+jwt` with a stray `vc` claim is read as what it says.
    static func detect(header: JOSEHeader, payload: JSONObject) -> (form: JOSECredentialForm, kind: W3CDocumentKind)? {
        if credentialTypes.contains(where: { JOSEMediaType.matches(header.type, $0) }) { return (.vcJOSE, .credential) }
        if presentationTypes.contains(where: { JOSEMediaType.matches(header.type, $0) }) { return (.vcJOSE, .presentation) }
        if payload["vc"]?.objectValue != nil { return (.vcJWT, .credential) }
        if payload["vp"]?.objectValue != nil { return (.vcJWT, .presentation) }
        return nil
    }
}

/// Whether a W3C document is a credential or a presentation: which key relationship signs it
/// (`assertionMethod` or `authentication`) and which member names the signer (`issuer` or
/// `holder`).
public enum W3CDocumentKind: String, Sendable, Hashable {
    /// A verifiable credential.
    case credential
    /// A verifiable presentation.
    case presentation
}
