import Crypto
import CryptoKeys
import Foundation
import SwiftASN1
import X509

/// A certificate's subject public key in the forms other modules verify signatures with,
/// without importing swift-certificates themselves.
///
/// MDoc (COSE), JOSE and OpenID4VP all verify with CryptoKeys' ``CryptoKeys/PublicKey``, so the
/// validated leaf's key is handed over as one: a caller never switches over curve-specific
/// swift-crypto types. The DER SubjectPublicKeyInfo stays available for callers that need the
/// exact bytes (a thumbprint, a comparison with a JWK's `x5c`).
public struct CertificateKey: Sendable, Hashable {
    /// The DER encoding of the SubjectPublicKeyInfo, exactly as the certificate carries it.
    public let subjectPublicKeyInfoDER: [UInt8]
    /// The key as swift-certificates parsed it with the certificate, when this value was
    /// made from one: a NIST-curve key is then adopted rather than decoded a second time.
    private let parsed: Certificate.PublicKey?

    /// The subject public key of `certificate`.
    public init(_ certificate: Certificate) {
        parsed = certificate.publicKey
        if let received = TBSCertificateFields.subjectPublicKeyInfo(in: certificate.tbsCertificateBytes) {
            subjectPublicKeyInfoDER = Array(received)
            return
        }
        var serializer = DER.Serializer()
        // Serializing a parsed key re-emits the SubjectPublicKeyInfo it was parsed from.
        if (try? serializer.serialize(certificate.publicKey)) != nil {
            subjectPublicKeyInfoDER = serializer.serializedBytes
        } else {
            subjectPublicKeyInfoDER = []
        }
    }

    /// A key around SubjectPublicKeyInfo bytes already in hand.
    init(subjectPublicKeyInfoDER: [UInt8]) {
        self.subjectPublicKeyInfoDER = subjectPublicKeyInfoDER
        parsed = nil
    }

    /// Keys are equal when their SubjectPublicKeyInfo bytes are.
    public static func == (lhs: CertificateKey, rhs: CertificateKey) -> Bool {
        lhs.subjectPublicKeyInfoDER == rhs.subjectPublicKeyInfoDER
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(subjectPublicKeyInfoDER)
    }

    /// The key as a CryptoKeys ``CryptoKeys/PublicKey``, ready to verify a COSE or JOSE
    /// signature.
    ///
    /// Throws ``X509TrustError/unsupportedPublicKey(_:)`` for a key CryptoKeys does not model:
    /// an EC key on an unnamed or unsupported curve, an RSA key under 2048 bits, or another
    /// algorithm. A chain can validate with such a leaf (swift-certificates checks the chain's
    /// own signatures), but nothing Vellum verifies can use its key.
    public var publicKey: PublicKey {
        get throws(X509TrustError) {
            if let parsed {
                if let key = P256.Signing.PublicKey(parsed) { return PublicKey(key) }
                if let key = P384.Signing.PublicKey(parsed) { return PublicKey(key) }
                if let key = P521.Signing.PublicKey(parsed) { return PublicKey(key) }
            }
            do throws(CryptoKeysError) {
                if let ec = ECPublicKeyInfo.uncompressedPoint(in: subjectPublicKeyInfoDER) {
                    return try PublicKey(sec1Representation: ec.point, curve: ec.curve)
                }
                return try PublicKey(derRepresentation: Data(subjectPublicKeyInfoDER))
            } catch {
                throw .unsupportedPublicKey(error.description)
            }
        }
    }
}

extension Certificate {
    /// The subject public key, ready for signature verification by MDoc/JOSE.
    public var subjectKey: CertificateKey { CertificateKey(self) }

    /// The DER encoding of this certificate (the bytes `x5c` / `x5chain` carry).
    public var derBytes: [UInt8] { CertificateDecoding.derBytes(of: self) }
}
