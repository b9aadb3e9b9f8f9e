import CryptoKeys
import Foundation

/// How a ``SandboxIssuer`` behaves: which OAuth and OpenID4VCI features it requires, so a
/// wallet can be tested against a lenient issuer and a strict (HAIP-like) one.
///
/// Every switch is a value: tests build the exact issuer they need, and the CLI's
/// `vellum sandbox` maps its flags onto the same fields.
public struct SandboxConfiguration: Sendable {
    /// The profile the issuer presents.
    public enum Profile: String, Sendable, Hashable, CaseIterable {
        /// OpenID4VCI 1.0 with the optional features off unless switched on below.
        case standard
        /// OpenID4VC High Assurance Interoperability Profile 1.0: PAR and DPoP required, a
        /// key attestation from a trusted attester on every key proof, ES256 only, `x5c` issuer
        /// keys (always used here).
        case haip
    }

    /// The interface to bind; loopback only, as the sandbox serves plain HTTP.
    public var host: String
    /// The port; 0 lets the system choose a free one (read it from ``SandboxIssuer/baseURL``).
    public var port: Int
    /// The profile; ``Profile/haip`` implies ``requiresPAR``, ``requiresDPoP`` and
    /// ``requiresKeyAttestation``.
    public var profile: Profile
    /// Approve authorization requests at once (redirect with a code); when false, the
    /// authorization endpoint shows a small login and consent page.
    public var autoApprove: Bool
    /// Access tokens must be DPoP-bound (RFC 9449); a token request without a DPoP proof fails.
    public var requiresDPoP: Bool
    /// DPoP proofs must carry a server nonce (`use_dpop_nonce` until they do).
    public var requiresDPoPNonce: Bool
    /// Authorization requests must be pushed first (RFC 9126).
    public var requiresPAR: Bool
    /// Offer a PAR endpoint at all. False (with PAR not required) leaves
    /// `pushed_authorization_request_endpoint` out of the metadata and answers `/par` with 404:
    /// an issuer a HAIP wallet must refuse.
    public var supportsPAR: Bool
    /// Offer DPoP at all. False (with DPoP not required) leaves
    /// `dpop_signing_alg_values_supported` out of the metadata and ignores DPoP proofs, so every
    /// token is a bearer token: an issuer a HAIP wallet must refuse.
    public var supportsDPoP: Bool
    /// Every key proof must carry a `key_attestation` header: a `key-attestation+jwt`
    /// (OpenID4VCI 1.0 Appendix D) signed by one of ``keyAttesters`` whose `attested_keys`
    /// contain the proof's key. Announced as `key_attestations_required` in the metadata.
    public var requiresKeyAttestation: Bool
    /// The public keys of the key attesters (wallet providers, key storage components) this
    /// issuer trusts. With key attestation required and no attester, every proof is refused.
    public var keyAttesters: [PublicKey]
    /// When set, the credential endpoint defers: it answers 202 with a `transaction_id`, and
    /// the deferred endpoint answers 202 this many times before returning the credentials.
    public var deferredPolls: Int?
    /// The `interval` (seconds) sent with deferred responses.
    public var deferredInterval: Int
    /// Credential responses must be encrypted (`encryption_required` in the metadata).
    public var requiresResponseEncryption: Bool
    /// Credential requests must be encrypted to the issuer's key.
    public var requiresRequestEncryption: Bool
    /// Accept a plain credential request that asks for an encrypted response. OpenID4VCI 1.0
    /// §8.2 says the request MUST then be encrypted, so the default is false.
    public var acceptsPlainRequestForEncryptedResponse: Bool
    /// The most proofs (and so credentials) per credential request; 1 turns batch issuance off.
    public var batchSize: Int
    /// Always return `authorization_details` with `credential_identifiers` in token responses,
    /// not only when the wallet used `authorization_details`.
    public var alwaysReturnsCredentialIdentifiers: Bool
    /// How long access tokens live.
    public var accessTokenLifetime: TimeInterval
    /// How long a `c_nonce` or DPoP nonce stays fresh.
    public var nonceLifetime: TimeInterval
    /// How old a key proof or DPoP proof (`iat`) may be; also the allowed clock skew ahead.
    public var proofMaximumAge: TimeInterval
    /// How long issued credentials are valid.
    public var credentialValidity: TimeInterval
    /// How many entries the status list has (one per issued credential).
    public var statusListSize: Int
    /// How long the sandbox root (and so every certificate under it) is valid.
    public var rootValidity: TimeInterval
    /// The key proof types the W3C diploma's configuration takes (OpenID4VCI 1.0 Appendix F):
    /// both by default, so a wallet may use either; `[.diVP]` makes an issuer a wallet must
    /// answer with a Data Integrity presentation. Under key attestation only `jwt` is offered
    /// (a `di_vp` proof carries no attestation).
    public var diplomaProofTypes: Set<SandboxKeyProofType> = [.jwt, .diVP]
    /// The bits of each safe prime of the Aries issuer's AnonCreds key, made once (the first
    /// time the Aries agent is used) and kept in the state file: anoncreds-rs' 1 025 by
    /// default; tests take fewer, as the key's strength is not what they exercise.
    public var ariesSafePrimeBits = 1025
    /// Faults to inject, for testing a wallet's refusals; empty for a well-behaved issuer.
    public var faults: Set<SandboxFault>
    /// The time source for every check and every issued credential.
    public var clock: @Sendable () -> Date
    /// Called once per request answered (`vellum sandbox` prints each on its terminal);
    /// `nil` logs nothing.
    public var requestLog: (@Sendable (SandboxRequestLogEntry) -> Void)?

