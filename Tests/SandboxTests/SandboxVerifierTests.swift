import Crypto
import CryptoKeys
import DCQL
import Foundation
import HTTP
import Hummingbird
import JOSE
import JSONModel
import OpenID4VP
import Sandbox
import SDJWT
import Testing
import VellumTestSupport
import X509
import X509Trust

@Suite("Sandbox verifier: OpenID4VP requests and response checks end to end")
struct SandboxVerifierTests {
    /// Lets the routes reach a verifier that can only be made once the port is known.
    final class Slot: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: SandboxVerifier?
        var verifier: SandboxVerifier? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// A self-signed issuer certificate naming `issuer.example`, its key, and an SD-JWT VC PID
    /// it issued to `holder`.
    struct Issuer {
        let key = P256.Signing.PrivateKey()
        let certificate: Certificate

        init() throws {
            certificate = try TestPKI.root(
                key: key, name: "Sandbox Test Issuer", keyUsage: KeyUsage(digitalSignature: true, keyCertSign: true),
                subjectAlternativeNames: [.dnsName("issuer.example")], notBefore: Date() - 3600, notAfter: Date() + 86_400)
        }

        func pid(holder: PublicKey) async throws -> SDJWTObject {
            var header = JOSEHeader(type: "dc+sd-jwt")
            header.certificateChain = [Data(certificate.derBytes)]
            return try await SDJWTBuilder(
                claims: ["iss": "https://issuer.example", "vct": "urn:eudi:pid:1", "given_name": "Erika", "family_name": "Mustermann"],
                disclosing: [try ClaimPath([.key("given_name")]), try ClaimPath([.key("family_name")])],
                header: header, holderKey: JWK(publicKey: holder)
            ).issue(signer: SoftwareSigner(privateKey: try PrivateKey(rawRepresentation: key.rawRepresentation, curve: .p256)))
        }
    }

