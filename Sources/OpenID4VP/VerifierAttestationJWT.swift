import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats

/// A Verifier Attestation JWT (OpenID4VP 1.0 §12): a trusted party's statement that the key in
/// `cnf` belongs to the verifier named in `sub`.
struct VerifierAttestationJWT {
    static let type = "verifier-attestation+jwt"

    let issuer: String
    let subject: String
    let confirmationKey: PublicKey
    let redirectURIs: [String]?

    /// Verifies `token` with a key of its issuer from `trustedIssuers`, and checks `typ`,
    /// `exp` (required), `nbf`/`iat` and `cnf.jwk`.
    init(
        _ token: String, trustedIssuers: [String: [JWK]], at now: Date, skew: TimeInterval, prefix: String
    ) throws(OpenID4VPError) {
        func failure(_ reason: String) -> OpenID4VPError { .clientAuthenticationFailed(prefix: prefix, reason: reason) }
        let object: JWSObject
        let unverifiedClaims: JWTClaims
        do {
            object = try JWSObject(compact: token)
            guard let payload = object.encodedPayload else { throw JOSEError.malformed("no payload") }
            unverifiedClaims = try JWTClaims(json: Base64URL.decode(payload))
        } catch {
            throw failure("the Verifier Attestation JWT is malformed: \(error)")
        }
        guard let issuer = unverifiedClaims.issuer, let keys = trustedIssuers[issuer], !keys.isEmpty else {
            throw failure("the Verifier Attestation JWT's issuer is not trusted")
        }
        let verified: VerifiedJWS
        do {
            let set = try JWKSet(keys: keys)
            verified = try object.verify(policy: JWSPolicy(requiredType: Self.type)) { header throws(JOSEError) in
                try set.verificationKey(for: header)
            }
        } catch {
            throw failure("the Verifier Attestation JWT does not verify with its issuer's key: \(error)")
        }
        let claims: JWTClaims
        do {
            claims = try JWTClaims(json: verified.payload)
        } catch {
            throw failure("the Verifier Attestation JWT's claims are malformed: \(error)")
        }
        guard let expiry = claims.expiresAt else { throw failure("the Verifier Attestation JWT has no exp") }
        guard now.timeIntervalSince(expiry) <= skew else { throw failure("the Verifier Attestation JWT expired at \(expiry)") }
        if let notBefore = claims.notBefore, notBefore.timeIntervalSince(now) > skew {
            throw failure("the Verifier Attestation JWT is not valid before \(notBefore)")
        }
        guard let subject = claims.subject, !subject.isEmpty else { throw failure("the Verifier Attestation JWT has no sub") }
        let key: PublicKey
        do {
            guard let jwk = try claims.confirmationKey() else { throw JOSEError.invalidClaim("no cnf.jwk") }
            key = try jwk.publicKey()
        } catch {
            throw failure("the Verifier Attestation JWT has no usable cnf.jwk: \(error)")
        }
        if let uris = claims.additionalClaims["redirect_uris"] {
            guard let array = uris.arrayValue, case let strings = array.compactMap(\.stringValue), strings.count == array.count else {
                throw failure("the Verifier Attestation JWT's redirect_uris is not an array of strings")
            }
            redirectURIs = strings
        } else {
            redirectURIs = nil
        }
        self.issuer = issuer
        self.subject = subject
        self.confirmationKey = key
    }
}
