/// The client authentication policies a wallet holds, one per prefix: the named composition
/// a ``WalletConfiguration`` carries.
///
/// A profile is a set of policies, not a switch: ``standard`` accepts every prefix this
/// wallet can authenticate, ``haip`` only the certificate-based ones the High Assurance
/// Interoperability Profile allows, and a caller composes its own from the policy types
/// (or types of its own conforming to ``ClientAuthenticationPolicy``).
public struct ClientAuthenticationPolicies: Sendable {
    /// The policies, in the order given; one per prefix.
    public let policies: [any ClientAuthenticationPolicy]

    /// The policies given, keeping the first for a prefix named twice (a later one cannot
    /// silently loosen a rule already in the set).
    public init(_ policies: [any ClientAuthenticationPolicy]) {
        var seen = Set<ClientIdentifier.Prefix>()
        self.policies = policies.filter { seen.insert($0.prefix).inserted }
    }

    /// The prefixes these policies authenticate.
    public var prefixes: Set<ClientIdentifier.Prefix> { Set(policies.map(\.prefix)) }

    /// The policy for `prefix`, `nil` when the set does not accept it.
    public func policy(for prefix: ClientIdentifier.Prefix) -> (any ClientAuthenticationPolicy)? {
        policies.first { $0.prefix == prefix }
    }

    /// These policies restricted to `prefixes`; a prefix this set has no policy for takes the
    /// ``standard`` one.
    public func restricted(to prefixes: Set<ClientIdentifier.Prefix>) -> ClientAuthenticationPolicies {
        let kept = policies.filter { prefixes.contains($0.prefix) }
        let added = Self.standard.policies.filter { prefixes.contains($0.prefix) && policy(for: $0.prefix) == nil }
        return ClientAuthenticationPolicies(kept + added)
    }

    /// Every prefix this wallet can authenticate: pre-registered clients, unsigned
    /// `redirect_uri:` (accepted, shown as not authenticated), `x509_san_dns:`, `x509_hash:`,
    /// `decentralized_identifier:` and `verifier_attestation:`.
    public static let standard = ClientAuthenticationPolicies([
        PreRegisteredClientPolicy(), RedirectURIClientPolicy(), X509SANDNSClientPolicy(), X509HashClientPolicy(),
        DecentralizedIdentifierClientPolicy(), VerifierAttestationClientPolicy(),
    ])

    /// The High Assurance Interoperability Profile: a verifier is authenticated by an X.509
    /// certificate chain to a trusted root, named by the leaf's hash (`x509_hash:`) or a DNS
    /// name it carries (`x509_san_dns:`); unsigned, DID, attestation and pre-registered
    /// requests are refused as prefixes the wallet does not accept.
    public static let haip = ClientAuthenticationPolicies([X509SANDNSClientPolicy(), X509HashClientPolicy()])
}
