/// What the issuer's metadata says about the `jwt` proof type of one credential configuration
/// (`proof_types_supported.jwt`, OpenID4VCI 1.0 §12.2.4): the integrator copies it from the
/// metadata so the wallet can refuse an unusable key before anything is sent.
public struct JWTProofRequirements: Sendable, Hashable, Codable {
    /// `proof_signing_alg_values_supported`; empty means "not stated" and allows any.
    public var signingAlgorithms: [String]
    /// Whether `key_attestations_required` is present: every proof must then carry a
    /// `key_attestation` header.
    public var requiresKeyAttestation: Bool

    public init(signingAlgorithms: [String] = [], requiresKeyAttestation: Bool = false) {
        self.signingAlgorithms = signingAlgorithms
        self.requiresKeyAttestation = requiresKeyAttestation
    }
}
