import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// Secures a W3C credential or presentation as a JWT with the `JOSE` module's signer: the
/// VCDM 1.1 VC-JWT (the document in a `vc`/`vp` claim, its members also written as the
/// registered claims) or VC-JOSE-COSE's `vc+jwt`/`vp+jwt` (the document is the payload).
///
/// The `kid` is the verification method's DID URL, which a verifier resolves; the signer's
/// key must be that method's. A presentation answering a request carries the verifier as `aud`
/// and its challenge as `nonce`.
public enum JOSECredentialSigner {
    /// Signs `document` (a credential or presentation; an embedded `proof` is left in it) in
    /// `form`. `audience` and `nonce` go in the claims; `expiresAt` and `issuedAt` add `exp`
    /// and `iat` where the document does not set them (a presentation's lifetime).
    public static func sign(
        _ document: JSONValue, form: JOSECredentialForm, keyID: String, signer: some Signer,
        audience: String? = nil, nonce: String? = nil, issuedAt: Date? = nil, expiresAt: Date? = nil
    ) async throws(JOSECredentialError) -> String {
        guard let object = document.objectValue else { throw .signing("the document is not a JSON object") }
        let types = object["type"]?.arrayValue?.compactMap(\.stringValue) ?? [object["type"]?.stringValue].compactMap { $0 }
        let kind: W3CDocumentKind = types.contains("VerifiablePresentation") ? .presentation : .credential
        var header = JOSEHeader()
        header.keyID = keyID
        let payload: JSONObject
        switch form {
        case .vcJWT:
            header.type = "JWT"
            var claims = VCJWTClaimsMapping.claims(for: object, kind: kind)
            if let audience { claims.audience = [audience] }
            claims.nonce = nonce
            if claims.issuedAt == nil { claims.issuedAt = issuedAt }
            if claims.expiresAt == nil { claims.expiresAt = expiresAt }
            payload = claims.jsonObject
        case .vcJOSE:
            header.type = kind == .credential ? "vc+jwt" : "vp+jwt"
            var members = object
            if let audience { members["aud"] = .string(audience) }
            if let nonce { members["nonce"] = .string(nonce) }
            if let issuedAt { members["iat"] = JWTClaims(issuedAt: issuedAt).jsonObject["iat"] }
            if let expiresAt { members["exp"] = JWTClaims(expiresAt: expiresAt).jsonObject["exp"] }
            payload = members
        }
        do throws(JOSEError) {
            return try await JWS.signCompact(payload: JSONValue.object(payload).serialized(.compact), header: header, signer: signer)
        } catch {
            throw .jose(error)
        }
    }
}
