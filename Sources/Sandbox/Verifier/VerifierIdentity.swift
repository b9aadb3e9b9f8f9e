import Crypto
import CryptoKeys
import DID
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
    /// The key behind the verifier's `did:key`, for `decentralized_identifier:` requests.
    let didKey: PrivateKey
    /// The verifier's DID.
    public let did: String

    /// A fresh root and leaf for `dnsName`, valid from an hour ago for a year.
    public init(dnsName: String = "localhost", now: Date = Date()) throws {
        try self.init(dnsName: dnsName, keys: try Keys.generate(now: now), now: now)
    }

    /// The identity made from kept `keys`: their root, and a leaf for `dnsName` under it,
    /// valid from an hour ago until the root expires (at most a year). A wallet that trusted
    /// the root at an earlier start keeps trusting the verifier.
    public init(dnsName: String, keys: Keys, now: Date = Date()) throws {
        self.dnsName = dnsName
        root = keys.root
        let rootKey = try P256.Signing.PrivateKey(rawRepresentation: keys.rootKey.rawRepresentation)
        let leafKey = try P256.Signing.PrivateKey(rawRepresentation: keys.leafKey.rawRepresentation)
        signingKey = keys.leafKey
        let rootKeyID = try root.extensions.subjectKeyIdentifier?.keyIdentifier
        leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
            notValidBefore: now - 3600, notValidAfter: min(now + 365 * 86_400, root.notValidAfter),
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
        didKey = keys.didKey
        did = try DIDKey.make(for: didKey.publicKey).description
    }

    /// What a verifier identity is made from and a sandbox keeps between starts: the root and
    /// its key, the leaf's key (the leaf itself is remade for the host of each start) and the
    /// key behind the `did:key`. All P-256.
    public struct Keys: Sendable {
        /// The root a wallet trusts with `vellum trust add --purpose verifier`.
        public let root: Certificate
        /// The root's private key.
        public let rootKey: PrivateKey
        /// The key the leaf certifies; it signs request objects.
        public let leafKey: PrivateKey
        /// The key behind the verifier's `did:key`.
        public let didKey: PrivateKey

        /// Kept keys; `root` must be the certificate of `rootKey`.
        public init(root: Certificate, rootKey: PrivateKey, leafKey: PrivateKey, didKey: PrivateKey) {
            self.root = root
            self.rootKey = rootKey
            self.leafKey = leafKey
            self.didKey = didKey
        }

        /// Fresh keys and a root valid from a day before `now` for ten years, made as the
        /// issuer's root is.
        public static func generate(now: Date = Date()) throws -> Keys {
            let (rootKey, root) = try SandboxAuthority.makeRoot(now: now, name: "Vellum Sandbox Verifier Root")
            return Keys(root: root, rootKey: rootKey, leafKey: PrivateKey(curve: .p256), didKey: PrivateKey(curve: .p256))
        }
    }

    /// The client identifier requests are sent under.
    public var clientID: String { clientID(for: .x509SANDNS) }

    /// The client identifier for a way of authenticating; for `redirect_uri:` it is the
    /// response URI, which only the transaction knows, so that case needs `responseURI`.
    public func clientID(for authentication: VerifierAuthentication, responseURI: URL? = nil) -> String {
        switch authentication {
        case .x509SANDNS: "x509_san_dns:\(dnsName)"
        case .x509Hash: "x509_hash:\(X509HashMatch.hash(of: leaf))"
        case .decentralizedIdentifier: "decentralized_identifier:\(did)"
        case .redirectURI: "redirect_uri:\(responseURI?.absoluteString ?? "")"
        }
    }

    /// The root in PEM, for a wallet to trust.
    public var rootPEM: String {
        get throws { try root.serializeAsPEM().pemString }
    }

    /// A request object with `typ: oauth-authz-req+jwt`: for the `x509_*` prefixes signed with
    /// the leaf key and the leaf in `x5c`, for `decentralized_identifier:` with the DID's key
    /// and its DID URL as `kid`.
    func signRequestObject(_ claims: JSONObject, authentication: VerifierAuthentication) async throws -> String {
        var header = JOSEHeader(type: "oauth-authz-req+jwt")
        let signer: SoftwareSigner
        switch authentication {
        case .x509SANDNS, .x509Hash:
            header.certificateChain = [Data(leaf.derBytes)]
            signer = try SoftwareSigner(privateKey: signingKey)
        case .decentralizedIdentifier:
            let methodSpecificID = did.split(separator: ":").last.map(String.init) ?? ""
            signer = try SoftwareSigner(privateKey: didKey, keyID: "\(did)#\(methodSpecificID)")
        case .redirectURI:
            throw SandboxVerifierError.unsignedPrefix
        }
        return try await JWS.signCompact(payload: JSONValue.object(claims).serialized(), header: header, signer: signer)
    }
}

/// How the sandbox verifier authenticates its requests: the client identifier prefix it uses.
public enum VerifierAuthentication: String, Sendable, Hashable, CaseIterable {
    /// `x509_san_dns:` — signed, certificate naming the host.
    case x509SANDNS = "x509_san_dns"
    /// `x509_hash:` — signed, identified by the certificate's hash.
    case x509Hash = "x509_hash"
    /// `decentralized_identifier:` — signed with the key of a `did:key`.
    case decentralizedIdentifier = "decentralized_identifier"
    /// `redirect_uri:` — unsigned, sent by value in the link.
    case redirectURI = "redirect_uri"
}
