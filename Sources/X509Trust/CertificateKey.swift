import Crypto
import SwiftASN1
import X509

/// A certificate's subject public key in forms other modules can verify signatures with,
/// without importing swift-certificates themselves.
///
/// MDoc (COSE) and JOSE verify with the key of a validated leaf; they get the DER
/// SubjectPublicKeyInfo (portable, e.g. for a JWK conversion) and, for the curves swift-crypto
/// supports, the ready key.
public struct CertificateKey: Sendable {
    /// The swift-crypto key, by algorithm.
    public enum Key: Sendable {
        case p256(P256.Signing.PublicKey)
        case p384(P384.Signing.PublicKey)
        case p521(P521.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        /// An RSA (or other) key: use ``CertificateKey/subjectPublicKeyInfoDER``.
        case other
    }

    /// The DER encoding of the SubjectPublicKeyInfo.
    public let subjectPublicKeyInfoDER: [UInt8]
    /// The decoded key.
    public let key: Key

    private static func der(of publicKey: Certificate.PublicKey) -> [UInt8] {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(publicKey)) != nil else { return [] }
        return serializer.serializedBytes
    }

    /// The subject public key of `certificate`.
    public init(_ certificate: Certificate) {
        let publicKey = certificate.publicKey
        subjectPublicKeyInfoDER = Self.der(of: publicKey)
        if let key = P256.Signing.PublicKey(publicKey) {
            self.key = .p256(key)
        } else if let key = P384.Signing.PublicKey(publicKey) {
            self.key = .p384(key)
        } else if let key = P521.Signing.PublicKey(publicKey) {
            self.key = .p521(key)
        } else if let key = Curve25519.Signing.PublicKey(publicKey) {
            self.key = .ed25519(key)
        } else {
            self.key = .other
        }
    }
}

extension Certificate {
    /// The subject public key, ready for signature verification by MDoc/JOSE.
    public var subjectKey: CertificateKey { CertificateKey(self) }

    /// The DER encoding of this certificate (the bytes `x5c` / `x5chain` carry).
    public var derBytes: [UInt8] { CertificateDecoding.derBytes(of: self) }
}
