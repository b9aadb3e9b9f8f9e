import Foundation
import JSONModel
import Multiformats

/// What the DCQL matcher needs to know about a stored credential, whatever its format.
///
/// The wallet adapts its records to this protocol; the matcher never sees storage, keys or
/// the credential's bytes, only the claims the holder could disclose.
public protocol PresentableCredential: Sendable {
    /// The wallet's id for the credential, returned in every match.
    var credentialID: String { get }
    /// The format identifier, e.g. `dc+sd-jwt` or `mso_mdoc`.
    var format: String { get }
    /// The identifiers a query's `meta` is matched against: for an SD-JWT VC its `vct` and
    /// every type it extends, for an mdoc its docType, for a W3C VC its expanded types.
    var typeIdentifiers: [String] { get }
    /// The claims as the holder could disclose them.
    var claims: PresentableClaims { get }
    /// Whether the holder can prove possession of a key bound to the credential
    /// (an SD-JWT VC `cnf`, an mdoc device key).
    var supportsCryptographicHolderBinding: Bool { get }
    /// The AuthorityKeyIdentifier key identifiers of the certificates in the credential's
    /// issuer chain (`x5c`, `x5chain`), for `trusted_authorities` of type `aki`.
    var authorityKeyIdentifiers: [Data] { get }
    /// Whether an authority of the query certifies the credential's issuer. The default
    /// understands `aki`; other types (`etsi_tl`, `openid_federation`) need information the
    /// credential alone does not carry, so by default they do not match.
    func isCertified(by authority: TrustedAuthoritiesQuery) -> Bool
}

extension PresentableCredential {
    public var authorityKeyIdentifiers: [Data] { [] }

    public func isCertified(by authority: TrustedAuthoritiesQuery) -> Bool {
        guard authority.type == TrustedAuthoritiesQuery.authorityKeyIdentifier else { return false }
        let present = Set(authorityKeyIdentifiers)
        return authority.values.contains { value in
            guard let identifier = try? Base64URL.decode(value) else { return false }
            return present.contains(identifier)
        }
    }
}

/// The disclosable claims of a credential, in the shape its claim paths address.
public enum PresentableClaims: Sendable, Hashable {
    /// A JSON credential (SD-JWT VC processed payload with every disclosure, W3C VC).
    case json(JSONValue)
    /// An mdoc: namespace → data element identifier → value (CBOR converted to JSON as
    /// RFC 8949 §6.1 advises, for value matching).
    case mdoc([String: [String: JSONValue]])
}
