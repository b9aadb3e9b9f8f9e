import COSE
import CryptoKeys
import Foundation
import JOSE

/// What is known about a status list token before its signature is checked: enough for a
/// resolver to find the key, none of it trusted yet.
public struct StatusListKeyRequest: Sendable {
    /// The URI the token was fetched for (and must carry as `sub`).
    public let uri: String
    /// The token's encoding.
    public let format: StatusListTokenFormat
    /// `kid` as bytes: the UTF-8 of a JWT `kid`, the CWT `kid` byte string.
    public let keyID: Data?
    /// `x5c` / `x5chain` (DER, leaf first), unverified: check it with X509Trust before
    /// trusting the key inside.
    public let certificateChain: [Data]?
    /// The unverified `iss`, for resolvers that look keys up by issuer.
    public let unverifiedIssuer: String?
    /// The JWT header, for a JWT.
    public let joseHeader: JOSEHeader?
    /// The protected and unprotected COSE headers, for a CWT.
    public let coseHeaders: (protected: COSEHeaders, unprotected: COSEHeaders)?
    /// The issuer of the token whose status is being checked, when the resolver was bound to
    /// it (``StatusListResolver/bound(to:)``): a resolver should accept only a key bound to
    /// that issuer.
    public internal(set) var referencingIssuer: StatusListReferencingIssuer?

    /// `kid` as text, when it is UTF-8.
    public var keyIDString: String? { keyID.flatMap { String(data: $0, encoding: .utf8) } }

    init(
        uri: String, format: StatusListTokenFormat, keyID: Data?, certificateChain: [Data]?,
        unverifiedIssuer: String?, joseHeader: JOSEHeader? = nil,
        coseHeaders: (protected: COSEHeaders, unprotected: COSEHeaders)? = nil
    ) {
        self.uri = uri
        self.format = format
        self.keyID = keyID
        self.certificateChain = certificateChain
        self.unverifiedIssuer = unverifiedIssuer
        self.joseHeader = joseHeader
        self.coseHeaders = coseHeaders
    }
}

/// Finds the public key that must have signed a status list token.
///
/// The draft leaves key resolution and trust to the ecosystem: the status list may be signed
/// with the referenced token's issuer key, a key in the same `x5c` chain, or keys from the
/// same web-based metadata. A credential format plugs in the rule it uses for its issuer
/// keys. Return `nil` when there is no key (the token is then refused); throw to stop.
/// It is `async` because finding a key may mean fetching metadata or resolving a DID.
public protocol StatusListKeyResolver: Sendable {
    /// The key for this (not yet verified) token.
    func key(for request: StatusListKeyRequest) async throws(StatusListError) -> PublicKey?
}

/// A ``StatusListKeyResolver`` made from a closure, or from one fixed key.
public struct StatusListKeyLookup: StatusListKeyResolver {
    private let lookup: @Sendable (StatusListKeyRequest) async throws(StatusListError) -> PublicKey?

    /// A resolver that calls `lookup` for every token.
    public init(_ lookup: @escaping @Sendable (StatusListKeyRequest) async throws(StatusListError) -> PublicKey?) {
        self.lookup = lookup
    }

    /// A resolver that answers `key` for every token: for a status list signed with a key the
    /// caller already trusts (often the referenced token's issuer key).
    public static func fixed(_ key: PublicKey) -> StatusListKeyLookup {
        StatusListKeyLookup { _ in key }
    }

    public func key(for request: StatusListKeyRequest) async throws(StatusListError) -> PublicKey? {
        try await lookup(request)
    }
}
