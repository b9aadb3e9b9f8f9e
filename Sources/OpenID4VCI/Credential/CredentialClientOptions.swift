/// What the credential client needs to know about the issuer and the wallet's choices, taken
/// from the issuer metadata by the integrator (OpenID4VCI 1.0 §12.2.4).
public struct CredentialClientOptions: Sendable {
    /// The credential issuer identifier: `aud` of every key proof.
    public var credentialIssuer: String
    /// The OAuth client id, or `nil` for anonymous pre-authorized-code access (proofs then
    /// carry no `iss`).
    public var clientID: String?
    /// The configuration's `jwt` proof type rules, or `nil` when it declares no
    /// `proof_types_supported` (no key binding: the request carries no proofs).
    public var proofRequirements: JWTProofRequirements?
    /// The configuration's `di_vp` proof type rules (Appendix F.2), used when
    /// ``proofRequirements`` is `nil`: the proofs are then presentations signed with Data
    /// Integrity. A configuration that takes both proof types gets `jwt` proofs.
    public var diVPRequirements: DIVPProofRequirements?
    /// `batch_credential_issuance.batch_size`, or `nil` when the issuer offers no batches.
    public var batchSize: Int?
    /// Ask for encrypted responses with this `enc`; required when the issuer's
    /// `credential_response_encryption.encryption_required` is true.
    public var responseEncryption: CredentialResponseEncryption?
    /// Encrypt requests to this issuer key; required when `credential_request_encryption`
    /// demands it, and (1.0 §8.2) whenever ``responseEncryption`` is set.
    public var requestEncryption: CredentialRequestEncryption?
    /// Send `credential_response_encryption` in a plaintext request, for issuers that predate
    /// 1.0's request-encryption rule. Off by default: the response key could be swapped.
    public var allowsResponseEncryptionWithoutRequestEncryption: Bool
    /// The largest response body accepted, in bytes (encrypted or not, and after inflation).
    public var maximumResponseBytes: Int
    /// Bounds on the response content.
    public var responseLimits: CredentialResponse.Limits
    /// How many times one request is resent for `use_dpop_nonce` (RFC 9449 §9).
    public var maximumDPoPNonceRetries: Int
    /// The rules beyond OpenID4VCI 1.0: under ``IssuanceProfile/haip`` a request needs a DPoP
    /// key and a DPoP token, ES256 holder keys each with a key attestation, and SD-JWT VCs
    /// must come back with an `x5c` issuer key.
    public var profile: IssuanceProfile

    public init(
        credentialIssuer: String, clientID: String? = nil, proofRequirements: JWTProofRequirements? = JWTProofRequirements(),
        diVPRequirements: DIVPProofRequirements? = nil, batchSize: Int? = nil, responseEncryption: CredentialResponseEncryption? = nil,
        requestEncryption: CredentialRequestEncryption? = nil,
        allowsResponseEncryptionWithoutRequestEncryption: Bool = false, maximumResponseBytes: Int = 4 << 20,
        responseLimits: CredentialResponse.Limits = CredentialResponse.Limits(), maximumDPoPNonceRetries: Int = 1,
        profile: IssuanceProfile = .standard
    ) {
        self.credentialIssuer = credentialIssuer
        self.clientID = clientID
        self.proofRequirements = proofRequirements
        self.diVPRequirements = diVPRequirements
        self.batchSize = batchSize
        self.responseEncryption = responseEncryption
        self.requestEncryption = requestEncryption
        self.allowsResponseEncryptionWithoutRequestEncryption = allowsResponseEncryptionWithoutRequestEncryption
        self.maximumResponseBytes = maximumResponseBytes
        self.responseLimits = responseLimits
        self.maximumDPoPNonceRetries = maximumDPoPNonceRetries
        self.profile = profile
    }
}
