import CryptoKeys
import Foundation
import JOSE
import JSONModel

/// Encrypting credential and deferred-credential requests to the issuer
/// (`credential_request_encryption`, OpenID4VCI 1.0 §8.2, §10).
///
/// 1.0 requires request encryption whenever the wallet asks for an encrypted response, so
/// that an attacker cannot swap the response key in transit. The integrator picks one key from
/// the metadata's `jwks` (it must have `kid` and an ECDH-ES-family `alg`) and an `enc` from
/// `enc_values_supported`.
public struct CredentialRequestEncryption: Sendable, Hashable, Codable {
    /// The issuer's public encryption key.
    public var issuerKey: JWK
    /// The JWE `enc`.
    public var contentEncryption: JWEContentEncryptionAlgorithm
    /// Compress with `zip: DEF` (only when the issuer lists it in `zip_values_supported`).
    public var compresses: Bool

    public init(issuerKey: JWK, contentEncryption: JWEContentEncryptionAlgorithm = .a128GCM, compresses: Bool = false) {
        self.issuerKey = issuerKey
        self.contentEncryption = contentEncryption
        self.compresses = compresses
    }

    /// Encrypts a request body into a compact JWE (media type `application/jwt`).
    func seal(_ body: Data) throws(OpenID4VCIError) -> String {
        guard let kid = issuerKey.kid, !kid.isEmpty else {
            throw .invalidCredentialRequest("the issuer's request encryption key has no kid")
        }
        guard let name = issuerKey.alg, let algorithm = JWEKeyManagementAlgorithm(rawValue: name), algorithm.isKeyAgreement else {
            throw .invalidCredentialRequest("the issuer's request encryption key has no ECDH-ES alg")
        }
        var header = JOSEHeader(keyID: kid)
        if compresses { header["zip"] = "DEF" }
        do {
            return try JWE.encryptCompact(
                body, to: JWEKey(jwk: issuerKey.publicOnly), keyManagement: algorithm,
                contentEncryption: contentEncryption, header: header)
        } catch {
            throw .encryptionFailed("encrypting the request failed: \(error)")
        }
    }
}
