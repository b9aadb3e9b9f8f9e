import Foundation
import HTTP
import Testing

/// Scheme and redirect rules, checked before any connection is made.
@Suite struct HTTPClientPolicyTests {
    let policy = HTTPClientPolicy()

    func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test func httpsToAnyHostIsAllowed() throws {
        try policy.check(url("https://issuer.example.com/.well-known/openid-credential-issuer"))
    }

    @Test func httpToLoopbackIsAllowedByDefault() throws {
        try policy.check(url("http://127.0.0.1:8080/x"))
        try policy.check(url("http://localhost/x"))
        try policy.check(url("http://[::1]:8080/x"))
        try policy.check(url("http://127.1.2.3:8080/x"))
    }

    @Test func loopbackIsExactly127Slash8LocalhostAndIPv6One() {
        for host in ["127.0.0.1", "127.255.255.255", "LOCALHOST", "[::1]", "::1"] {
            #expect(HTTPClientPolicy.isLoopback(host: host), "\(host)")
        }
        for host in ["128.0.0.1", "127.0.0", "127.0.0.256", "127.0.0.1.evil.com", "127.0.0.-1", "0177.0.0.1", "10.0.0.1", ""] {
            #expect(!HTTPClientPolicy.isLoopback(host: host), "\(host)")
        }
    }

    @Test func httpToARemoteHostIsRefusedWithoutNetworkAccess() async throws {
        let client = URLSessionHTTPClient(policy: HTTPClientPolicy(timeout: .milliseconds(50)))
        defer { client.invalidate() }
        // A 50 ms limit: reaching the network would surface as timeout or transport instead.
        await #expect(throws: HTTPError.insecureScheme("http://example.com")) {
            try await client.get(url("http://example.com"))
        }
    }

    @Test func loopbackLookalikesAreNotLoopback() throws {
        #expect(throws: HTTPError.insecureScheme("http://127.0.0.1.evil.com/")) {
            try policy.check(url("http://127.0.0.1.evil.com/"))
        }
        #expect(throws: HTTPError.insecureScheme("http://localhost.evil.com/")) {
            try policy.check(url("http://localhost.evil.com/"))
        }
    }

    @Test func otherSchemesAreUnsupported() throws {
        #expect(throws: HTTPError.unsupportedScheme("file:///etc/passwd")) { try policy.check(url("file:///etc/passwd")) }
        #expect(throws: HTTPError.unsupportedScheme("ftp://example.com/x")) { try policy.check(url("ftp://example.com/x")) }
    }

    @Test func urlWithoutHostIsInvalid() throws {
        #expect(throws: HTTPError.invalidURL("https:/nohost")) { try policy.check(url("https:/nohost")) }
    }

    @Test func redirectFromHTTPSToHTTPIsRefusedEvenToLoopback() throws {
        #expect(throws: HTTPError.insecureRedirect("http://127.0.0.1/x")) {
            try policy.checkRedirect(from: url("https://example.com/"), to: url("http://127.0.0.1/x"))
        }
        try policy.checkRedirect(from: url("https://example.com/"), to: url("https://other.example/"))
        try policy.checkRedirect(from: url("http://127.0.0.1/"), to: url("http://localhost/"))
    }
}

@Suite struct HTTPValueTests {
    @Test func headersAreOrderedAndCaseInsensitive() {
        var headers: HTTPHeaders = ["Accept": "a", "Link": "<1>"]
        headers.add(name: "link", value: "<2>")
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values(for: "LINK") == ["<1>", "<2>"])
        headers["Link"] = "<3>"
        #expect(headers.values(for: "link") == ["<3>"])
        headers.remove(name: "accept")
        #expect(headers.map(\.name) == ["Link"])
        headers["Link"] = nil
        #expect(headers.count == 0)
    }

    @Test func formEncodingFollowsTheWHATWGSerializer() {
        #expect(FormURLEncoding.encode([("a b", "c&d"), ("e=f", "g+h/é~*-._")]) == "a+b=c%26d&e%3Df=g%2Bh%2F%C3%A9%7E*-._")
        #expect(FormURLEncoding.encode([]) == "")
        #expect(FormURLEncoding.encode([("k", "")]) == "k=")
    }
}
