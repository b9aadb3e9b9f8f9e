import CryptoKeys
import Foundation

/// The SubjectPublicKeyInfo layouts of uncompressed points on the NIST curves (RFC 5480), the
/// form swift-crypto and nearly every issuer write.
///
/// ``CertificateKey/publicKey`` meets one on every mdoc or JWT it verifies; recognising these
/// fixed prefixes hands the point straight to CryptoKeys, where its general SPKI reader builds
/// and compares candidate prefixes for each curve and point form first. Anything else (other
/// curves, compressed points, Ed25519, RSA, explicit parameters) still goes through that reader.
enum ECPublicKeyInfo {
    /// `SEQUENCE { SEQUENCE { id-ecPublicKey, namedCurve }, BIT STRING (0 unused bits) }` up to
    /// the point, per curve.
    static let uncompressedPrefixes: [(curve: KeyCurve, prefix: [UInt8])] = [
        (.p256, [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00]),
        (.p384, [0x30, 0x76, 0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22, 0x03, 0x62, 0x00]),
        (.p521, [0x30, 0x81, 0x9B, 0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23, 0x03, 0x81, 0x86, 0x00]),
    ]

    /// The curve and SEC1 point (`04 || x || y`) of `der`, when it is exactly one of these
    /// layouts; `nil` otherwise.
    static func uncompressedPoint(in der: [UInt8]) -> (curve: KeyCurve, point: Data)? {
        for (curve, prefix) in uncompressedPrefixes
        where der.count == prefix.count + 1 + 2 * curve.coordinateByteCount && der.starts(with: prefix) {
            return (curve, Data(der[prefix.count...]))
        }
        return nil
    }
}
