import Crypto
import CryptoKeys
import Foundation
import JOSE
import JSONModel
import SwiftASN1
import X509
import X509Trust

/// The sandbox verifier's identity: a root it made for itself and a leaf certificate naming
/// its host, so wallets can authenticate it with the `x509_san_dns:` prefix once they trust
/// the root (`vellum trust add --purpose verifier`).
public struct VerifierIdentity: Sendable {
    /// The DNS name in the leaf's SAN and after `x509_san_dns:`.
    public let dnsName: String
    /// The root a wallet must trust.
    public let root: Certificate
    /// The leaf whose key signs request objects.
    public let leaf: Certificate
    let signingKey: PrivateKey

    /// A fresh root and leaf for `dnsName`, valid from an hour ago for a year.
    public init(dnsName: String = "localhost", now: Date = Date()) throws {
        self.dnsName = dnsName
        let rootKey = P256.Signing.PrivateKey()
        let rootSubject = try DistinguishedName {
            CountryName("UT")
            OrganizationName("Vellum Sandbox")
            CommonName("Vellum Sandbox Verifier Root")
        }
        let rootPublicKey = Certificate.PublicKey(rootKey.publicKey)
        root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: rootPublicKey,
            notValidBefore: now - 3600, notValidAfter: now + 365 * 86_400,
            issuer: rootSubject, subject: rootSubject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: rootPublicKey)
            },
            issuerPrivateKey: .init(rootKey))
        let leafKey = P256.Signing.PrivateKey()
        signingKey = try PrivateKey(rawRepresentation: leafKey.rawRepresentation, curve: .p256)
        let rootKeyID = try root.extensions.subjectKeyIdentifier?.keyIdentifier
        leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 365 * 86_400,
            issuer: root.subject,
            subject: try DistinguishedName {
                CountryName("UT")
                OrganizationName("Vellum Sandbox")
                CommonName("Vellum Sandbox Verifier")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(KeyUsage(digitalSignature: true))
                SubjectAlternativeNames([.dnsName(dnsName)])
                AuthorityKeyIdentifier(keyIdentifier: rootKeyID)
            },
            issuerPrivateKey: .init(rootKey))
    }

    /// The client identifier requests are sent under.
    public var clientID: String { "x509_san_dns:\(dnsName)" }

    /// The root in PEM, for a wallet to trust.
    public var rootPEM: String {
        get throws { try root.serializeAsPEM().pemString }
    }

    /// A request object: `claims` signed with the leaf key, `typ: oauth-authz-req+jwt` and the
    /// leaf in `x5c`.
    func signRequestObject(_ claims: JSONObject) async throws -> String {
        var header = JOSEHeader(type: "oauth-authz-req+jwt")
        header.certificateChain = [Data(leaf.derBytes)]
        return try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: header, signer: SoftwareSigner(privateKey: signingKey))
    }
}