    func withVerifier(_ body: (SandboxVerifier) async throws -> Void, issuer: Issuer) async throws {
        let slot = Slot()
        let router = Router()
        router.get("verifier/request/{id}") { _, context -> Response in
            guard let verifier = slot.verifier, let id = context.parameters.get("id") else { return Response(status: .notFound) }
            let token = try await verifier.requestObject(transactionID: id, walletNonce: nil)
            return Response(status: .ok, headers: [.contentType: "application/oauth-authz-req+jwt"],
                            body: .init(byteBuffer: ByteBuffer(string: token)))
        }
        router.post("verifier/request/{id}") { request, context -> Response in
            guard let verifier = slot.verifier, let id = context.parameters.get("id") else { return Response(status: .notFound) }
            let form = FormURLEncoding.decode(String(buffer: try await request.body.collect(upTo: 1 << 16)))
            let token = try await verifier.requestObject(transactionID: id, walletNonce: form.first { $0.0 == "wallet_nonce" }?.1)
            return Response(status: .ok, headers: [.contentType: "application/oauth-authz-req+jwt"],
                            body: .init(byteBuffer: ByteBuffer(string: token)))
        }
        router.post("verifier/response/{id}") { request, context -> Response in
            guard let verifier = slot.verifier, let id = context.parameters.get("id") else { return Response(status: .notFound) }
            let pairs = FormURLEncoding.decode(String(buffer: try await request.body.collect(upTo: 1 << 20)))
            let (status, body) = await verifier.receiveResponse(
                transactionID: id, form: Dictionary(pairs, uniquingKeysWith: { first, _ in first }))
            return Response(status: .init(code: status), headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: JSONValue.object(body).serializedString())))
        }
        try await LoopbackHTTPServer.run(router, label: "sandbox-verifier") { port in
            let verifier = SandboxVerifier(
                identity: try VerifierIdentity(dnsName: "localhost"), baseURL: try #require(URL(string: "http://localhost:\(port)")),
                issuerAnchors: TrustAnchorStore([issuer.certificate]))
            slot.verifier = verifier
            try await body(verifier)
        }
    }

    static let query: JSONValue = [
        "credentials": [["id": "pid", "format": "dc+sd-jwt", "meta": ["vct_values": ["urn:eudi:pid:1"]], "claims": [["path": ["given_name"]]]]],
    ]

    func present(
        link: String, verifier: SandboxVerifier, holderKey: PrivateKey, credential: SDJWTObject, disclosing paths: [ClaimPath]? = nil
    ) async throws -> SubmissionResult {
        var configuration = WalletConfiguration()
        configuration.verifierTrustAnchors = TrustAnchorStore([verifier.identity.root])
        let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
        let parsed = try await holder.parseAuthorizationRequest(requestURI: link, walletConfiguration: configuration)
        let resolved = try await holder.resolveAuthorizationRequest(parsed)
        #expect(resolved.verifierInfo.clientIDValid == (resolved.verifierInfo.prefix != .redirectURI))
        #expect(resolved.verifierInfo.displayName == "Vellum Sandbox Verifier")
        let processed = try SDJWTVerifier().verify(credential, issuerKey: JWSVerificationKey(
            try CertificateKey(SandboxVerifierTests.Issuer.leafOf(credential)).publicKey)).processed
        let presentation = try await PresentationFactory(request: resolved.request).sdJWTPresentation(
            of: processed, disclosing: paths ?? [try ClaimPath([.key("given_name")])], forQuery: "pid",
            holderKey: SoftwareSigner(privateKey: holderKey))
        let response = try holder.createAuthorizationResponse(request: resolved, selectedCredentials: [
            SelectedCredential(credentialQueryID: "pid", credentialID: "c1", presentation: presentation, format: "dc+sd-jwt"),
        ])
        return try await holder.submitAuthorizationResponse(resolvedRequest: resolved, response: response)
    }

    @Test(arguments: [ResponseMode.directPost, .directPostJWT], [nil, "post"])
    func aWalletPresentsAndTheVerifierAccepts(mode: ResponseMode, method: String?) async throws {
        try await presentAndAccept(mode: mode, method: method, authentication: .x509SANDNS)
    }

    @Test(arguments: [VerifierAuthentication.x509Hash, .decentralizedIdentifier, .redirectURI])
    func everyClientIdentifierPrefixOfTheVerifierWorks(authentication: VerifierAuthentication) async throws {
        try await presentAndAccept(mode: .directPostJWT, method: nil, authentication: authentication)
    }

    func presentAndAccept(mode: ResponseMode, method: String?, authentication: VerifierAuthentication) async throws {
        let issuer = try Issuer()
        let holderKey = PrivateKey(curve: .p256)
        let credential = try await issuer.pid(holder: holderKey.publicKey)
        try await withVerifier({ verifier in
            let (link, id) = try await verifier.createRequest(
                query: Self.query, responseMode: mode, requestURIMethod: method, authentication: authentication)
            let result = try await present(link: link, verifier: verifier, holderKey: holderKey, credential: credential)
            guard case let .success(redirect) = result else {
                Issue.record("expected success, got \(result)")
                return
            }
            #expect(redirect?.path.hasSuffix("/verifier/result/\(id)") == true)
            let outcome = try #require(await verifier.outcome(transactionID: id))
            #expect(outcome.status == .accepted)
            #expect(outcome.presentations.first?.claims["given_name"] == "Erika")
            #expect(outcome.presentations.first?.claims["family_name"] == nil)
        }, issuer: issuer)
    }

    @Test func aPresentationByAnotherHolderIsRejected() async throws {
        let issuer = try Issuer()
        let credential = try await issuer.pid(holder: PrivateKey(curve: .p256).publicKey)
        try await withVerifier({ verifier in
            let (link, id) = try await verifier.createRequest(query: Self.query)
            let result = try await present(link: link, verifier: verifier, holderKey: PrivateKey(curve: .p256), credential: credential)
            guard case let .error(error, _) = result else {
                Issue.record("expected the verifier to refuse, got \(result)")
                return
            }
            #expect(error == "invalid_request")
            guard case .rejected? = await verifier.outcome(transactionID: id)?.status else {
                Issue.record("the outcome is recorded as rejected")
                return
            }
        }, issuer: issuer)
    }

    @Test func aResponseThatDisclosesTooLittleIsRejected() async throws {
        let issuer = try Issuer()
        let holderKey = PrivateKey(curve: .p256)
        let credential = try await issuer.pid(holder: holderKey.publicKey)
        try await withVerifier({ verifier in
            let (link, _) = try await verifier.createRequest(query: Self.query)
            let result = try await present(
                link: link, verifier: verifier, holderKey: holderKey, credential: credential,
                disclosing: [try ClaimPath([.key("family_name")])])
            guard case .error = result else {
                Issue.record("expected the verifier to refuse, got \(result)")
                return
            }
        }, issuer: issuer)
    }
}

extension SandboxVerifierTests.Issuer {
    static func leafOf(_ credential: SDJWTObject) throws -> Certificate {
        guard let der = credential.jws.signatures.first?.header.certificateChain?.first else { throw CancellationError() }
        return try Certificate(derEncoded: Array(der))
    }
}
