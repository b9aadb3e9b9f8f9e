import Foundation

/// The rules an issuance must follow beyond OpenID4VCI 1.0 itself: ``standard`` adds none,
/// ``haip`` is the OpenID4VC High Assurance Interoperability Profile 1.0 as far as the wallet
/// can enforce it.
///
/// A profile is a set of independent switches, not a mode: each one is checked at the step
/// where it first matters, always *before* that step sends anything secret (a pre-authorized
/// code, an authorization request, an access token, a key proof), and a violation is an
/// ``OpenID4VCIError/profileViolation(rule:reason:)`` naming the ``Rule``. ``IssuanceSession``,
/// ``AuthorizationCodeFlow`` and ``CredentialClient`` (through ``CredentialClientOptions``)
/// take one.
///
/// What HAIP 1.0 asks of the issuance side, and where Vellum checks it:
/// - PAR (RFC 9126) for the authorization code flow — the authorization server must publish
///   `pushed_authorization_request_endpoint` (``requiresPushedAuthorization``);
/// - credentials asked for by `scope` in the authorization request, so every requested
///   configuration needs one (``requiresScope``);
/// - DPoP (RFC 9449) sender-constrained tokens — a DPoP key, an authorization server that
///   lists an allowed algorithm in `dpop_signing_alg_values_supported`, and a `DPoP` token back
///   (``requiresDPoP``);
/// - key attestations (OpenID4VCI 1.0 Appendix D) on every key proof (``requiresKeyAttestation``);
/// - ES256, the one algorithm HAIP makes every party support, for DPoP and key proofs
///   (``signingAlgorithms``);
/// - X.509 issuer keys (``requiresX509IssuerKeys``): signed issuer metadata is verified
///   through an `x5c` chain, never a bare key, and an SD-JWT VC must carry `x5c`. OpenID4VCI
///   checks that the header is there; *the wallet* must validate the chain, resolve the SD-JWT
///   VC issuer key from `x5c` only (never from `iss` metadata or a DID), and for an mdoc
///   require the `x5chain` of `issuerAuth` to chain to a trusted IACA.
///
/// PKCE S256 and the RFC 9207 `iss` check on the redirect are always on, so no switch exists
/// for them. HAIP's wallet attestation (client authentication at PAR and token endpoints) is not
/// modelled here.
public struct IssuanceProfile: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A short name for logs and errors (`standard`, `haip`).
    public var name: String
    /// The authorization code flow must go through a PAR endpoint.
    public var requiresPushedAuthorization: Bool
    /// The authorization code flow must name the credentials by `scope` (not
    /// `authorization_details`), so every requested configuration must have one.
    public var requiresScope: Bool
    /// Tokens must be DPoP-bound: a DPoP key is needed for every token request and the
    /// authorization server must support one of ``signingAlgorithms`` for DPoP.
    public var requiresDPoP: Bool
    /// Every holder key's proof must carry a `key-attestation+jwt` that attests that key.
    public var requiresKeyAttestation: Bool
    /// The JWS algorithms allowed for DPoP proofs, key proofs and key attestations; empty
    /// allows any the other party accepts.
    public var signingAlgorithms: [String]
    /// Issued credentials must name their issuer key by X.509 certificate: `x5c` in an SD-JWT
    /// VC header (checked here), `x5chain` in an mdoc's `issuerAuth` (checked by the wallet,
    /// which parses the mdoc).
    public var requiresX509IssuerKeys: Bool

    public init(
        name: String, requiresPushedAuthorization: Bool = false, requiresScope: Bool = false, requiresDPoP: Bool = false,
        requiresKeyAttestation: Bool = false, signingAlgorithms: [String] = [], requiresX509IssuerKeys: Bool = false
    ) {
        self.name = name
        self.requiresPushedAuthorization = requiresPushedAuthorization
        self.requiresScope = requiresScope
        self.requiresDPoP = requiresDPoP
        self.requiresKeyAttestation = requiresKeyAttestation
        self.signingAlgorithms = signingAlgorithms
        self.requiresX509IssuerKeys = requiresX509IssuerKeys
    }

    /// OpenID4VCI 1.0 with nothing added: PAR and DPoP are used when offered, key attestations
    /// when the issuer asks for them.
    public static let standard = IssuanceProfile(name: "standard")

    /// OpenID4VC High Assurance Interoperability Profile 1.0: PAR, DPoP, key attestations,
    /// ES256, X.509 issuer keys.
    public static let haip = IssuanceProfile(
        name: "haip", requiresPushedAuthorization: true, requiresScope: true, requiresDPoP: true, requiresKeyAttestation: true,
        signingAlgorithms: ["ES256"], requiresX509IssuerKeys: true)

    /// The profile an offer link asks for: ``haip`` for the `haip-vci://` scheme HAIP
    /// registers, ``standard`` otherwise. A wallet may still choose a stricter one.
    public static func suggested(forOfferLink link: String) -> IssuanceProfile {
        let scheme = link.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != ":" }.lowercased()
        return scheme == "haip-vci" ? .haip : .standard
    }

    public var description: String { name }

    /// The rule a ``OpenID4VCIError/profileViolation(rule:reason:)`` names.
    public enum Rule: String, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The authorization request must be pushed (RFC 9126).
        case pushedAuthorization = "pushed authorization request required"
        /// The authorization request must name the credentials by `scope`.
        case scope = "scope required"
        /// The access token must be DPoP-bound (RFC 9449).
        case dpop = "DPoP required"
        /// Every key proof must carry a key attestation for its key (OpenID4VCI 1.0 App. D).
        case keyAttestation = "key attestation required"
        /// Only the profile's signing algorithms may be used.
        case signingAlgorithm = "signing algorithm not allowed"
        /// The issuer key must be an X.509 certificate chain (`x5c`, `x5chain`).
        case x509IssuerKey = "X.509 issuer key required"

        public var description: String { rawValue }
    }
}
