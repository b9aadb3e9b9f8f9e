import Foundation
import HTTP
import Hummingbird
import NIOCore
import OpenID4VCI
import Testing
import VellumTestSupport

/// The nonce endpoint of OpenID4VCI 1.0 §7: an unauthenticated POST answered with an
/// uncacheable `{"c_nonce": …}`.
@Suite("Nonce endpoint")
struct NonceEndpointTests {
    static func answer(_ status: HTTPResponse.Status, _ body: String, cache: Bool = true, dpopNonce: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if cache { headers[.cacheControl] = "no-store" }
        if let dpopNonce { headers[.init("DPoP-Nonce")!] = dpopNonce }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    static func withServer(_ body: @Sendable (String, URLSessionHTTPClient) async throws -> Void) async throws {
        let router = Router()
        router.post("/good") { request, _ in
            // The request carries no token: the endpoint is not a protected resource.
            request.headers[.authorization] == nil ? answer(.ok, #"{"c_nonce":"wKI4LT17ac15ES9bw8ac4"}"#, dpopNonce: "eyJ7S_zG")
                : answer(.badRequest, #"{"error":"invalid_request"}"#)
        }
        router.post("/missing") { _, _ in answer(.ok, #"{"nonce":"x"}"#) }
        router.post("/number") { _, _ in answer(.ok, #"{"c_nonce":7}"#) }
        router.post("/empty") { _, _ in answer(.ok, #"{"c_nonce":""}"#) }
        router.post("/broken") { _, _ in answer(.ok, #"{"c_nonce":"#) }
        router.post("/huge") { _, _ in answer(.ok, #"{"c_nonce":""# + String(repeating: "a", count: 20_000) + #""}"#) }
        router.post("/error") { _, _ in answer(.badRequest, #"{"error":"invalid_request","error_description":"no"}"#) }
        router.post("/failing") { _, _ in answer(.internalServerError, "") }
        try await LoopbackHTTPServer.run(router, label: "nonce-endpoint") { port in
            let client = URLSessionHTTPClient()
            defer { client.invalidate() }
            try await body("http://127.0.0.1:\(port)", client)
        }
    }

    @Test func aNonceAndTheDPoPNonceBesideItAreRead() async throws {
        try await Self.withServer { base, client in
            let response = try await NonceEndpointClient(httpClient: client, url: try #require(URL(string: "\(base)/good"))).fetchNonce()
            #expect(response == .init(cNonce: "wKI4LT17ac15ES9bw8ac4", dpopNonce: "eyJ7S_zG"))
        }
    }

    @Test func aMalformedOversizedOrFailedNonceResponseIsATypedError() async throws {
        try await Self.withServer { base, client in
            for path in ["missing", "number", "empty", "broken", "huge", "failing"] {
                await expectError(OpenID4VCIError.self, "\(path)", matching: {
                    if case let .invalidResponse(endpoint, _) = $0 { endpoint == .nonce } else { false }
                }) {
                    _ = try await NonceEndpointClient(httpClient: client, url: URL(string: "\(base)/\(path)")!).fetchNonce()
                }
            }
            await #expect(throws: OpenID4VCIError.issuerError(.init(code: .invalidRequest, errorDescription: "no", status: 400))) {
                _ = try await NonceEndpointClient(httpClient: client, url: URL(string: "\(base)/error")!).fetchNonce()
            }
        }
    }
}
