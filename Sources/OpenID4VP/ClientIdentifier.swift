/// A verifier's `client_id`, split into its Client Identifier Prefix and the identifier within
/// that prefix (OpenID4VP 1.0 §5.9).
///
/// The prefix decides how the wallet authenticates the verifier: by a certificate chain, a DID,
/// an attestation, or not at all. The full string (prefix included) is what presentations use
/// as their audience, so ``rawValue`` is kept exactly as received.
public struct ClientIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// How the identifier is to be interpreted.
    public enum Prefix: String, Sendable, Hashable, CaseIterable {
        /// No recognised prefix: a client the wallet knows in advance.
        case preRegistered = "pre-registered"
        /// `redirect_uri:` — the identifier is the redirect or response URI; requests are unsigned.
        case redirectURI = "redirect_uri"
        /// `x509_san_dns:` — a DNS name in the signing certificate's SAN.
        case x509SANDNS = "x509_san_dns"
        /// `x509_hash:` — the base64url SHA-256 of the signing certificate.
        case x509Hash = "x509_hash"
        /// `decentralized_identifier:` — a DID whose document holds the signing key.
        case decentralizedIdentifier = "decentralized_identifier"
        /// `verifier_attestation:` — the subject of a Verifier Attestation JWT.
        case verifierAttestation = "verifier_attestation"
        /// `openid_federation:` — an OpenID Federation entity identifier.
        case openIDFederation = "openid_federation"
        /// `origin:` — reserved for the Digital Credentials API; never accepted in a request.
        case origin
    }

    /// The `client_id` exactly as received.
    public let rawValue: String
    /// The prefix it uses.
    public let prefix: Prefix
    /// The identifier without the prefix (the whole value for a pre-registered client).
    public let identifier: String

    /// Splits `rawValue` at its first `:` when what precedes it is a known prefix; anything else
    /// is a pre-registered client identifier, as §5.9.2 says.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        if let colon = rawValue.firstIndex(of: ":"),
           let prefix = Prefix(rawValue: String(rawValue[..<colon])), prefix != .preRegistered {
            self.prefix = prefix
            self.identifier = String(rawValue[rawValue.index(after: colon)...])
        } else {
            self.prefix = .preRegistered
            self.identifier = rawValue
        }
    }

    public var description: String { rawValue }
}
