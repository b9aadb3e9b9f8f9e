import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// Key attestations on `jwt` key proofs (OpenID4VCI 1.0 Appendix D, HAIP 1.0 §4.5.1): the
/// proof's `key_attestation` header is a `key-attestation+jwt` in which a trusted attester
/// vouches for the key the proof is signed with.
extension SandboxService {
    static let keyAttestationType = "key-attestation+jwt"

    /// Checks `proof`'s `key_attestation`: present; typed; of an allowed `alg`; signed by one
    /// of ``SandboxConfiguration/keyAttesters``; `iat` not in the future; `exp` present (the
    /// `jwt` proof type needs it) and not passed; `attested_keys` a non-empty array of JWKs
    /// that contains the proof's `jwk`; and a `nonce`, when present, equal to the proof's.
    ///
    /// The attester is trusted by its public key. HAIP names it by an `x5c` chain to an
    /// ecosystem trust anchor; the sandbox has no such ecosystem, so a configured key stands in.
    func checkKeyAttestation(of proof: HolderProofJWT) throws(ProofFailure) {
        guard let value = proof.header["key_attestation"] else { throw .invalid("key_attestation is required") }
        guard let token = value.stringValue, token.utf8.count <= HolderProofJWT.maximumBytes else {
            throw .invalid("key_attestation is not a string of at most \(HolderProofJWT.maximumBytes) bytes")
        }
        let object: JWSObject
        do {
            object = try JWSObject(compact: token)
        } catch {
            throw .invalid("key_attestation is not a compact JWS: \(error)")
        }
        let header = object.signatures[0].header
        guard header.type == Self.keyAttestationType else {
            throw .invalid("key_attestation typ is \(header.type ?? "missing"), not \(Self.keyAttestationType)")
        }
        guard let alg = header.algorithm, configuration.proofAlgorithms.contains(alg) else {
            throw .invalid("key_attestation alg \(header.algorithm ?? "missing") is not allowed")
        }
        let policy = JWSPolicy(
            allowedAlgorithms: Set(configuration.proofAlgorithms.compactMap(JWSAlgorithm.init(rawValue:))),
            requiredType: Self.keyAttestationType)
        var verified: VerifiedJWS?
        for attester in configuration.keyAttesters {
            if let result = try? object.verify(key: JWSVerificationKey(attester), policy: policy) {
                verified = result
                break
            }
        }
        guard let verified else { throw .invalid("key_attestation is not signed by a trusted key attester") }
        let claims: JWTClaims
        do {
            claims = try JWTClaims(json: verified.payload)
        } catch {
            throw .invalid("key_attestation claims: \(error)")
        }
        guard let issuedAt = claims.issuedAt, issuedAt <= now + ClockSkew.standard.seconds else { throw .invalid("key_attestation iat is missing or ahead") }
        guard let expiry = claims.expiresAt else { throw .invalid("key_attestation exp is missing") }
        guard expiry > now else { throw .invalid("key_attestation has expired") }
        if let nonce = claims.nonce, nonce != proof.claims.nonce {
            throw .invalid("key_attestation nonce is not the proof's c_nonce")
        }
        guard let attested = claims["attested_keys"]?.arrayValue, !attested.isEmpty, attested.count <= 64 else {
            throw .invalid("key_attestation attested_keys must be a non-empty array")
        }
        let covers = attested.contains { value in
            guard let jwk = try? JSONDecoder().decode(JWK.self, from: value.serialized(.compact)) else { return false }
            return (try? jwk.thumbprintString()) == proof.thumbprint
        }
        guard covers else { throw .invalid("key_attestation does not attest the proof's key") }
    }
}
