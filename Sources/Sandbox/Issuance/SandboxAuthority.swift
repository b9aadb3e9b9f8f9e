import Crypto
import CryptoKeys
import Foundation
import SwiftASN1
import X509
import X509Trust

/// The sandbox's keys and certificates: one IACA-shaped root (ISO 18013-5 Annex B) that a
/// wallet trusts, a Document Signer under it for the mDL, an SD-JWT VC issuer certificate and a
/// status list signer under the same root.
///
/// The root is made once per ``SandboxIssuer`` (so a wallet that trusted it keeps trusting it
/// across restarts of the same object); the leaves are made when the server knows its URL,
/// so the issuer certificate can name it.
struct SandboxAuthority: Sendable {
    let rootKey: PrivateKey
    let root: Certificate
    let documentSignerKey: PrivateKey
    let documentSigner: Certificate
    let issuerKey: PrivateKey
    let issuerCertificate: Certificate
    let statusListKey: PrivateKey
    let statusListCertificate: Certificate
    /// Leaves under a root the sandbox never publishes, for ``SandboxFault/signsWithUntrustedRoot``.
    let rogueDocumentSigner: Certificate
    let rogueIssuerCertificate: Certificate

    static let day: TimeInterval = 86_400

    /// Makes a fresh root valid from a day before `now` for ten years.
    static func makeRoot(now: Date, validity: TimeInterval = 3_650 * day, name: String = "Vellum Sandbox IACA") throws(SandboxError) -> (PrivateKey, Certificate) {
        let key = PrivateKey(curve: .p256)
        do {
            let signingKey = try p256(key)
            let subject = try DistinguishedName {
                CountryName("UT")
                OrganizationName("Vellum Sandbox")
                CommonName(name)
            }
            let publicKey = Certificate.PublicKey(signingKey.publicKey)
            let certificate = try Certificate(
                version: .v3, serialNumber: .init(), publicKey: publicKey,
                notValidBefore: now - day, notValidAfter: now + max(validity, 60),
                issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                    SubjectKeyIdentifier(hash: publicKey)
                },
                issuerPrivateKey: .init(signingKey))
            return (key, certificate)
        } catch {
            throw .cryptography("making the IACA: \(error)")
        }
    }

    /// Makes the leaves under `root` for an issuer at `issuerURL`.
    init(rootKey: PrivateKey, root: Certificate, issuerURL: URL, now: Date) throws(SandboxError) {
        self.rootKey = rootKey
        self.root = root
        let documentSignerKey = PrivateKey(curve: .p256), issuerKey = PrivateKey(curve: .p256)
        self.documentSignerKey = documentSignerKey
        self.issuerKey = issuerKey
        statusListKey = PrivateKey(curve: .p256)
        let notBefore = now - Self.day, notAfter = min(now + 3 * 365 * Self.day, root.notValidAfter)
        // Every leaf is valid for the same period; a Document Signer carries the mDL usage, an
        // issuer or status list certificate names the issuer's URL.
        func documentSignerLeaf(_ name: String, root: Certificate, rootKey: PrivateKey) throws -> Certificate {
            try Self.leaf(
                key: documentSignerKey, name: name, root: root, rootKey: rootKey, notBefore: notBefore, notAfter: notAfter,
                usage: DocumentSignerProfilePolicy.mdlDocumentSignerUsage, uri: nil)
        }
        func issuerLeaf(_ key: PrivateKey, _ name: String, root: Certificate, rootKey: PrivateKey) throws -> Certificate {
            try Self.leaf(
                key: key, name: name, root: root, rootKey: rootKey, notBefore: notBefore, notAfter: notAfter, usage: nil,
                uri: issuerURL.absoluteString)
        }
        do {
            documentSigner = try documentSignerLeaf("Vellum Sandbox Document Signer", root: root, rootKey: rootKey)
            issuerCertificate = try issuerLeaf(issuerKey, "Vellum Sandbox PID Issuer", root: root, rootKey: rootKey)
            statusListCertificate = try issuerLeaf(statusListKey, "Vellum Sandbox Status List", root: root, rootKey: rootKey)
            let (rogueKey, rogueRoot) = try Self.makeRoot(now: now, name: "Unpublished Rogue IACA")
            rogueDocumentSigner = try documentSignerLeaf("Rogue Document Signer", root: rogueRoot, rootKey: rogueKey)
            rogueIssuerCertificate = try issuerLeaf(issuerKey, "Rogue PID Issuer", root: rogueRoot, rootKey: rogueKey)
        } catch {
            throw .cryptography("making the sandbox certificates: \(error)")
        }
    }

    static func leaf(
        key: PrivateKey, name: String, root: Certificate, rootKey: PrivateKey, notBefore: Date, notAfter: Date,
        usage: ASN1ObjectIdentifier?, uri: String?
    ) throws -> Certificate {
        let rootKeyID = try root.extensions.subjectKeyIdentifier?.keyIdentifier
        let publicKey = Certificate.PublicKey(try p256(key).publicKey)
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: publicKey,
            notValidBefore: notBefore, notValidAfter: notAfter,
            issuer: root.subject,
            subject: try DistinguishedName {
                CountryName("UT")
                OrganizationName("Vellum Sandbox")
                CommonName(name)
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(KeyUsage(digitalSignature: true))
                if let usage { Critical(try ExtendedKeyUsage([.init(oid: usage)])) }
                AuthorityKeyIdentifier(keyIdentifier: rootKeyID)
                SubjectKeyIdentifier(hash: publicKey)
                if let uri { SubjectAlternativeNames([.uniformResourceIdentifier(uri)]) }
            },
            issuerPrivateKey: .init(try p256(rootKey)))
    }

    static func p256(_ key: PrivateKey) throws -> P256.Signing.PrivateKey {
        try P256.Signing.PrivateKey(rawRepresentation: key.rawRepresentation)
    }

    /// A signer for one of the keys here (all P-256, ES256).
    static func signer(_ key: PrivateKey) throws(SandboxError) -> SoftwareSigner {
        do {
            return try SoftwareSigner(privateKey: key)
        } catch {
            throw .cryptography("\(error)")
        }
    }

    static func der(_ certificate: Certificate) -> Data { Data(certificate.derBytes) }

    static func pem(_ certificate: Certificate) -> String {
        (try? certificate.serializeAsPEM().pemString) ?? ""
    }
}

/// The certificates a wallet needs to trust the sandbox, as PEM and DER.
public struct SandboxCertificates: Sendable, Hashable {
    /// The IACA-shaped root: trust it for the mDL (IACA) and for the PID's `x5c` chain.
    public let rootPEM: String
    /// The root, DER encoded.
    public let rootDER: Data
    /// The mDL Document Signer certificate, DER (sent in the MSO's `x5chain`).
    public let documentSignerDER: Data?
    /// The SD-JWT VC issuer certificate, DER (sent in `x5c`).
    public let issuerDER: Data?
    /// The status list signer certificate, DER (sent in the status list token's `x5c`).
    public let statusListDER: Data?
}
