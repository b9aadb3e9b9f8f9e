import CryptoKeys
import DID
import Foundation
import JSONModel
import W3CCredentials

/// Makes `di_vp` key proofs (OpenID4VCI 1.0 Appendix F.2): per holder key, a W3C verifiable
/// presentation secured with a Data Integrity proof by that key, which is how an issuer of
/// `ldp_vc` credentials that takes no JWTs learns the key (the DID) to bind.
///
/// The presentation (VCDM 2.0) names the key's DID as `holder` and carries no credential. Its
/// proof is made for `authentication` with `domain` = the credential issuer identifier and
/// `challenge` = the `c_nonce`, so it cannot be replayed to another issuer or later. The key
/// is named by DID URL: the signer's own ``CryptoKeys/Signer/keyID`` when that is one, else
/// the did:key of its public key.
public struct DIVPProofBuilder: Sendable {
    /// The credential issuer identifier: the proof's `domain`.
    public var credentialIssuer: String
    /// The issuer's rules for this proof type.
    public var requirements: DIVPProofRequirements
    /// The current time, for `created`.
    public var clock: @Sendable () -> Date
    /// The profile each proof must satisfy. HAIP requires key attestations, which a `di_vp`
    /// proof cannot carry, so under HAIP every `di_vp` proof is refused.
    public var profile: IssuanceProfile

    public init(
        credentialIssuer: String, requirements: DIVPProofRequirements = DIVPProofRequirements(),
        clock: @escaping @Sendable () -> Date = { Date() }, profile: IssuanceProfile = .standard
    ) {
        self.credentialIssuer = credentialIssuer
        self.requirements = requirements
        self.clock = clock
        self.profile = profile
    }

    /// Checks the keys against the requirements and `batchSize` without signing: a listed
    /// suite signs with every key, and the profile allows `di_vp` proofs.
    public func check(_ keys: [HolderKey], batchSize: Int?) throws(OpenID4VCIError) {
        if profile.requiresKeyAttestation {
            throw profile.violation(.keyAttestation, "a di_vp proof carries no key attestation")
        }
        try HolderKey.checkCount(keys, batchSize: batchSize)
        for key in keys where requirements.cryptosuite(for: key.signer.publicKey.curve) == nil {
            throw .invalidCredentialRequest(
                "the issuer's di_vp cryptosuites (\(requirements.cryptosuites.joined(separator: ", "))) do not sign with \(key.signer.algorithm.rawValue) keys")
        }
    }

    /// The `proofs` object for `keys`: `{"di_vp": [one presentation per key]}`.
    public func proofs(for keys: [HolderKey], nonce: String?, batchSize: Int?) async throws(OpenID4VCIError) -> CredentialProofs {
        try check(keys, batchSize: batchSize)
        var proofs = [JSONObject]()
        for key in keys { proofs.append(try await proof(for: key, nonce: nonce)) }
        return .diVP(proofs)
    }

    /// One key proof: the signed presentation.
    public func proof(for key: HolderKey, nonce: String?) async throws(OpenID4VCIError) -> JSONObject {
        guard let suite = requirements.cryptosuite(for: key.signer.publicKey.curve) else {
            throw .invalidCredentialRequest("no di_vp cryptosuite of the issuer signs with \(key.signer.algorithm.rawValue) keys")
        }
        let (holder, verificationMethod) = try Self.holder(of: key.signer)
        let presentation: JSONObject = [
            "@context": [.string(VCDataModelVersion.v2_0.baseContext)],
            "type": ["VerifiablePresentation"],
            "holder": .string(holder),
        ]
        let options = DataIntegrityProofOptions(
            cryptosuite: suite, verificationMethod: verificationMethod, proofPurpose: "authentication",
            created: DataIntegrityProofOptions.timestamp(clock()), challenge: nonce, domain: credentialIssuer)
        let signed: JSONValue
        do throws(DataIntegrityError) {
            signed = try await DataIntegritySigner.sign(.object(presentation), options: options, signer: key.signer)
        } catch {
            throw .proofSigningFailed("\(error)")
        }
        guard let object = signed.objectValue else { throw .proofSigningFailed("the signed presentation is not an object") }
        return object
    }

    /// The DID and verification method that name `signer`'s key: its key id when that is a DID
    /// URL, else its did:key.
    static func holder(of signer: any Signer) throws(OpenID4VCIError) -> (did: String, verificationMethod: String) {
        if let keyID = signer.keyID, let url = try? DIDURL(keyID), url.fragment != nil {
            return (url.did.description, keyID)
        }
        do {
            let did = try DIDKey.make(for: signer.publicKey)
            return (did.description, DIDKey.verificationMethod(of: did))
        } catch {
            throw .proofSigningFailed("the holder key has no did:key: \(error)")
        }
    }
}
