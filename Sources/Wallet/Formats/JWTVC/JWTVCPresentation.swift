import CryptoKeys
import DID
import Foundation
import JSONModel
import W3CCredentials

/// The VP-JWT that presents a `jwt_vc_json` credential over OpenID4VP (1.0 Appendix B.1.3.1):
/// a VCDM 1.1 presentation holding the VC-JWT as issued, in the `vp` claim, its `holder` (and
/// `iss`) the did:key of the holder key, `nonce` the request's nonce and `aud` its client
/// identifier, so it answers that one request; signed by the holder key, named by its
/// verification method in `kid`.
enum JWTVCPresentation {
    /// How long the presentation is valid: long enough to reach the verifier.
    static let lifetime: TimeInterval = 300

    static func sign(
        _ credential: String, id: String, holderKey: any Signer, audience: String, nonce: String, now: Date
    ) async throws(WalletError) -> String {
        let did: DIDIdentifier
        do {
            did = try DIDKey.make(for: holderKey.publicKey)
        } catch {
            throw .credentialUnusable(id: id, reason: "its holder key has no did:key: \(error)")
        }
        let presentation: JSONObject = [
            "@context": [.string(VCDataModelVersion.v1_1.baseContext)],
            "id": .string("urn:uuid:\(UUID().uuidString.lowercased())"),
            "type": ["VerifiablePresentation"],
            "holder": .string(did.description),
            "verifiableCredential": [.string(credential)],
        ]
        do {
            return try await JOSECredentialSigner.sign(
                .object(presentation), form: .vcJWT, keyID: DIDKey.verificationMethod(of: did), signer: holderKey,
                audience: audience, nonce: nonce, issuedAt: now, expiresAt: now + lifetime)
        } catch {
            throw .cryptoFailure("the VP-JWT could not be signed: \(error)")
        }
    }
}
