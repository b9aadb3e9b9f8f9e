import Crypto
import Foundation
import SwiftASN1
import X509

/// Real certificates for every test that needs them: roots and IACAs, intermediates,
/// Document Signers, leaves with SANs, and the broken ones a test proves are refused (expired,
/// not yet valid, wrong key usage, signed by an impostor), all signed with real P-256 keys.
///
/// One builder instead of a copy per test file, so that what a "valid test chain" is (a CA with
/// `BasicConstraints` and a subject key identifier, a leaf with `digitalSignature` and the
/// authority key identifier) is decided once, and a test says only how its certificate
/// differs from that.
public enum TestPKI {
    /// 2026-01-01T00:00:00Z: the default anchor of every validity period below.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)
    /// One day, in seconds.
    public static let day: TimeInterval = 86_400
    /// The extended key usage of an mdoc Document Signer (ISO/IEC 18013-5 Annex B).
    public static let mdlDocumentSignerUsage = ExtendedKeyUsage.Usage(oid: [1, 0, 18013, 5, 1, 2])

    /// A name made of an optional country and a common name.
    public static func name(_ commonName: String, country: String? = nil) throws -> DistinguishedName {
        try DistinguishedName {
            if let country { CountryName(country) }
            CommonName(commonName)
        }
    }

    /// The one place a certificate is signed: every other builder here ends in it.
    public static func certificate(
        version: Certificate.Version = .v3,
        subject: DistinguishedName,
        publicKey: Certificate.PublicKey,
        issuer: DistinguishedName,
        issuerKey: P256.Signing.PrivateKey,
        notBefore: Date,
        notAfter: Date,
        extensions: Certificate.Extensions
    ) throws -> Certificate {
        try Certificate(
            version: version, serialNumber: .init(), publicKey: publicKey,
            notValidBefore: notBefore, notValidAfter: notAfter,
            issuer: issuer, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: .init(issuerKey))
    }

    /// A self-signed CA: `BasicConstraints` (CA, `pathLength`), key usage and a subject key
    /// identifier, and the SANs given (a self-signed issuer that names its host).
    public static func root(
        key: P256.Signing.PrivateKey,
        name commonName: String = "Test Root",
        country: String? = nil,
        pathLength: Int? = 0,
        keyUsage: KeyUsage = KeyUsage(keyCertSign: true, cRLSign: true),
        subjectAlternativeNames: [GeneralName] = [],
        notBefore: Date = epoch,
        notAfter: Date = epoch + 3650 * day
    ) throws -> Certificate {
        let subject = try name(commonName, country: country)
        let publicKey = Certificate.PublicKey(key.publicKey)
        return try certificate(
            subject: subject, publicKey: publicKey, issuer: subject, issuerKey: key,
            notBefore: notBefore, notAfter: notAfter,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: pathLength))
                Critical(keyUsage)
                SubjectKeyIdentifier(hash: publicKey)
                if !subjectAlternativeNames.isEmpty { SubjectAlternativeNames(subjectAlternativeNames) }
            })
    }

    /// A self-signed IACA shaped as ISO/IEC 18013-5 Annex B has it (a country, path length 0).
    public static func iaca(
        key: P256.Signing.PrivateKey,
        name commonName: String = "Test IACA",
        country: String? = "US",
        pathLength: Int? = 0,
        notBefore: Date = epoch,
        notAfter: Date = epoch + 3650 * day
    ) throws -> Certificate {
        try root(
            key: key, name: commonName, country: country, pathLength: pathLength,
            notBefore: notBefore, notAfter: notAfter)
    }

    /// A certificate for `publicKey` issued by `issuer` (signed with `issuerKey`) with exactly
    /// the extensions given: for an intermediate CA or a deliberately odd certificate.
    ///
    /// The subject's country is the issuer's (none when the issuer has none) unless given.
    public static func issue(
        subject commonName: String,
        country: String? = nil,
        publicKey: P256.Signing.PublicKey,
        issuer: Certificate,
        issuerKey: P256.Signing.PrivateKey,
        notBefore: Date = epoch + day,
        notAfter: Date = epoch + 365 * day,
        @ExtensionsBuilder extensions: () throws -> Result<Certificate.Extensions, any Error>
    ) throws -> Certificate {
        try certificate(
            subject: subjectName(commonName, country: country, under: issuer), publicKey: .init(publicKey),
            issuer: issuer.subject, issuerKey: issuerKey, notBefore: notBefore, notAfter: notAfter,
            extensions: try extensions().get())
    }

    /// An end-entity certificate: critical key usage (`digitalSignature` unless given), the
    /// extended key usages and SANs given, and the issuer's key identifier when it has one.
    ///
    /// The subject's country is the issuer's (none when the issuer has none) unless given.
    public static func leaf(
        subject commonName: String = "Test Leaf",
        country: String? = nil,
        publicKey: P256.Signing.PublicKey,
        issuer: Certificate,
        issuerKey: P256.Signing.PrivateKey,
        notBefore: Date = epoch + day,
        notAfter: Date = epoch + 365 * day,
        keyUsage: KeyUsage = KeyUsage(digitalSignature: true),
        extendedKeyUsage: [ExtendedKeyUsage.Usage] = [],
        subjectAlternativeNames: [GeneralName] = []
    ) throws -> Certificate {
        let issuerKeyID = try issuer.extensions.subjectKeyIdentifier?.keyIdentifier
        return try issue(
            subject: commonName, country: country, publicKey: publicKey, issuer: issuer, issuerKey: issuerKey,
            notBefore: notBefore, notAfter: notAfter
        ) {
            Critical(keyUsage)
            if !extendedKeyUsage.isEmpty { Critical(try ExtendedKeyUsage(extendedKeyUsage)) }
            if let issuerKeyID { AuthorityKeyIdentifier(keyIdentifier: issuerKeyID) }
            if !subjectAlternativeNames.isEmpty { SubjectAlternativeNames(subjectAlternativeNames) }
        }
    }

    /// A Document Signer per ISO/IEC 18013-5 Annex B: a leaf with the mdoc DS extended key
    /// usage (left out with `withEKU: false`, to prove a verifier asks for it).
    public static func documentSigner(
        subject commonName: String = "Test DS",
        publicKey: P256.Signing.PublicKey,
        issuer: Certificate,
        issuerKey: P256.Signing.PrivateKey,
        notBefore: Date = epoch + day,
        notAfter: Date = epoch + 365 * day,
        withEKU: Bool = true
    ) throws -> Certificate {
        try leaf(
            subject: commonName, publicKey: publicKey, issuer: issuer, issuerKey: issuerKey,
            notBefore: notBefore, notAfter: notAfter, extendedKeyUsage: withEKU ? [mdlDocumentSignerUsage] : [])
    }

    /// The DER encoding, as the `x5c`/`x5chain` members and trust stores take it.
    public static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// ``der(_:)`` as `Data`.
    public static func derData(_ certificate: Certificate) throws -> Data {
        Data(try der(certificate))
    }

    /// `commonName`, under `country` or else the issuer's country.
    private static func subjectName(
        _ commonName: String, country: String?, under issuer: Certificate
    ) throws -> DistinguishedName {
        if let country { return try name(commonName, country: country) }
        var parts = issuer.subject.filter { part in
            part.contains { $0.type == .RDNAttributeType.countryName }
        }
        parts.append(contentsOf: try name(commonName))
        return DistinguishedName(parts)
    }
}
