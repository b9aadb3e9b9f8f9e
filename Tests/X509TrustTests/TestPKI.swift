import Crypto
import Foundation
import SwiftASN1
import X509

/// Builds real certificates (signed with fresh P-256 keys) for the tests.
struct TestPKI {
    /// 2026-01-01T00:00:00Z: the anchor of every validity period below.
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)
    static let day: TimeInterval = 86_400

    static func name(_ commonName: String, country: String? = "US") throws -> DistinguishedName {
        try DistinguishedName {
            if let country { CountryName(country) }
            CommonName(commonName)
        }
    }

    /// A self-signed IACA-shaped root.
    static func iaca(
        key: P256.Signing.PrivateKey,
        name commonName: String = "Test IACA",
        country: String? = "US",
        pathLength: Int? = 0,
        notBefore: Date = epoch,
        notAfter: Date = epoch + 3650 * day
    ) throws -> Certificate {
        let subject = try name(commonName, country: country)
        let publicKey = Certificate.PublicKey(key.publicKey)
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: publicKey,
            notValidBefore: notBefore, notValidAfter: notAfter,
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: pathLength))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: .init(key))
    }

    /// A certificate for `publicKey` issued by `issuer` (signed with `issuerKey`).
    static func issue(
        subject commonName: String,
        publicKey: P256.Signing.PublicKey,
        issuer: Certificate,
        issuerKey: P256.Signing.PrivateKey,
        notBefore: Date = epoch + day,
        notAfter: Date = epoch + 365 * day,
        @ExtensionsBuilder extensions: () throws -> Result<Certificate.Extensions, any Error>
    ) throws -> Certificate {
        try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(publicKey),
            notValidBefore: notBefore, notValidAfter: notAfter,
            issuer: issuer.subject, subject: try name(commonName),
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try extensions().get(),
            issuerPrivateKey: .init(issuerKey))
    }

    /// A Document Signer per ISO 18013-5 Annex B.
    static func documentSigner(
        publicKey: P256.Signing.PublicKey,
        issuer: Certificate,
        issuerKey: P256.Signing.PrivateKey,
        notBefore: Date = epoch + day,
        notAfter: Date = epoch + 365 * day,
        withEKU: Bool = true
    ) throws -> Certificate {
        let issuerKeyID = try issuer.extensions.subjectKeyIdentifier?.keyIdentifier
        return try issue(
            subject: "Test DS", publicKey: publicKey, issuer: issuer, issuerKey: issuerKey,
            notBefore: notBefore, notAfter: notAfter
        ) {
            Critical(KeyUsage(digitalSignature: true))
            if withEKU {
                Critical(try ExtendedKeyUsage([.init(oid: [1, 0, 18013, 5, 1, 2])]))
            }
            AuthorityKeyIdentifier(keyIdentifier: issuerKeyID)
        }
    }

    static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }
}
