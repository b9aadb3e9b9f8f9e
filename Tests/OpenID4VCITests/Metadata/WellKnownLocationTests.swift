import Foundation
import Testing
@testable import OpenID4VCI

/// RFC 8414 §3.1: the well-known segment goes between host and path, and a terminating `/`
/// of the path is removed first.
@Suite("Well-known locations of issuer and authorization server metadata")
struct WellKnownLocationTests {
    @Test("host only, with a path, and with a terminating slash")
    func inserting() throws {
        let cases: [(String, String)] = [
            ("https://as.example", "https://as.example/.well-known/oauth-authorization-server"),
            ("https://as.example/", "https://as.example/.well-known/oauth-authorization-server"),
            ("https://as.example/realms/x", "https://as.example/.well-known/oauth-authorization-server/realms/x"),
            ("https://as.example/realms/x/", "https://as.example/.well-known/oauth-authorization-server/realms/x"),
        ]
        for (issuer, expected) in cases {
            let url = try #require(URL(string: issuer))
            #expect(WellKnownLocation.inserting("oauth-authorization-server", into: url)?.absoluteString == expected)
        }
    }
}
