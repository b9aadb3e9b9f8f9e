import CryptoKeys
import Foundation
import JOSE
import JSONModel
import Multiformats

/// Makes DPoP proofs (RFC 9449 §4) with any ``Signer``, so the DPoP key can live in a secure
/// area and never be seen by this code.
///
/// Each proof is a JWT with header `typ: dpop+jwt`, the signer's `alg` and its public `jwk`,
/// and claims `jti` (128 random bits), `htm`, `htu` (the URL without query and fragment),
/// `iat`, `ath` when presenting an access token, and `nonce` when the server supplied one.
public struct DPoPProofBuilder: DPoPProofProviding {
    /// The key that signs every proof; its thumbprint is what tokens get bound to.
    public let signer: any Signer
    /// The time put in `iat`.
    public let clock: @Sendable () -> Date

    /// A builder signing with `signer`; `clock` supplies `iat`.
    public init(signer: any Signer, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.signer = signer
        self.clock = clock
    }

    /// The signer's algorithm, which every proof uses.
    public var signingAlgorithm: String? { signer.algorithm.rawValue }

    /// The explicit type of DPoP proofs.
    public static let type = "dpop+jwt"

    /// The RFC 7638 thumbprint of the DPoP public key, base64url: the `jkt` a DPoP-bound token's
    /// `cnf` carries, and the `dpop_jkt` authorization request parameter (RFC 9449 §10).
    public var keyThumbprint: String {
        Base64URL.encode(signer.publicKey.thumbprint(hash: .sha256))
    }

    /// A signed proof for one request (see ``DPoPProofProviding``).
    public func proof(method: String, url: URL, accessToken: String?, nonce: String?) async throws(OpenID4VCIError) -> String {
        var claims = JSONObject()
        var random = SystemRandomNumberGenerator()
        claims["jti"] = .string(Base64URL.encode(Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &random) })))
        claims["htm"] = .string(method.uppercased())
        claims["htu"] = .string(Self.targetURI(url))
        if let accessToken {
            claims["ath"] = .string(Base64URL.encode(DigestAlgorithm.sha256.hash(Data(accessToken.utf8))))
        }
        if let nonce { claims["nonce"] = .string(nonce) }
        let jwt = JWTClaims(issuedAt: clock(), additionalClaims: claims)
        do {
            return try await JWT.sign(
                jwt, header: JOSEHeader(type: Self.type), signer: signer,
                options: JWS.SigningOptions(embedPublicKey: true))
        } catch {
            throw .dpopProofFailed("\(error)")
        }
    }

    /// `htu`: the request URL without query and fragment (RFC 9449 §4.2).
    static func targetURI(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.query = nil
        components.fragment = nil
        return components.url?.absoluteString ?? url.absoluteString
    }
}
