import Crypto
import CryptoKeys
import DID
import Foundation
import JOSE
import JSONModel
import OpenID4VP
import Testing
import VellumTestSupport
import X509
import X509Trust

/// A verifier with a certificate for `verifier.example` under a test root, and helpers to sign
/// request objects the way OpenID4VP verifiers do.
struct TestVerifier {
    static let epoch = TestPKI.epoch
    static let now = epoch + 30 * 86_400

    let rootKey = P256.Signing.PrivateKey()
    let leafKey: PrivateKey
    let root: Certificate
    let leaf: Certificate
    let dnsName: String

    init(dnsName: String = "verifier.example", rootName: String = "Test Verifier Root") throws {
        self.dnsName = dnsName
        root = try TestPKI.root(key: rootKey, name: rootName, notBefore: Self.epoch, notAfter: Self.epoch + 3650 * 86_400)
        let p256 = P256.Signing.PrivateKey()
        leafKey = try PrivateKey(rawRepresentation: p256.rawRepresentation, curve: .p256)
        leaf = try TestPKI.leaf(
            subject: "Example Verifier", publicKey: p256.publicKey, issuer: root, issuerKey: rootKey,
            notBefore: Self.epoch, notAfter: Self.epoch + 365 * 86_400, subjectAlternativeNames: [.dnsName(dnsName)])
    }

    static func der(_ certificate: Certificate) throws -> Data { try TestPKI.derData(certificate) }

    var chain: [Data] { get throws { [try Self.der(leaf)] } }

    var anchors: TrustAnchorStore {
        get throws {
            var store = TrustAnchorStore()
            _ = try store.add(der: Self.der(root))
            return store
        }
    }

    var x509Hash: String { get throws { X509HashMatch.hash(ofDER: try Self.der(leaf)) } }

    /// A signed request object with the `x5c` header of this verifier.
    func sign(_ claims: JSONObject, type: String = "oauth-authz-req+jwt", key: PrivateKey? = nil) async throws -> String {
        var header = JOSEHeader()
        header.members["typ"] = .string(type)
        header.certificateChain = try chain
        return try await JWS.signCompact(
            payload: JSONValue.object(claims).serialized(), header: header,
            signer: SoftwareSigner(privateKey: key ?? leafKey))
    }

    /// The request parameters a `direct_post` verifier sends.
    static func parameters(
        clientID: String, responseURI: String = "https://verifier.example/post", extra: JSONObject = [:]
    ) -> JSONObject {
        var object: JSONObject = [
            "client_id": .string(clientID), "response_type": "vp_token", "response_mode": "direct_post",
            "response_uri": .string(responseURI), "nonce": "n-0S6_WzA2Mj", "state": "eyJhb-6-sVA",
            "dcql_query": [
                "credentials": [[
                    "id": "pid", "format": "dc+sd-jwt",
                    "meta": ["vct_values": ["urn:eudi:pid:1"]],
                    "claims": [["path": ["given_name"]]],
                ]],
            ],
        ]
        for (name, value) in extra { object[name] = value }
        return object
    }
}

extension WalletConfiguration {
    static func testing() -> WalletConfiguration {
        WalletConfiguration(clock: { TestVerifier.now })
    }

    static func testing(_ configure: (inout WalletConfiguration) throws -> Void) rethrows -> WalletConfiguration {
        var configuration = WalletConfiguration(clock: { TestVerifier.now })
        try configure(&configuration)
        return configuration
    }
}

/// Query-encodes a request as a verifier would put it in a link.
func requestLink(_ parameters: [(String, String)], scheme: String = "openid4vp://") -> String {
    scheme + "?" + parameters.map { name, value in
        name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)
    }.joined(separator: "&")
}

extension TestVerifier {
    /// A verifier known by a `did:key`: its key, its DID, and the `kid` that names the key in
    /// the DID's document.
    static func didKey() async throws -> (key: PrivateKey, did: DIDIdentifier, kid: String) {
        let key = PrivateKey(curve: .p256)
        let did = try DIDKey.make(for: key.publicKey)
        let document = try await DIDResolverRegistry.offline().resolve(did).document
        return (key, did, try #require(document.verificationMethod.first?.id.description))
    }
}
