import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats
import OpenID4VCI

extension TestIssuer {
    static func challenge(_ scheme: String, _ error: String, status: Int = 401, nonce: String? = nil) -> TestAnswer {
        var headers = [("WWW-Authenticate", "\(scheme) error=\"\(error)\"")]
        if let nonce { headers.append(("DPoP-Nonce", nonce)) }
        return TestAnswer(status: status, headers: headers)
    }

    /// RFC 6750 / RFC 9449 §7: the token, and for a DPoP token a valid proof bound to it.
    func authorize(_ request: TestRequest) -> TestAnswer? {
        let authorization = request.headers["authorization"]
        guard let thumbprint = configuration.dpopThumbprint else {
            return authorization == "Bearer \(configuration.accessToken)" ? nil : Self.challenge("Bearer", "invalid_token")
        }
        guard authorization == "DPoP \(configuration.accessToken)", let proof = request.headers["dpop"] else {
            return Self.challenge("DPoP", "invalid_token")
        }
        let claims: JWTClaims
        do throws(any Error) {
            let object = try JWSObject(compact: proof)
            guard let header = object.signatures.first?.header, header.type == "dpop+jwt",
                let jwk = try header.embeddedKey(), try jwk.thumbprintString() == thumbprint
            else { return Self.challenge("DPoP", "invalid_dpop_proof") }
            claims = try JWT.verify(
                proof, key: try jwk.publicKey(), policy: JWSPolicy(requiredType: "dpop+jwt"),
                validator: JWTValidator(maximumAge: 300, requiredClaims: ["iat", "jti", "htm", "htu", "ath"])
            ).claims
        } catch {
            return Self.challenge("DPoP", "invalid_dpop_proof")
        }
        let ath = Base64URL.encode(DigestAlgorithm.sha256.hash(Data(configuration.accessToken.utf8)))
        guard claims["htm"] == "POST", claims["htu"]?.stringValue == request.url, claims["ath"]?.stringValue == ath,
            let id = claims.tokenID, seenProofIDs.insert(id).inserted
        else { return Self.challenge("DPoP", "invalid_dpop_proof") }
        if configuration.dpopNonceLoop || (configuration.requiresDPoPNonce && (dpopNonce == nil || claims.nonce != dpopNonce)) {
            let fresh = "dpop-nonce-\(UUID().uuidString)"
            dpopNonce = fresh
            useDPoPNonceAnswers += 1
            return Self.challenge("DPoP", "use_dpop_nonce", nonce: fresh)
        }
        return nil
    }

    /// OpenID4VCI 1.0 Appendix F.1: `typ`, a `jwk` (no `kid`) that verifies the signature,
    /// `aud`, fresh `iat`, a nonce this issuer handed out, `iss`, and the key attestation.
    func checkProof(_ proof: String) -> Result<JWK, TestAnswer> {
        let header: JOSEHeader
        let jwk: JWK
        let claims: JWTClaims
        do throws(any Error) {
            let object = try JWSObject(compact: proof)
            guard let first = object.signatures.first?.header, first.keyID == nil, let key = try first.embeddedKey() else {
                return .failure(.error("invalid_proof", "the proof has no jwk or also a kid"))
            }
            header = first
            jwk = key
            claims = try JWT.verify(
                proof, key: try key.publicKey(), policy: JWSPolicy(requiredType: "openid4vci-proof+jwt"),
                validator: JWTValidator(
                    expectedAudience: configuration.issuerID, maximumAge: 300, requiredClaims: ["iat", "aud", "nonce"])
            ).claims
        } catch {
            return .failure(.error("invalid_proof", "\(error)"))
        }
        lastProofClaims.append(claims)
        lastProofHeaders.append(header)
        guard claims.issuer == configuration.expectedClientID else { return .failure(.error("invalid_proof", "wrong iss")) }
        if invalidNonceAnswersSent < configuration.invalidNonceAnswers {
            invalidNonceAnswersSent += 1
            return .failure(.error("invalid_nonce", "stale c_nonce"))
        }
        guard let nonce = claims.nonce, issuedNonces.contains(nonce) else {
            return .failure(.error("invalid_nonce", "unknown c_nonce"))
        }
        if let attestationKey = configuration.attestationKey {
            guard let attestation = header["key_attestation"]?.stringValue,
                let attested = try? JWT.verify(
                    attestation, key: attestationKey, policy: JWSPolicy(requiredType: "key-attestation+jwt"),
                    validator: JWTValidator(requiredClaims: ["iat", "attested_keys"])),
                let keys = attested.claims["attested_keys"]?.arrayValue,
                keys.contains(where: { (try? JWK(jsonData: $0.serialized(.compact)).thumbprintString()) == (try? jwk.thumbprintString()) })
            else { return .failure(.error("invalid_proof", "no valid key attestation for the proof key")) }
        }
        return .success(jwk)
    }
}
