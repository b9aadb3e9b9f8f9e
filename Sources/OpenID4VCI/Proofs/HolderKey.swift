import CryptoKeys
import Foundation

/// A key an issued credential will be bound to, as the credential request needs it: something
/// that signs the key proof, and optionally the key attestation the wallet's secure area made
/// for it.
///
/// The proof names the key with `jwk` (the public key itself) unless the signer's
/// ``CryptoKeys/Signer/keyID`` is a DID URL, in which case the credential is bound to that
/// DID key and the proof carries `kid` instead (OpenID4VCI 1.0 Appendix F.1).
public struct HolderKey: Sendable {
    /// Signs the key proof; may live in a Secure Enclave or HSM.
    public var signer: any Signer
    /// A `key-attestation+jwt` covering this key, sent as the proof's `key_attestation` header.
    public var keyAttestation: String?
    /// Makes the attestation per proof, with the `c_nonce`, when ``keyAttestation`` is `nil`.
    public var keyAttestationProvider: (any KeyAttestationProviding)?

    public init(
        signer: any Signer, keyAttestation: String? = nil, keyAttestationProvider: (any KeyAttestationProviding)? = nil
    ) {
        self.signer = signer
        self.keyAttestation = keyAttestation
        self.keyAttestationProvider = keyAttestationProvider
    }

    /// Whether a proof for this key will carry a key attestation.
    var hasKeyAttestation: Bool { !(keyAttestation?.isEmpty ?? true) || keyAttestationProvider != nil }

    /// The attestation for a proof with `nonce`: the fixed one, else the provider's.
    func attestation(nonce: String?) async throws(OpenID4VCIError) -> String? {
        if let keyAttestation, !keyAttestation.isEmpty { return keyAttestation }
        return try await keyAttestationProvider?.keyAttestation(for: signer.publicKey, nonce: nonce)
    }

    /// Whether the proof identifies the key by DID URL (`kid`) rather than by `jwk`.
    var usesDIDURL: Bool { signer.keyID?.hasPrefix("did:") == true }

    /// At least one key, and more than one only within the issuer's batch size: the rule
    /// every proof type shares.
    static func checkCount(_ keys: [HolderKey], batchSize: Int?) throws(OpenID4VCIError) {
        guard !keys.isEmpty else { throw .invalidCredentialRequest("no holder key to bind the credential to") }
        guard keys.count > 1 else { return }
        guard let batchSize else {
            throw .invalidCredentialRequest("\(keys.count) holder keys but the issuer does not offer batch issuance")
        }
        guard keys.count <= batchSize else {
            throw .invalidCredentialRequest("\(keys.count) holder keys but the issuer's batch_size is \(batchSize)")
        }
    }
}
