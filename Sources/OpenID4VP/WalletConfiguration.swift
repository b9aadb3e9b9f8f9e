import CryptoKeys
import DCQL
import DID
import Foundation
import HTTP
import JOSE
import JSONModel
import X509Trust

/// What the wallet knows and accepts when it processes presentation requests: its trust in
/// verifiers, its keys, its capabilities (the `walletConfig` of the Sphereon guide).
public struct WalletConfiguration: Sendable {
    /// The wallet's issuer identifier; a request object's `aud`, when present, must be this or
    /// `https://self-issued.me/v2`.
    public var audience: String?
    /// The key to decrypt encrypted request objects (JWE) with.
    public var decryptionKey: JWEKey?
    /// Roots that end a trusted chain for `x509_san_dns:` and `x509_hash:` verifiers.
    public var verifierTrustAnchors: TrustAnchorStore
    /// Verifiers known in advance, by client identifier (no prefix).
    public var preRegisteredClients: [String: PreRegisteredClient]
    /// Issuers of Verifier Attestation JWTs the wallet trusts, by `iss`, with their keys.
    public var trustedAttestationIssuers: [String: [JWK]]
    /// Resolves `decentralized_identifier:` verifiers' DIDs.
    public var didResolver: any DIDResolver
    /// How verifiers are authenticated: one policy per accepted client identifier prefix
    /// (``ClientAuthenticationPolicies/standard`` by default, ``ClientAuthenticationPolicies/haip``
    /// for the High Assurance profile). `origin` is never accepted; `openid_federation` needs
    /// trust-chain processing this wallet does not do, so it is refused with a clear error.
    public var clientAuthentication: ClientAuthenticationPolicies
    /// The prefixes the wallet accepts: those ``clientAuthentication`` holds a policy for.
    /// Setting it keeps the policies for the prefixes named (the standard policy for a prefix
    /// that had none) and drops the rest.
    public var acceptedPrefixes: Set<ClientIdentifier.Prefix> {
        get { clientAuthentication.prefixes }
        set { clientAuthentication = clientAuthentication.restricted(to: newValue) }
    }
    /// `x509_san_dns:` client identifiers trusted to use any `redirect_uri`/`response_uri`;
    /// all others must use their own host.
    public var trustedClientIdentifiers: Set<String>
    /// Transaction data types the wallet can show and authorise; any other type makes the
    /// whole request fail, as §5.1 requires.
    public var supportedTransactionDataTypes: Set<String>
    /// Queries behind `scope` values the wallet knows.
    public var scopeQueries: [String: DCQLQuery]
    /// The `wallet_metadata` sent with `request_uri_method=post`.
    public var walletMetadata: JSONObject
    /// The clock for request object expiry and certificate validity.
    public var clock: @Sendable () -> Date
    /// How far a request object's `iat`/`exp` may be off.
    public var clockSkew: TimeInterval

    public init(
        audience: String? = nil, decryptionKey: JWEKey? = nil, verifierTrustAnchors: TrustAnchorStore = TrustAnchorStore(),
        preRegisteredClients: [String: PreRegisteredClient] = [:], trustedAttestationIssuers: [String: [JWK]] = [:],
        didResolver: any DIDResolver = DIDResolverRegistry.offline(),
        clientAuthentication: ClientAuthenticationPolicies = .standard,
        trustedClientIdentifiers: Set<String> = [], supportedTransactionDataTypes: Set<String> = [],
        scopeQueries: [String: DCQLQuery] = [:], walletMetadata: JSONObject = WalletConfiguration.defaultWalletMetadata,
        clock: @escaping @Sendable () -> Date = { Date() }, clockSkew: TimeInterval = ClockSkew.standard.seconds
    ) {
        self.audience = audience
        self.decryptionKey = decryptionKey
        self.verifierTrustAnchors = verifierTrustAnchors
        self.preRegisteredClients = preRegisteredClients
        self.trustedAttestationIssuers = trustedAttestationIssuers
        self.didResolver = didResolver
        self.clientAuthentication = clientAuthentication
        self.trustedClientIdentifiers = trustedClientIdentifiers
        self.supportedTransactionDataTypes = supportedTransactionDataTypes
        self.scopeQueries = scopeQueries
        self.walletMetadata = walletMetadata
        self.clock = clock
        self.clockSkew = clockSkew
    }

    /// Every prefix this wallet can authenticate (those of ``ClientAuthenticationPolicies/standard``).
    public static var defaultPrefixes: Set<ClientIdentifier.Prefix> { ClientAuthenticationPolicies.standard.prefixes }

    /// What this wallet supports, as `wallet_metadata` (OpenID4VP 1.0 §10).
    public static let defaultWalletMetadata: JSONObject = [
        "vp_formats_supported": [
            "dc+sd-jwt": ["sd-jwt_alg_values": ["ES256", "ES384", "EdDSA"], "kb-jwt_alg_values": ["ES256"]],
            "mso_mdoc": ["issuerauth_alg_values": [-7, -35, -36], "deviceauth_alg_values": [-7]],
        ],
        "client_id_prefixes_supported": [
            "redirect_uri", "x509_san_dns", "x509_hash", "decentralized_identifier", "verifier_attestation",
        ],
        "request_object_signing_alg_values_supported": ["ES256", "ES384", "ES512", "EdDSA", "RS256", "PS256"],
        "authorization_encryption_alg_values_supported": ["ECDH-ES"],
        "authorization_encryption_enc_values_supported": ["A128GCM", "A256GCM"],
    ]
}

/// A verifier the wallet knows in advance (OpenID4VP 1.0 §5.9.2).
public struct PreRegisteredClient: Sendable {
    /// The name to show the user.
    public var displayName: String
    /// Keys that may sign this client's request objects; empty for a client that sends
    /// unsigned requests.
    public var signingKeys: [JWK]
    /// The redirect or response URIs it may use; empty for any. A client registered with
    /// neither these nor ``signingKeys`` is never authenticated (its requests resolve with
    /// the client identifier marked not valid): nothing would stop another party from
    /// sending its `client_id`.
    public var redirectURIs: [URL]
    /// Its logo.
    public var logoURI: String?

    public init(displayName: String, signingKeys: [JWK] = [], redirectURIs: [URL] = [], logoURI: String? = nil) {
        self.displayName = displayName
        self.signingKeys = signingKeys
        self.redirectURIs = redirectURIs
        self.logoURI = logoURI
    }
}
