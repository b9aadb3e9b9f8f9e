import CryptoKeys
import Foundation
import JOSE
import JSONModel
import OpenID4VCI

/// A stand-in wallet provider that attests holder keys (OpenID4VCI 1.0 Appendix D), so a
/// wallet can be tested against the sandbox's HAIP mode.
///
/// Give its ``publicKey`` to ``SandboxConfiguration/haip(port:keyAttesters:)`` and use it as
/// the ``OpenID4VCI/HolderKey/keyAttestationProvider`` of each holder key: every proof then
/// carries a fresh `key-attestation+jwt` (ES256) with the key in `attested_keys` and the
/// issuer's `c_nonce`. It attests whatever key it is shown — it checks no secure area — so it
/// belongs in tests and demos only.
public struct SandboxKeyAttester: KeyAttestationProviding {
    /// The attester's public key, which the issuer trusts.
    public var publicKey: PublicKey { signer.publicKey }
    /// How long each attestation is valid (`exp` − `iat`).
    public var lifetime: TimeInterval
    /// The `key_storage` claim; the sandbox reads but does not judge it.
    public var keyStorage: [String]
    /// The time put in `iat`.
    public var clock: @Sendable () -> Date
    let signer: SoftwareSigner

    /// An attester with a new P-256 key.
    public init(
        lifetime: TimeInterval = 3_600, keyStorage: [String] = ["iso_18045_moderate"],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(SandboxError) {
        do {
            signer = try SoftwareSigner(privateKey: PrivateKey(curve: .p256))
        } catch {
            throw .cryptography("key attester: \(error)")
        }
        self.lifetime = lifetime
        self.keyStorage = keyStorage
        self.clock = clock
    }

    /// An attestation of `key`, with `nonce` when given (see ``OpenID4VCI/KeyAttestationProviding``).
    public func keyAttestation(for key: PublicKey, nonce: String?) async throws(OpenID4VCIError) -> String {
        do {
            return try await attestation(for: [key], nonce: nonce)
        } catch {
            throw .proofSigningFailed("sandbox key attester: \(error)")
        }
    }

    /// One attestation covering `keys` (a batch from one key storage component).
    public func attestation(for keys: [PublicKey], nonce: String? = nil) async throws(SandboxError) -> String {
        do {
            let attested = try keys.map { try JSONValue(parsing: JWK(publicKey: $0).jsonData()) }
            let now = clock()
            let claims = JWTClaims(
                expiresAt: now + lifetime, issuedAt: now, nonce: nonce,
                additionalClaims: [
                    "attested_keys": .array(attested), "key_storage": .array(keyStorage.map(JSONValue.string)),
                ])
            return try await JWT.sign(claims, header: JOSEHeader(type: SandboxService.keyAttestationType), signer: signer)
        } catch {
            throw .cryptography("key attestation: \(error)")
        }
    }
}
