import CryptoKeys
import DID
import Foundation
import HTTP
import Hummingbird
import JOSE
import JSONModel
import NIOCore
import Testing
import VellumTestSupport
@testable import W3CCredentials

/// A VC-JWT whose issuer is a did:web: the `kid` (absolute, or a fragment of `iss`) is resolved
/// over loopback HTTP to the issuer's DID document, and a key the document does not list for
/// `assertionMethod` does not issue.
@Suite("JOSE-secured credentials: did:web issuer")
struct JOSECredentialDIDWebTests {
    /// Serves a did.json for `did:web:127.0.0.1%3A<port>` with `key` as `#key-1` (listed for
    /// `assertionMethod` when `assertion`) while `body` runs with the DID.
    static func withIssuer(key: PublicKey, assertion: Bool = true, _ body: @Sendable (String) async throws -> Void) async throws {
        let document = Locked("")
        let router = Router()
        router.get("/.well-known/did.json") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: document.value)))
        }
        try await LoopbackHTTPServer.run(router, label: "vc-jwt-did-web") { port in
            let did = "did:web:127.0.0.1%3A\(port)"
            let multikey = try DIDKey.make(for: key).methodSpecificID
            let relationships: JSONValue = assertion ? ["#key-1"] : []
            let json: JSONValue = [
                "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"], "id": .string(did),
                "verificationMethod": [["id": "#key-1", "type": "Multikey", "controller": .string(did), "publicKeyMultibase": .string(multikey)]],
                "assertionMethod": relationships, "authentication": ["#key-1"],
            ]
            document.value = json.serializedString(.compact)
            try await body(did)
        }
    }

    static let verifier = JOSECredentialVerifier(resolver: DIDResolverRegistry([
        "web": DIDWebResolver(httpClient: URLSessionHTTPClient(), allowsLoopbackHTTP: true),
    ]))

    static func credential(issuer: String) -> JSONValue {
        [
            "@context": ["https://www.w3.org/2018/credentials/v1"], "type": ["VerifiableCredential"], "issuer": .string(issuer),
            "issuanceDate": "2025-01-01T00:00:00Z", "credentialSubject": ["id": "did:example:subject"],
        ]
    }

    @Test("the kid, absolute or a fragment of iss, is resolved through did:web")
    func resolves() async throws {
        let key = PrivateKey(curve: .p256)
        let signer = try SoftwareSigner(privateKey: key)
        try await Self.withIssuer(key: key.publicKey) { did in
            for kid in [did + "#key-1", "#key-1"] {
                let token = try await JOSECredentialSigner.sign(Self.credential(issuer: did), form: .vcJWT, keyID: kid, signer: signer)
                let verified = try await Self.verifier.verifyCredential(token, policy: JOSECredentialPolicy(now: JOSECredentialTests.now))
                #expect(verified.evidence.verificationMethod.id.description == did + "#key-1")
            }
        }
    }

    @Test("a key the issuer lists only for authentication does not issue")
    func notAnAssertionKey() async throws {
        let key = PrivateKey(curve: .p256)
        let signer = try SoftwareSigner(privateKey: key)
        try await Self.withIssuer(key: key.publicKey, assertion: false) { did in
            let token = try await JOSECredentialSigner.sign(Self.credential(issuer: did), form: .vcJWT, keyID: did + "#key-1", signer: signer)
            await expectError(JOSECredentialError.self, matching: {
                if case .keyResolution = $0 { return true } else { return false }
            }) { _ = try await Self.verifier.verifyCredential(token, policy: JOSECredentialPolicy(now: JOSECredentialTests.now)) }
        }
    }
}
