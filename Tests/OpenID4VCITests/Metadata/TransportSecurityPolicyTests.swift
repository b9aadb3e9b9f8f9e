import Foundation
import OpenID4VCI
import Testing

/// The transport rule: https only, plain http only to 127.0.0.0/8, ::1 and localhost.
@Suite("Transport security policy")
struct TransportSecurityPolicyTests {
    @Test(arguments: [
        "https://issuer.example", "https://issuer.example:8443/x?y=1", "http://127.0.0.1/", "http://127.255.3.4:9000/a",
        "http://localhost:8080", "http://LOCALHOST/", "http://[::1]:8080/",
    ])
    func permitted(_ text: String) throws {
        #expect(TransportSecurityPolicy.default.permits(try #require(URL(string: text))))
    }

    @Test(arguments: [
        "http://issuer.example", "http://128.0.0.1/", "http://127.0.0.1.evil.example/", "http://10.0.0.1/", "http://[::2]/",
        "ftp://issuer.example", "file:///etc/passwd", "https:///nohost", "http://127.1/", "http://0127.0.0.1/",
        "http://localhost.example/",
    ])
    func refused(_ text: String) throws {
        #expect(!TransportSecurityPolicy.default.permits(try #require(URL(string: text))))
    }

    @Test func httpsOnlyRefusesLoopbackHTTPToo() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/"))
        #expect(!TransportSecurityPolicy.httpsOnly.permits(url))
        #expect(throws: OpenID4VCIError.insecureEndpoint(name: "token_endpoint", url: "http://127.0.0.1:8080/")) {
            try TransportSecurityPolicy.httpsOnly.check(url, name: "token_endpoint")
        }
    }
}
