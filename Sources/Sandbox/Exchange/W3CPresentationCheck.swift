import Foundation
import JSONModel
import W3CCredentials

/// A relying party's checks of a W3C presentation with embedded proofs, shared by the sandbox's
/// Credible and VC-API endpoints and its OpenID4VP verifier (`ldp_vc`): the data model, a proof
/// for `authentication` with the request's challenge and domain by a key of the `holder`, and
/// every credential of a trusted issuer in it verified (data model, validity, proof by a key of
/// its issuer) and about the holder. A selectively disclosed credential (ecdsa-sd-2023) must
/// come with a derived proof — a base proof is refused, as it reveals what the holder kept
/// back — and, where the request named claims, reveal nothing else but the mandatory ones.
struct W3CPresentationCheck: Sendable {
    /// The issuer DIDs whose credentials count.
    let trustedIssuers: Set<String>
    /// The claims the trusted issuers' selectively disclosable credentials always reveal.
    var mandatoryClaims: [ClaimPath] = []

    /// What a presentation that passes proves.
    struct Verified: Sendable {
        /// The holder DID that signed it.
        let holder: String
        /// Its credentials by a trusted issuer, each verified and about the holder.
        let credentials: [VerifiableCredential]
    }

    /// Checks `json`; with `requiredType`, a credential of that type must be among the
    /// verified ones; with `requestedClaims` (what an OpenID4VP query named), a selectively
    /// disclosed credential must reveal only those and its mandatory claims.
    func verify(
        _ json: JSONValue, challenge: String, domain: String, requiredType: String?, requestedClaims: [ClaimPath]? = nil, now: Date
    ) async -> Result<Verified, SandboxExchangeRefusal> {
        let presentation: VerifiablePresentation
        do {
            presentation = try VerifiablePresentation(json: json)
        } catch {
            return .failure(.init("not a verifiable presentation: \(error)"))
        }
        guard let holder = presentation.holder else { return .failure(.init("the presentation names no holder")) }
        do {
            _ = try await EmbeddedProofVerifier().verify(
                json, policy: .authentication(challenge: challenge, domain: domain, now: now), controller: holder)
        } catch {
            return .failure(.init("the presentation's proof does not verify: \(error)"))
        }
        return await credentials(of: presentation, holder: holder, requiredType: requiredType, requestedClaims: requestedClaims, now: now)
    }

    /// Checks a VP-JWT (VC-JWT of VCDM 1.1 or `vp+jwt`): signed by a key of its holder, with the
    /// challenge as `nonce` and the domain as `aud`; then its credentials as for an LD proof.
    func verify(
        token: String, challenge: String, domain: String, requiredType: String?, now: Date
    ) async -> Result<Verified, SandboxExchangeRefusal> {
        let verified: VerifiedJOSEPresentation
        do {
            verified = try await JOSECredentialVerifier().verifyPresentation(
                token, policy: .presentation(audience: domain, nonce: challenge, now: now))
        } catch {
            return .failure(.init("the VP-JWT does not verify: \(error)"))
        }
        guard let holder = verified.presentation.holder else { return .failure(.init("the presentation names no holder")) }
        return await credentials(
            of: verified.presentation, verifiedTokens: verified.credentials.map(\.credential), holder: holder,
            requiredType: requiredType, now: now)
    }

    /// The presentation's credentials by a trusted issuer, each verified and about `holder`:
    /// those embedded with their proofs, checked here, and `verifiedTokens`, JWT-secured ones
    /// the JOSE verifier already checked (signature by the issuer, validity).
    private func credentials(
        of presentation: VerifiablePresentation, verifiedTokens: [VerifiableCredential] = [], holder: String,
        requiredType: String?, requestedClaims: [ClaimPath]? = nil, now: Date
    ) async -> Result<Verified, SandboxExchangeRefusal> {
        var verified: [VerifiableCredential] = []
        for credential in presentation.credentials where trustedIssuers.contains(credential.issuer) {
            do {
                try credential.checkValidity(at: now)
                let proofs = try await EmbeddedProofVerifier().verify(
                    credential.json, policy: DataIntegrityProofPolicy(now: now), controller: credential.issuer)
                if let requestedClaims, proofs.contains(where: { $0.suite == DataIntegrityCryptosuite.ecdsaSD2023.rawValue }),
                   let object = credential.json.objectValue {
                    try RequestedClaimsPolicy(requested: requestedClaims, mandatory: mandatoryClaims).check(object)
                }
            } catch {
                return .failure(.init("a credential does not verify: \(error)"))
            }
            verified.append(credential)
        }
        verified += verifiedTokens.filter { trustedIssuers.contains($0.issuer) }
        guard verified.allSatisfy({ $0.credentialSubjects.allSatisfy { $0["id"]?.stringValue == holder } }) else {
            return .failure(.init("a credential is about someone other than the holder"))
        }
        if let requiredType, !verified.contains(where: { $0.types.contains(requiredType) }) {
            return .failure(.init("the presentation holds no verified \(requiredType) of a trusted issuer"))
        }
        return .success(Verified(holder: holder, credentials: verified))
    }
}
