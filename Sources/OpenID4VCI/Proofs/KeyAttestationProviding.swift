import CryptoKeys

/// Makes a key attestation (OpenID4VCI 1.0 Appendix D) when a key proof is built, so it can
/// carry the issuer's `c_nonce`.
///
/// OpenID4VCI 1.0 Appendix F.1 asks that a key attestation in a `jwt` proof carry the
/// `c_nonce` the issuer handed out; an attestation made in advance (``HolderKey/keyAttestation``)
/// cannot. A wallet whose secure area or wallet provider attests keys on request supplies one of
/// these instead; it is called once per proof, after the nonce is known.
public protocol KeyAttestationProviding: Sendable {
    /// A `key-attestation+jwt` whose `attested_keys` contain `key`, with `nonce` in its
    /// `nonce` claim when one is given.
    func keyAttestation(for key: PublicKey, nonce: String?) async throws(OpenID4VCIError) -> String
}
