import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// Makes `jwt` key proofs (OpenID4VCI 1.0 Appendix F.1): one signed `openid4vci-proof+jwt` per
/// holder key, proving the wallet holds the key the credential will be bound to.
///
/// Header: `typ`, `alg`, `jwk` (or `kid` for a DID URL), `key_attestation` when the key has
/// one. Claims: `aud` = the credential issuer identifier, `iat`, `nonce` = the `c_nonce`, and
/// `iss` = the client id unless the token came from anonymous pre-authorized access.
public struct JWTProofBuilder: Sendable {
    /// The `typ` of a key proof.
    public static let proofType = "openid4vci-proof+jwt"

    /// The credential issuer identifier (`credential_issuer` in the metadata): the `aud`.
    public var credentialIssuer: String
    /// The OAuth `client_id`, or `nil` for anonymous pre-authorized-code access (no `iss`).
    public var clientID: String?
    /// The issuer's rules for this proof type.
    public var requirements: JWTProofRequirements
    /// The current time, for `iat`.
    public var clock: @Sendable () -> Date
    /// The profile each proof must satisfy (HAIP: an ES256 key with a key attestation for it).
    public var profile: IssuanceProfile

    public init(
        credentialIssuer: String, clientID: String?, requirements: JWTProofRequirements = JWTProofRequirements(),
        clock: @escaping @Sendable () -> Date = { Date() }, profile: IssuanceProfile = .standard
    ) {
        self.credentialIssuer = credentialIssuer
        self.clientID = clientID
        self.requirements = requirements
        self.clock = clock
        self.profile = profile
    }

    /// Checks the keys against the requirements and `batchSize` without signing: every key
    /// has an accepted algorithm and, if required, a key attestation; the profile's rules hold.
    public func check(_ keys: [HolderKey], batchSize: Int?) throws(OpenID4VCIError) {
        try profile.check(keys)
        try HolderKey.checkCount(keys, batchSize: batchSize)
        for key in keys {
            let algorithm = key.signer.algorithm.rawValue
            if !requirements.signingAlgorithms.isEmpty, !requirements.signingAlgorithms.contains(algorithm) {
                throw .invalidCredentialRequest("the issuer does not accept \(algorithm) proofs")
            }
            if requirements.requiresKeyAttestation, !key.hasKeyAttestation {
                throw .keyAttestationRequired
            }
        }
    }

    /// The `proofs` object for `keys`: `{"jwt": [one proof per key]}`.
    public func proofs(for keys: [HolderKey], nonce: String?, batchSize: Int?) async throws(OpenID4VCIError) -> CredentialProofs {
        try check(keys, batchSize: batchSize)
        var proofs = [String]()
        for key in keys { proofs.append(try await proof(for: key, nonce: nonce)) }
        return .jwt(proofs)
    }

    /// One key proof JWT.
    public func proof(for key: HolderKey, nonce: String?) async throws(OpenID4VCIError) -> String {
        var header = JOSEHeader(type: Self.proofType)
        let signer: any Signer
        if key.usesDIDURL {
            header.keyID = key.signer.keyID
            signer = key.signer
        } else {
            // `jwk` and `kid` are mutually exclusive in a key proof, so the signer's own key id
            // (a secure-area handle, say) must not reach the header.
            header.embed(key.signer.publicKey)
            signer = AnonymousSigner(base: key.signer)
        }
        if let attestation = try await key.attestation(nonce: nonce) {
            // A provider's attestation is seen only now; hold it to the profile before it goes out.
            if profile.requiresKeyAttestation,
               let problem = IssuanceProfile.attestationProblem(attestation, for: key.signer.publicKey, allows: profile.allows) {
                throw profile.violation(.keyAttestation, problem)
            }
            header[KeyAttestation.headerParameter] = .string(attestation)
        } else if profile.requiresKeyAttestation {
            throw profile.violation(.keyAttestation, "the key has no key attestation")
        }
        let claims = JWTClaims(issuer: clientID, audience: [credentialIssuer], issuedAt: clock(), nonce: nonce)
        do {
            return try await JWT.sign(claims, header: header, signer: signer)
        } catch {
            throw .proofSigningFailed(error.description)
        }
    }
}

/// Forwards to a signer but reports no key id, so JOSE does not add a `kid`.
struct AnonymousSigner: Signer {
    let base: any Signer
    var publicKey: PublicKey { base.publicKey }
    var algorithm: SignatureAlgorithm { base.algorithm }
    var keyID: String? { nil }
    func sign(_ message: Data) async throws -> Data { try await base.sign(message) }
}
