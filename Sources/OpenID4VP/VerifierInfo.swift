import Foundation

/// Who is asking, as far as the wallet could establish it: what a consent screen shows
/// (the `verifierInfo` of the Sphereon guide).
public struct VerifierInfo: Sendable, Hashable {
    /// The full client identifier, prefix included; the audience of every presentation.
    public let clientID: String
    /// The client identifier prefix used.
    public let prefix: ClientIdentifier.Prefix
    /// A name for the verifier: from the wallet's own registry, the certificate's subject, or
    /// the verifier's `client_metadata.client_name` (which the verifier chose itself).
    public let displayName: String?
    /// The verifier's logo URI, if it sent one.
    public let logoURI: String?
    /// Whether the verifier's identity was authenticated for its prefix (a signature by a key
    /// the prefix vouches for). An unsigned `redirect_uri:` request is never authenticated.
    public let clientIDValid: Bool
    /// Why the identity is not (fully) established, for display; empty when it is.
    public let clientIDValidationErrors: [String]
    /// The trust anchor the verifier's certificate chains to (its subject), for `x509_*`.
    public let trustRoot: String?
    /// The verifier's certificate chain (DER, leaf first) when it signed with one.
    public let certificateChain: [Data]
    /// Attestations the verifier sent about itself (`verifier_info`), unvalidated.
    public let attestations: [VerifierAttestation]

    /// The prefix as the Sphereon guide names it (`clientIdScheme`).
    public var clientIDScheme: String { prefix.rawValue }
}
