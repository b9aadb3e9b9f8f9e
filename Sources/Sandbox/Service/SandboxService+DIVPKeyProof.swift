import CryptoKeys
import DID
import Foundation
import JSONModel
import W3CCredentials

/// Key proofs of the `di_vp` type (OpenID4VCI 1.0 Appendix F.2): W3C presentations whose Data
/// Integrity proof shows the wallet holds the key of a did:key, which the diploma is then
/// issued to.
extension SandboxService {
    /// Checks `di_vp` proofs: each a presentation (VCDM structure) with exactly one proof, a
    /// `DataIntegrityProof` in an accepted cryptosuite, for `authentication`, with `domain` =
    /// this issuer and `challenge` = a fresh `c_nonce`, verified by the key its
    /// verification method names, which must be a did:key's and the `holder`'s when one is
    /// named; distinct keys.
    func checkDIVPProofs(_ array: [JSONValue]) async throws(ProofFailure) -> [(JWK, String)] {
        var keys = [(JWK, String)]()
        var nonces = Set<String>()
        for (index, element) in array.enumerated() {
            let (nonce, key) = try await checkDIVPProof(element, at: "proofs.di_vp[\(index)]")
            nonces.insert(nonce)
            keys.append(key)
        }
        return try spend(nonces, keys: keys, proofType: .diVP)
    }

    /// One `di_vp` proof: its `c_nonce` and the key it proves, with its thumbprint.
    private func checkDIVPProof(_ element: JSONValue, at path: String) async throws(ProofFailure) -> (String, (JWK, String)) {
        let presentation: VerifiablePresentation
        do {
            presentation = try VerifiablePresentation(json: element)
        } catch {
            throw .invalid("\(path) is not a verifiable presentation: \(error)")
        }
        guard presentation.proofs.count == 1, let proof = presentation.proofs.first,
              proof["type"]?.stringValue == "DataIntegrityProof"
        else {
            throw .invalid("\(path) must carry exactly one DataIntegrityProof")
        }
        guard let challenge = proof["challenge"]?.stringValue, credentialNonces.contains(challenge, now: now) else {
            throw .nonce("\(path) lacks a fresh c_nonce from the nonce endpoint as its challenge")
        }
        guard proof["domain"]?.stringValue == issuer else { throw .invalid("\(path): domain is not \(issuer)") }
        guard let method = proof["verificationMethod"]?.stringValue, let url = try? DIDURL(method), url.did.method == "key" else {
            throw .invalid("\(path): the verification method is not a did:key")
        }
        if let holder = presentation.holder, holder != url.did.description {
            throw .invalid("\(path): the holder \(holder) is not the DID of the verification method")
        }
        let policy = DataIntegrityProofPolicy(
            proofPurpose: .authentication, cryptosuites: Set(SandboxKeyProofType.diVPCryptosuites.compactMap(DataIntegrityCryptosuite.init(rawValue:))),
            linkedDataSuites: [], challenge: challenge, domain: issuer, now: now)
        do {
            _ = try await EmbeddedProofVerifier().verify(element, policy: policy, controller: url.did.description)
        } catch {
            throw .invalid("\(path) does not verify: \(error)")
        }
        do {
            let jwk = JWK(publicKey: try DIDKey.publicKey(of: url.did))
            return (challenge, (jwk, try jwk.thumbprintString()))
        } catch {
            throw .invalid("\(path): the did:key's key: \(error)")
        }
    }
}
