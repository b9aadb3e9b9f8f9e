import CryptoKeys
import Foundation
import JSONModel

/// Key proofs of the `jwt` proof type (OpenID4VCI 1.0 §8.2.1, Appendix F.1, F.4).
extension SandboxService {
    static let keyProofType = "openid4vci-proof+jwt"

    /// Checks `proofs`: exactly the `jwt` type, 1 to `batch_size` proofs, each typed, signed by
    /// its `jwk`, for this issuer (`aud`), recent (`iat`), with a `c_nonce` from the nonce
    /// endpoint, and `iss` absent for anonymous pre-authorized access or the client id
    /// otherwise; distinct keys; and, when key attestation is required, a `key_attestation`
    /// from a trusted attester for the proof's key. The nonces are spent only when every proof
    /// passes.
    func checkProofs(_ value: JSONValue?, grant: AccessGrant) throws(ProofFailure) -> [(JWK, String)] {
        guard let value else { throw .invalid("proofs is missing") }
        guard case let .object(proofs) = value, proofs.count == 1 else {
            throw .invalid("proofs must be an object with exactly one proof type")
        }
        guard let jwts = proofs["jwt"] else { throw .invalid("only the jwt proof type is supported") }
        guard let array = jwts.arrayValue, !array.isEmpty else { throw .invalid("proofs.jwt must be a non-empty array") }
        guard array.count <= configuration.effectiveBatchSize else {
            throw .invalid("\(array.count) proofs is more than the batch size \(configuration.effectiveBatchSize)")
        }
        var keys = [(JWK, String)]()
        var nonces = Set<String>()
        for (index, element) in array.enumerated() {
            guard let token = element.stringValue else { throw .invalid("proofs.jwt[\(index)] is not a string") }
            let proof: HolderProofJWT
            do {
                proof = try HolderProofJWT(token, type: Self.keyProofType, algorithms: configuration.proofAlgorithms)
                guard proof.claims["aud"]?.stringValue == issuer else { throw ProofFailure.invalid("aud is not \(issuer)") }
                try proof.checkIssuedAt(now: now, maximumAge: configuration.proofMaximumAge)
                if configuration.mustAttestKeys { try checkKeyAttestation(of: proof) }
                switch (grant.clientID, proof.claims.issuer) {
                case (nil, _?): throw ProofFailure.invalid("iss must be omitted for anonymous pre-authorized access")
                case let (client?, iss?) where client != iss: throw ProofFailure.invalid("iss is not the client_id")
                default: break
                }
            } catch let failure as ProofFailure {
                throw .invalid("proofs.jwt[\(index)]: \(failure.reason)")
            } catch {
                throw .invalid("proofs.jwt[\(index)]: \(error)")
            }
            guard let nonce = proof.claims.nonce, credentialNonces.contains(nonce, now: now) else {
                throw .nonce("proofs.jwt[\(index)] lacks a fresh c_nonce from the nonce endpoint")
            }
            guard !keys.contains(where: { $0.1 == proof.thumbprint }) else {
                throw .invalid("proofs.jwt[\(index)] repeats a key; each credential needs its own key")
            }
            nonces.insert(nonce)
            keys.append((proof.key, proof.thumbprint))
        }
        for nonce in nonces { credentialNonces.remove(nonce) }
        return keys
    }
}
