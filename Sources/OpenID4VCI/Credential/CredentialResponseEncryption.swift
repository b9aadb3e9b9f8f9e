import CryptoKeys
import Foundation
import JOSE
import Multiformats

/// The wallet's choice to have credential responses encrypted (OpenID4VCI 1.0 §8.2, §10):
/// ECDH-ES to a fresh P-256 key per request, with the `enc` the issuer lists in
/// `credential_response_encryption.enc_values_supported`.
public struct CredentialResponseEncryption: Sendable, Hashable, Codable {
    /// The JWE `enc`; A128GCM or A256GCM in practice.
    public var contentEncryption: JWEContentEncryptionAlgorithm
    /// Ask for `zip: DEF` (only when the issuer lists it in `zip_values_supported`).
    public var compresses: Bool

    public init(contentEncryption: JWEContentEncryptionAlgorithm = .a128GCM, compresses: Bool = false) {
        self.contentEncryption = contentEncryption
        self.compresses = compresses
    }
}

/// One request's ephemeral response-encryption key: sent as a public JWK, used once to open
/// the answer, then forgotten.
struct EphemeralResponseKey: Sendable {
    let privateKey: PrivateKey
    let keyID: String
    let settings: CredentialResponseEncryption

    init(_ settings: CredentialResponseEncryption) {
        privateKey = PrivateKey(curve: .p256)
        var random = SystemRandomNumberGenerator()
        keyID = Base64URL.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &random) })
        self.settings = settings
    }

    /// The `credential_response_encryption` request member.
    var requestParameters: CredentialRequest.ResponseEncryption {
        var jwk = JWK(publicKey: privateKey.publicKey, keyID: keyID)
        jwk.alg = JWEKeyManagementAlgorithm.ecdhES.rawValue
        jwk.use = "enc"
        return CredentialRequest.ResponseEncryption(
            jwk: jwk, contentEncryption: settings.contentEncryption, compresses: settings.compresses)
    }

    /// Opens an `application/jwt` answer: it must be a compact JWE with `alg` ECDH-ES, the
    /// requested `enc`, this key's `kid`, and must decrypt. Returns the JSON plaintext.
    func open(_ token: String, endpoint: IssuerEndpoint, maximumBytes: Int) throws(OpenID4VCIError) -> Data {
        let policy = JWEPolicy(
            allowedKeyManagement: [.ecdhES], allowedContentEncryption: [settings.contentEncryption],
            allowsCompression: settings.compresses,
            limits: JOSELimits(maximumTokenSize: maximumBytes, maximumDecompressedSize: maximumBytes))
        let object: JWEObject
        do {
            object = try JWEObject(compact: token.trimmingCharacters(in: .whitespacesAndNewlines), limits: policy.limits)
        } catch {
            throw .encryptionFailed("the \(endpoint) response is not a compact JWE: \(error)")
        }
        let header: JOSEHeader
        do {
            header = try object.header(forRecipient: 0)
        } catch {
            throw .encryptionFailed("the \(endpoint) response's JWE header is unusable: \(error)")
        }
        guard header.keyID == keyID else {
            throw .encryptionFailed("the \(endpoint) response is encrypted to kid \(header.keyID ?? "none"), not the key sent")
        }
        guard header.algorithm == JWEKeyManagementAlgorithm.ecdhES.rawValue else {
            throw .encryptionFailed("the \(endpoint) response uses alg \(header.algorithm ?? "none"), not ECDH-ES")
        }
        guard header.encryption == settings.contentEncryption.rawValue else {
            throw .encryptionFailed("the \(endpoint) response uses enc \(header.encryption ?? "none"), not \(settings.contentEncryption.rawValue)")
        }
        do {
            return try object.decrypt(key: .privateKey(privateKey), policy: policy).plaintext
        } catch {
            throw .encryptionFailed("the \(endpoint) response does not decrypt: \(error)")
        }
    }
}
