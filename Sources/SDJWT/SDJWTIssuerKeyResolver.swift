import CryptoKeys
import JOSE
import JSONModel

/// Finds the key that should have signed an Issuer-signed JWT.
///
/// RFC 9901 leaves "the signing key belongs to this Issuer" (§7.1 step 2.3) to the
/// application; SD-JWT VC answers it with `x5c` chains, JWT VC issuer metadata or DIDs.
/// Those policies live above this module and plug in here. The resolver sees the header
/// and the payload **before** the signature is checked, so it must treat them as claims to
/// be proven (an `x5c` chain to a trust anchor, an `iss` whose metadata lists the `kid`),
/// never as proof.
public protocol SDJWTIssuerKeyResolver: Sendable {
    /// The key for one signature of the Issuer-signed JWT, or `nil` when this resolver has
    /// none for it (another signature of a general JSON serialization may still verify).
    ///
    /// - Parameters:
    ///   - header: the signature's merged header (untrusted).
    ///   - payload: the claims of the Issuer-signed JWT (untrusted): the processed payload,
    ///     or the payload as signed, digests and all, when its Disclosures do not process.
    ///     Either way the plain claims (`iss` among them) are where the issuer wrote them.
    /// - Throws: ``SDJWTError/issuerKeyNotFound(_:)`` (or any other case) to stop
    ///   verification with a reason.
    func issuerKey(for header: JOSEHeader, payload: JSONObject) async throws(SDJWTError) -> JWSVerificationKey?
}

/// An ``SDJWTIssuerKeyResolver`` made from a closure or a fixed key, for tests and for
/// callers whose lookup is a few lines.
public struct SDJWTIssuerKeyLookup: SDJWTIssuerKeyResolver {
    private let lookup: @Sendable (JOSEHeader, JSONObject) async throws(SDJWTError) -> JWSVerificationKey?

    /// A resolver that calls `lookup` for each signature.
    public init(
        _ lookup: @escaping @Sendable (JOSEHeader, JSONObject) async throws(SDJWTError) -> JWSVerificationKey?
    ) {
        self.lookup = lookup
    }

    /// A resolver that answers every signature with one key the caller already trusts.
    public init(key: JWSVerificationKey) {
        self.lookup = { _, _ in key }
    }

    /// A resolver that answers every signature with one public key the caller already trusts.
    public init(publicKey: PublicKey) {
        self.init(key: JWSVerificationKey(publicKey))
    }

    public func issuerKey(for header: JOSEHeader, payload: JSONObject) async throws(SDJWTError) -> JWSVerificationKey? {
        try await lookup(header, payload)
    }
}
