import CryptoKeys
import Foundation
import HTTP
import Hummingbird
import JOSE
import JSONModel
import OpenID4VP
import Testing
import VellumTestSupport

@Suite("Request objects by reference (§5.10, RFC 9101)")
struct RequestURITests {
    /// Serves `body` as the request object at `/request`, recording what the wallet sent.
    final class RequestLog: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(method: String, body: String)] = []
        func append(_ method: String, _ body: String) { lock.withLock { entries.append((method, body)) } }
        var all: [(method: String, body: String)] { lock.withLock { entries } }
    }

    func serving(
        contentType: String = "application/oauth-authz-req+jwt",
        makeBody: @escaping @Sendable (_ walletNonce: String?) async throws -> String,
        _ body: (URL, RequestLog) async throws -> Void
    ) async throws {
        let log = RequestLog()
        let router = Router()
        router.get("request") { _, _ -> Response in
            log.append("GET", "")
            return Response(status: .ok, headers: [.contentType: contentType],
                            body: .init(byteBuffer: ByteBuffer(string: try await makeBody(nil))))
        }
        router.post("request") { request, _ -> Response in
            let form = String(buffer: try await request.body.collect(upTo: 64 * 1024))
            log.append("POST", form)
            let nonce = FormURLEncoding.decode(form).first { $0.0 == "wallet_nonce" }?.1
            return Response(status: .ok, headers: [.contentType: contentType],
                            body: .init(byteBuffer: ByteBuffer(string: try await makeBody(nonce))))
        }
        try await LoopbackHTTPServer.run(router, label: "oid4vp-request-uri") { port in
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)/request")), log)
        }
    }

    @Test func aRequestObjectIsFetchedWithGET() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"))
        try await serving(makeBody: { _ in token }) { url, log in
            let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
            let parsed = try await holder.parseAuthorizationRequest(
                requestURI: requestLink([("client_id", "x509_san_dns:verifier.example"), ("request_uri", url.absoluteString)]),
                walletConfiguration: try .testing { $0.verifierTrustAnchors = try verifier.anchors })
            #expect(parsed.requestObject != nil)
            let resolved = try await holder.resolveAuthorizationRequest(parsed)
            #expect(resolved.verifierInfo.clientIDValid)
            #expect(resolved.dcqlQuery.credentials.map(\.id) == ["pid"])
            #expect(log.all.map(\.method) == ["GET"])
        }
    }

    @Test func requestURIMethodPostSendsWalletMetadataAndAFreshNonce() async throws {
        let verifier = try TestVerifier()
        try await serving(makeBody: { nonce in
            var claims = TestVerifier.parameters(clientID: "x509_san_dns:verifier.example")
            claims["wallet_nonce"] = nonce.map(JSONValue.string)
            return try await verifier.sign(claims)
        }) { url, log in
            let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
            let parsed = try await holder.parseAuthorizationRequest(
                requestURI: requestLink([
                    ("client_id", "x509_san_dns:verifier.example"), ("request_uri", url.absoluteString),
                    ("request_uri_method", "post"),
                ]),
                walletConfiguration: try .testing { $0.verifierTrustAnchors = try verifier.anchors })
            let form = Dictionary(uniqueKeysWithValues: FormURLEncoding.decode(try #require(log.all.first?.body)))
            #expect(log.all.map(\.method) == ["POST"])
            #expect(try #require(form["wallet_nonce"]).count >= 22)
            #expect(parsed.request.walletNonce == form["wallet_nonce"])
            let metadata = try JSONValue(parsing: try #require(form["wallet_metadata"]))
            #expect(metadata["vp_formats_supported"]?["dc+sd-jwt"] != nil)
        }
    }

    @Test func aRequestObjectThatDoesNotEchoTheWalletNonceIsRefused() async throws {
        let verifier = try TestVerifier()
        try await serving(makeBody: { _ in
            var claims = TestVerifier.parameters(clientID: "x509_san_dns:verifier.example")
            claims["wallet_nonce"] = "replayed-nonce"
            return try await verifier.sign(claims)
        }) { url, _ in
            await #expect(throws: OpenID4VPError.invalidRequestObject("the request object does not echo the wallet_nonce the wallet sent")) {
                _ = try await OpenID4VPHolder(httpClient: URLSessionHTTPClient()).parseAuthorizationRequest(
                    requestURI: requestLink([
                        ("client_id", "x509_san_dns:verifier.example"), ("request_uri", url.absoluteString),
                        ("request_uri_method", "post"),
                    ]),
                    walletConfiguration: .testing())
            }
        }
    }

    @Test func theRequestURIResponseMustBeARequestObject() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"))
        try await serving(contentType: "text/html", makeBody: { _ in token }) { url, _ in
            await #expect(throws: OpenID4VPError.self) {
                _ = try await OpenID4VPHolder(httpClient: URLSessionHTTPClient()).parseAuthorizationRequest(
                    requestURI: requestLink([("client_id", "x509_san_dns:verifier.example"), ("request_uri", url.absoluteString)]),
                    walletConfiguration: .testing())
            }
        }
        try await serving(makeBody: { _ in "not-a-jws" }) { url, _ in
            await #expect(throws: OpenID4VPError.self) {
                _ = try await OpenID4VPHolder(httpClient: URLSessionHTTPClient()).parseAuthorizationRequest(
                    requestURI: requestLink([("client_id", "x509_san_dns:verifier.example"), ("request_uri", url.absoluteString)]),
                    walletConfiguration: .testing())
            }
        }
    }

    @Test func theLinksClientIDMustMatchTheRequestObjects() async throws {
        let verifier = try TestVerifier()
        let token = try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"))
        await #expect(throws: OpenID4VPError.invalidRequestObject("the request object's client_id differs from the link's")) {
            _ = try await OpenID4VPHolder(httpClient: NoNetwork()).parseAuthorizationRequest(
                requestURI: requestLink([("client_id", "x509_san_dns:bank.example"), ("request", token)]),
                walletConfiguration: .testing())
        }
        await #expect(throws: OpenID4VPError.invalidRequest(parameter: "client_id", reason: "is required beside request or request_uri")) {
            _ = try await OpenID4VPHolder(httpClient: NoNetwork()).parseAuthorizationRequest(
                requestURI: requestLink([("request", token)]), walletConfiguration: .testing())
        }
    }

    @Test func expiredOrMisaddressedRequestObjectsAreRefused() async throws {
        let verifier = try TestVerifier()
        let expired = try await verifier.sign(TestVerifier.parameters(
            clientID: "x509_san_dns:verifier.example",
            extra: ["exp": .number(JSONNumber(Int(TestVerifier.now.timeIntervalSince1970) - 3600))]))
        await #expect(throws: OpenID4VPError.invalidRequestObject("the request object has expired")) {
            _ = try await OpenID4VPHolder(httpClient: NoNetwork()).parseAuthorizationRequest(
                requestURI: "openid4vp://?client_id=x509_san_dns:verifier.example&request=\(expired)", walletConfiguration: .testing())
        }
        let misaddressed = try await verifier.sign(TestVerifier.parameters(
            clientID: "x509_san_dns:verifier.example", extra: ["aud": "https://other-wallet.example"]))
        await #expect(throws: OpenID4VPError.self) {
            _ = try await OpenID4VPHolder(httpClient: NoNetwork()).parseAuthorizationRequest(
                requestURI: "openid4vp://?client_id=x509_san_dns:verifier.example&request=\(misaddressed)", walletConfiguration: .testing { $0.audience = "https://wallet.example" })
        }
        let selfIssued = try await verifier.sign(TestVerifier.parameters(
            clientID: "x509_san_dns:verifier.example", extra: ["aud": "https://self-issued.me/v2"]))
        _ = try await OpenID4VPHolder(httpClient: NoNetwork()).parseAuthorizationRequest(
            requestURI: "openid4vp://?client_id=x509_san_dns:verifier.example&request=\(selfIssued)", walletConfiguration: .testing { $0.audience = "https://wallet.example" })
    }

    @Test func anEncryptedRequestObjectIsOpenedWithTheWalletKey() async throws {
        let verifier = try TestVerifier()
        let walletKey = PrivateKey(curve: .p256)
        let signed = try await verifier.sign(TestVerifier.parameters(clientID: "x509_san_dns:verifier.example"))
        let encrypted = try JWE.encryptCompact(
            Data(signed.utf8), to: JWK(publicKey: walletKey.publicKey, keyID: "wallet-enc"),
            keyManagement: .ecdhES, contentEncryption: .a256GCM)
        let holder = OpenID4VPHolder(httpClient: NoNetwork())
        let parsed = try await holder.parseAuthorizationRequest(
            requestURI: "openid4vp://?client_id=x509_san_dns:verifier.example&request=\(encrypted)",
            walletConfiguration: try .testing {
                $0.decryptionKey = .privateKey(walletKey)
                $0.verifierTrustAnchors = try verifier.anchors
            })
        #expect(try await holder.resolveAuthorizationRequest(parsed).verifierInfo.clientIDValid)
        await #expect(throws: OpenID4VPError.invalidRequestObject("the request object is encrypted and the wallet has no decryption key")) {
            _ = try await holder.parseAuthorizationRequest(requestURI: "openid4vp://?client_id=x509_san_dns:verifier.example&request=\(encrypted)", walletConfiguration: .testing())
        }
    }
}
