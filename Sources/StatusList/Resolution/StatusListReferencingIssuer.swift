import CryptoKeys
import Foundation

/// The issuer of the token whose status is being checked, as verifying that token
/// established it: the key that signed it, its issuer identifier and its certificate chain.
///
/// A status list token is only as good as the binding between its signer and the referenced
/// token's issuer: whoever serves the status URI (a CDN, a host) must not be able to sign a
/// list of their own. The draft's key resolution rules (status list draft §"Key Resolution
/// and Trust Management") allow the referenced token's own key, the same web-based key
/// resolution for the same issuer, or a key certified by the same certificate authority. A
/// ``StatusListKeyResolver`` finds this value in ``StatusListKeyRequest/referencingIssuer``
/// when the resolver was bound with ``StatusListResolver/bound(to:)``.
public struct StatusListReferencingIssuer: Sendable, Hashable {
    /// The public key the referenced token verified with.
    public var key: PublicKey
    /// The referenced token's verified issuer identifier (`iss`), if it has one.
    public var issuer: String?
    /// The referenced token's certificate chain (DER, leaf first), when its key came from one.
    public var certificateChain: [Data]?

    /// The issuer of a referenced token verified with `key`.
    public init(key: PublicKey, issuer: String? = nil, certificateChain: [Data]? = nil) {
        self.key = key
        self.issuer = issuer
        self.certificateChain = certificateChain
    }
}

/// A key resolver that shows every request the referencing issuer it was bound to.
struct BoundStatusListKeys: StatusListKeyResolver {
    let base: any StatusListKeyResolver
    let issuer: StatusListReferencingIssuer

    func key(for request: StatusListKeyRequest) async throws(StatusListError) -> PublicKey? {
        var request = request
        request.referencingIssuer = issuer
        return try await base.key(for: request)
    }
}
