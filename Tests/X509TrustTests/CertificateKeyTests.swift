import Crypto
import CryptoKeys
import Foundation
import SwiftASN1
import Testing
import VellumTestSupport
import X509
@testable import X509Trust

/// `CertificateKey` hands over the SubjectPublicKeyInfo exactly as the certificate carries it,
/// read from the received `tbsCertificate` bytes rather than re-encoded from the parsed key.
@Suite struct CertificateKeyTests {
    /// The SPKI the parsed key re-serializes to: what `CertificateKey` returned before it read
    /// the received bytes.
    func reserialized(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate.publicKey)
        return serializer.serializedBytes
    }

    func parsed(_ certificate: Certificate) throws -> Certificate {
        try Certificate(derEncoded: try TestPKI.der(certificate))
    }

    @Test(arguments: ["P-256", "P-384", "P-521", "Ed25519"])
    func receivedSPKIMatchesTheKeyOnEveryCurve(_ curve: String) throws {
        let issuerKey = P256.Signing.PrivateKey()
        let issuer = try TestPKI.iaca(key: issuerKey)
        let publicKey: Certificate.PublicKey
        switch curve {
        case "P-384": publicKey = Certificate.PublicKey(P384.Signing.PrivateKey().publicKey)
        case "P-521": publicKey = Certificate.PublicKey(P521.Signing.PrivateKey().publicKey)
        case "Ed25519": publicKey = Certificate.PublicKey(Curve25519.Signing.PrivateKey().publicKey)
        default: publicKey = Certificate.PublicKey(P256.Signing.PrivateKey().publicKey)
        }
        let leaf = try parsed(try TestPKI.certificate(
            subject: try TestPKI.name("Leaf \(curve)", country: "US"), publicKey: publicKey, issuer: issuer.subject,
            issuerKey: issuerKey, notBefore: TestPKI.epoch, notAfter: TestPKI.epoch + TestPKI.day,
            extensions: Certificate.Extensions()))
        let key = CertificateKey(leaf)
        #expect(key.subjectPublicKeyInfoDER == (try reserialized(leaf)))
        let found = try #require(TBSCertificateFields.subjectPublicKeyInfo(in: leaf.tbsCertificateBytes))
        #expect(Array(found) == key.subjectPublicKeyInfoDER)
        #expect(try key.publicKey.derRepresentation == Data(key.subjectPublicKeyInfoDER))
        // The NIST-curve shortcut reads the same key CryptoKeys' general SPKI reader does.
        let general = try CryptoKeys.PublicKey(derRepresentation: Data(key.subjectPublicKeyInfoDER))
        #expect(try key.publicKey.rawRepresentation == general.rawRepresentation)
        #expect(try key.publicKey.curve == general.curve)
        #expect((ECPublicKeyInfo.uncompressedPoint(in: key.subjectPublicKeyInfoDER) != nil) == (curve != "Ed25519"))
        // The key adopted from swift-certificates' parse is the key the bytes alone give, and
        // equality looks at the bytes only.
        let fromBytes = CertificateKey(subjectPublicKeyInfoDER: key.subjectPublicKeyInfoDER)
        #expect(fromBytes == key)
        #expect(try fromBytes.publicKey.rawRepresentation == key.publicKey.rawRepresentation)
    }

    /// A point that is not on the curve is refused on the shortcut too.
    @Test func offCurvePointIsRefused() throws {
        var der = Array(P256.Signing.PrivateKey().publicKey.derRepresentation)
        der[der.count - 1] ^= 0x01
        #expect(throws: X509TrustError.self) {
            _ = try CertificateKey(subjectPublicKeyInfoDER: der).publicKey
        }
    }

    /// A v1 certificate has no `[0] version` field; the walk starts at the serial number.
    @Test func versionOneCertificateIsWalkedToo() throws {
        let key = P256.Signing.PrivateKey()
        let name = try TestPKI.name("V1", country: "US")
        let v1 = try parsed(try TestPKI.certificate(
            version: .v1, subject: name, publicKey: .init(key.publicKey), issuer: name, issuerKey: key,
            notBefore: TestPKI.epoch, notAfter: TestPKI.epoch + TestPKI.day, extensions: Certificate.Extensions()))
        #expect(CertificateKey(v1).subjectPublicKeyInfoDER == Array(key.publicKey.derRepresentation))
    }

    /// Truncated or mistagged bytes yield no SPKI rather than a read past the end.
    @Test func malformedTBSYieldsNothing() throws {
        let tbs = try parsed(try TestPKI.iaca(key: P256.Signing.PrivateKey())).tbsCertificateBytes
        for length in [0, 1, 2, 10, tbs.count / 2, tbs.count - 1] {
            #expect(TBSCertificateFields.subjectPublicKeyInfo(in: tbs.prefix(length)) == nil)
        }
        var mistagged = Array(tbs)
        mistagged[0] = 0x31
        #expect(TBSCertificateFields.subjectPublicKeyInfo(in: mistagged[...]) == nil)
        #expect(TBSCertificateFields.subjectPublicKeyInfo(in: [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF][...]) == nil)
        #expect(TBSCertificateFields.subjectPublicKeyInfo(in: [0x30, 0x03, 0x1F, 0x01, 0x00][...]) == nil)
    }
}