    /// A configuration; the defaults are a lenient standard issuer on an ephemeral loopback port.
    public init(
        host: String = "127.0.0.1", port: Int = 0, profile: Profile = .standard, autoApprove: Bool = true,
        requiresDPoP: Bool = false, requiresDPoPNonce: Bool = false, requiresPAR: Bool = false,
        supportsPAR: Bool = true, supportsDPoP: Bool = true, requiresKeyAttestation: Bool = false,
        keyAttesters: [PublicKey] = [],
        deferredPolls: Int? = nil, deferredInterval: Int = 1, requiresResponseEncryption: Bool = false,
        requiresRequestEncryption: Bool = false, acceptsPlainRequestForEncryptedResponse: Bool = false,
        batchSize: Int = 3, alwaysReturnsCredentialIdentifiers: Bool = false, accessTokenLifetime: TimeInterval = 600,
        nonceLifetime: TimeInterval = 300, proofMaximumAge: TimeInterval = 300,
        credentialValidity: TimeInterval = 365 * 86_400, statusListSize: Int = 1_024,
        rootValidity: TimeInterval = 3_650 * 86_400, faults: Set<SandboxFault> = [],
        clock: @escaping @Sendable () -> Date = { Date() }, requestLog: (@Sendable (SandboxRequestLogEntry) -> Void)? = nil
    ) {
        self.host = host
        self.port = port
        self.profile = profile
        self.autoApprove = autoApprove
        self.requiresDPoP = requiresDPoP
        self.requiresDPoPNonce = requiresDPoPNonce
        self.requiresPAR = requiresPAR
        self.supportsPAR = supportsPAR
        self.supportsDPoP = supportsDPoP
        self.requiresKeyAttestation = requiresKeyAttestation
        self.keyAttesters = keyAttesters
        self.deferredPolls = deferredPolls
        self.deferredInterval = deferredInterval
        self.requiresResponseEncryption = requiresResponseEncryption
        self.requiresRequestEncryption = requiresRequestEncryption
        self.acceptsPlainRequestForEncryptedResponse = acceptsPlainRequestForEncryptedResponse
        self.batchSize = batchSize
        self.alwaysReturnsCredentialIdentifiers = alwaysReturnsCredentialIdentifiers
        self.accessTokenLifetime = accessTokenLifetime
        self.nonceLifetime = nonceLifetime
        self.proofMaximumAge = proofMaximumAge
        self.credentialValidity = credentialValidity
        self.statusListSize = statusListSize
        self.rootValidity = rootValidity
        self.faults = faults
        self.clock = clock
        self.requestLog = requestLog
    }

    /// A HAIP issuer: PAR, DPoP (with nonces), ES256, and key proofs attested by one of
    /// `keyAttesters`.
    public static func haip(port: Int = 0, keyAttesters: [PublicKey] = []) -> SandboxConfiguration {
        SandboxConfiguration(
            port: port, profile: .haip, requiresDPoP: true, requiresDPoPNonce: true, requiresPAR: true,
            requiresKeyAttestation: true, keyAttesters: keyAttesters)
    }

    /// PAR is required by this configuration or its profile.
    var mustPush: Bool { requiresPAR || profile == .haip }
    /// A PAR endpoint is offered.
    var offersPAR: Bool { supportsPAR || mustPush }
    /// DPoP is required by this configuration or its profile.
    var mustUseDPoP: Bool { requiresDPoP || profile == .haip }
    /// DPoP is offered (proofs are checked and bind tokens).
    var offersDPoP: Bool { supportsDPoP || mustUseDPoP }
    /// Key proofs must be attested, by this configuration or its profile.
    var mustAttestKeys: Bool { requiresKeyAttestation || profile == .haip }
    /// The scheme of offer links: HAIP's `haip-vci` for a HAIP issuer, so a wallet that reads
    /// it picks its HAIP profile.
    var offerScheme: String { profile == .haip ? "haip-vci" : "openid-credential-offer" }
    /// The batch size actually used (at least 1).
    var effectiveBatchSize: Int { max(1, batchSize) }
    /// The proof types the diploma's configuration lists (never empty: `jwt` when nothing else is left).
    var effectiveDiplomaProofTypes: Set<SandboxKeyProofType> {
        let types = mustAttestKeys ? diplomaProofTypes.intersection([.jwt]) : diplomaProofTypes
        return types.isEmpty ? [.jwt] : types
    }
    /// The JWS algorithms accepted for key proofs and DPoP proofs.
    var proofAlgorithms: [String] { profile == .haip ? ["ES256"] : ["ES256", "ES384", "ES512", "EdDSA"] }
}
