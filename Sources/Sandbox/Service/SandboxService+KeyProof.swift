import CryptoKeys
import Foundation
import JSONModel

/// Key proofs (OpenID4VCI 1.0 §8.2.1, Appendix F): the `proofs` object, and the `jwt` proof
/// type (F.1, F.4).
extension SandboxService {
    static let keyProofType = "openid4vci-proof+jwt"

    /// Checks `proofs`: exactly one proof type, one `kind`'s configuration lists, with 1 to
    /// `batch_size` proofs; returns each proof's key with its thumbprint. The nonces are spent
    /// only when every proof passes.
    func checkProofs(_ value: JSONValue?, grant: AccessGrant, kind: SandboxCredentialKind) async throws(ProofFailure) -> [(JWK, String)] {
        guard let value else { throw .invalid("proofs is missing") }
        guard case let .object(proofs) = value, proofs.count == 1, let (name, list) = proofs.members.first else {
            throw .invalid("proofs must be an object with exactly one proof type")
        }
        let accepted = kind == .diploma ? configuration.effectiveDiplomaProofTypes : [.jwt]
        guard let type = SandboxKeyProofType(rawValue: name), accepted.contains(type) else {
            throw .invalid("\(kind.configurationID) takes \(accepted.map(\.rawValue).sorted().joined(separator: " or ")) proofs, not \(name)")
        }
        guard let array = list.arrayValue, !array.isEmpty else { throw .invalid("proofs.\(name) must be a non-empty array") }
        guard array.count <= configuration.effectiveBatchSize else {
            throw .invalid("\(array.count) proofs is more than the batch size \(configuration.effectiveBatchSize)")
        }
        switch type {
        case .jwt: return try checkJWTProofs(array, grant: grant)
        case .diVP: return try await checkDIVPProofs(array)
        }
    }

    /// Checks `jwt` proofs: each typed, signed by its `jwk`, for this issuer (`aud`), recent
    /// (`iat`), with a `c_nonce` from the nonce endpoint, and `iss` absent for anonymous
    /// pre-authorized access or the client id otherwise; distinct keys; and, when key
    /// attestation is required, a `key_attestation` from a trusted attester for the proof's key.
    private func checkJWTProofs(_ array: [JSONValue], grant: AccessGrant) throws(ProofFailure) -> [(JWK, String)] {
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
            nonces.insert(nonce)
            keys.append((proof.key, proof.thumbprint))
        }
        return try spend(nonces, keys: keys, proofType: .jwt)
    }

    /// Refuses a repeated key (each credential needs its own) and a nonce spent meanwhile
    /// (by a request that went ahead while this one was verifying), then spends the nonces.
    func spend(_ nonces: Set<String>, keys: [(JWK, String)], proofType: SandboxKeyProofType) throws(ProofFailure) -> [(JWK, String)] {
        guard nonces.allSatisfy({ credentialNonces.contains($0, now: now) }) else {
            throw .nonce("a c_nonce of proofs.\(proofType.rawValue) was used meanwhile")
        }
        var seen = Set<String>()
        for (index, key) in keys.enumerated() where !seen.insert(key.1).inserted {
            throw .invalid("proofs.\(proofType.rawValue)[\(index)] repeats a key; each credential needs its own key")
        }
        for nonce in nonces { credentialNonces.remove(nonce) }
        return keys
    }
}
