import Foundation
import HTTP
import Testing

/// The URLSession client over real loopback HTTP (Hummingbird on 127.0.0.1, port 0).
@Suite struct URLSessionHTTPClientTests {
    /// Runs `body` with a client under `policy` and the loopback server's base URL; the
    /// client's session is invalidated afterwards.
    static func withClient(
        _ policy: HTTPClientPolicy = HTTPClientPolicy(), _ body: @Sendable (URLSessionHTTPClient, URL) async throws -> Void
    ) async throws {
        try await LoopbackServer.run { base in
            let client = URLSessionHTTPClient(policy: policy)
            defer { client.invalidate() }
            try await body(client, base)
        }
    }

    @Test func getReturnsStatusHeadersBodyAndFinalURL() async throws {
        try await Self.withClient { client, base in
            let response = try await client.get(base.appendingPathComponent("hello"))
            #expect(response.status == 200)
            #expect(response.isSuccess)
            #expect(response.body == Data("hello".utf8))
            #expect(response.headers["CONTENT-LENGTH"] == "5")
            #expect(response.url == base.appendingPathComponent("hello"))
        }
    }

    @Test func nonSuccessStatusIsAResponseNotAnError() async throws {
        try await Self.withClient { client, base in
            let response = try await client.get(base.appendingPathComponent("status/404"))
            #expect(response.status == 404)
            #expect(!response.isSuccess)
        }
    }

    @Test func postFormIsDecodedByTheServer() async throws {
        try await Self.withClient { client, base in
            let note = "a b&c=d+e/é%"
            let response = try await client.postForm(
                base.appendingPathComponent("echo-form"),
                form: [("grant_type", "authorization_code"), ("code", "x+y z"), ("note", note)])
            #expect(response.status == 200)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text == "application/x-www-form-urlencoded|authorization_code|x+y z|\(note)")
        }
    }

    @Test func postJSONRoundTrips() async throws {
        struct Payload: Codable, Equatable { var name: String; var count: Int }
        try await Self.withClient { client, base in
            let response = try await client.postJSON(
                base.appendingPathComponent("echo"), encoding: Payload(name: "vellum", count: 3))
            #expect(response.headers["content-type"] == "application/json")
            #expect(try JSONDecoder().decode(Payload.self, from: response.body) == Payload(name: "vellum", count: 3))
        }
    }

    @Test func declaredContentLengthOverTheLimitIsRefused() async throws {
        try await Self.withClient(HTTPClientPolicy(maximumResponseBytes: 100_000)) { client, base in
            await #expect(throws: HTTPError.tooLarge(limit: 100_000)) {
                try await client.get(base.appendingPathComponent("big"))
            }
        }
    }

    @Test func chunkedBodyWithoutContentLengthIsCutOffAtTheLimit() async throws {
        try await Self.withClient(HTTPClientPolicy(maximumResponseBytes: 100_000)) { client, base in
            // The body never ends, so `.tooLarge` (rather than `.timeout`) shows the client
            // stopped reading at its limit; no wall-clock bound is needed.
            await #expect(throws: HTTPError.tooLarge(limit: 100_000)) {
                try await client.get(base.appendingPathComponent("chunked"))
            }
        }
    }

    @Test func chunkedBodyUnderTheLimitIsReassembled() async throws {
        try await Self.withClient(HTTPClientPolicy(maximumResponseBytes: 6)) { client, base in
            let response = try await client.get(base.appendingPathComponent("small-chunked"))
            #expect(response.body == Data("abcdef".utf8))
        }
    }

    @Test func redirectIsFollowedAndTheFinalURLReported() async throws {
        try await Self.withClient { client, base in
            let response = try await client.get(base.appendingPathComponent("redirect"))
            #expect(response.status == 200)
            #expect(response.body == Data("hello".utf8))
            #expect(response.url.path == "/hello")
        }
    }

    @Test func redirectIsReturnedWhenThePolicySaysNever() async throws {
        try await Self.withClient(HTTPClientPolicy(redirects: .never)) { client, base in
            let response = try await client.get(base.appendingPathComponent("redirect"))
            #expect(response.status == 302)
            #expect(response.headers["location"] == "/hello")
        }
    }

    @Test func aRequestCanRefuseRedirectsThatItsClientFollows() async throws {
        try await Self.withClient { client, base in
            let refused = try await client.send(HTTPRequest(url: base.appendingPathComponent("redirect"), redirects: .never))
            #expect(refused.status == 302)
            #expect(refused.headers["location"] == "/hello")
            // The next request on the same client follows again.
            #expect(try await client.get(base.appendingPathComponent("redirect")).status == 200)
        }
    }

    @Test func redirectLoopIsTooManyRedirects() async throws {
        try await Self.withClient(HTTPClientPolicy(maximumRedirects: 3)) { client, base in
            await #expect(throws: HTTPError.tooManyRedirects(limit: 3)) {
                try await client.get(base.appendingPathComponent("loop"))
            }
        }
    }

    @Test func redirectToPlainHTTPOnAnotherHostIsRefused() async throws {
        try await Self.withClient { client, base in
            await #expect(throws: HTTPError.insecureRedirect("http://example.com/")) {
                try await client.get(base.appendingPathComponent("to-http-remote"))
            }
        }
    }

    @Test func slowHandlerTimesOut() async throws {
        try await Self.withClient { client, base in
            let start = ContinuousClock.now
            await #expect(throws: HTTPError.timeout) {
                try await client.send(HTTP.HTTPRequest(url: base.appendingPathComponent("slow"), timeout: .milliseconds(300)))
            }
            // The request's own 300 ms limit applied, not the policy's 30 s default. (Wall-clock
            // bounds tighter than that fail on a loaded CI machine; the `.timeout` error above
            // already shows the 4 s reply was not waited for.)
            #expect(ContinuousClock.now - start < .seconds(20))
        }
    }

    @Test func cancellingTheCallingTaskCancelsTheRequest() async throws {
        try await Self.withClient { client, base in
            let url = base.appendingPathComponent("slow")
            let request = Task { () async throws(HTTPError) -> HTTPResponse in try await client.get(url) }
            try await Task.sleep(for: .milliseconds(100))
            request.cancel()
            await #expect(throws: HTTPError.cancelled) { try await request.value }
        }
    }

    @Test func loopbackHTTPIsRefusedWhenNotAllowed() async throws {
        try await Self.withClient(HTTPClientPolicy(allowInsecureLoopback: false)) { client, base in
            let url = base.appendingPathComponent("hello")
            await #expect(throws: HTTPError.insecureScheme(url.absoluteString)) {
                try await client.get(url)
            }
        }
    }

    @Test func connectionRefusedIsATransportError() async throws {
        let client = URLSessionHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(5)))
        defer { client.invalidate() }
        // Port 9 (discard) is closed on test machines; the error must be typed, not a crash.
        let closed = try #require(URL(string: "http://127.0.0.1:9/"))
        do throws(HTTPError) {
            _ = try await client.get(closed)
            Issue.record("expected a failure")
        } catch {
            if case .transport = error {} else if error != .timeout {
                Issue.record("expected a transport error, got \(error)")
            }
        }
    }
}
