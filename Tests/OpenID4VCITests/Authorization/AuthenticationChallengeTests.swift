import Foundation
import HTTP
import Testing
@testable import OpenID4VCI

/// RFC 9110 §11.6.1 challenges, and RFC 9449 §9's nonce request among them.
@Suite("WWW-Authenticate challenges")
struct AuthenticationChallengeTests {
    @Test("several challenges in one field, or joined from several, each with its parameters")
    func parsing() {
        let joined = #"Bearer realm="issuer", error="invalid_token", DPoP algs="ES256 PS256", error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof""#
        #expect(AuthenticationChallenge.parse([joined]) == [
            AuthenticationChallenge(scheme: "bearer", parameters: ["realm": "issuer", "error": "invalid_token"]),
            AuthenticationChallenge(scheme: "dpop", parameters: [
                "algs": "ES256 PS256", "error": "use_dpop_nonce",
                "error_description": "Resource server requires nonce in DPoP proof",
            ]),
        ])
        #expect(AuthenticationChallenge.parse(["Basic", #"DPoP error="a, b""#]) == [
            AuthenticationChallenge(scheme: "basic", parameters: [:]),
            AuthenticationChallenge(scheme: "dpop", parameters: ["error": "a, b"]),
        ])
    }

    @Test("a use_dpop_nonce challenge is found whether it comes first or after a Bearer challenge")
    func nonceRequest() throws {
        let url = try #require(URL(string: "https://issuer.example/credential"))
        func response(_ challenge: String, nonce: String? = "n-1") -> HTTPResponse {
            var headers: HTTPHeaders = ["WWW-Authenticate": challenge]
            if let nonce { headers["DPoP-Nonce"] = nonce }
            return HTTPResponse(status: 401, headers: headers, url: url)
        }
        #expect(ResourceServerRequester.asksForNonce(response(#"DPoP error="use_dpop_nonce""#)))
        #expect(ResourceServerRequester.asksForNonce(response(#"Bearer realm="x", DPoP error="use_dpop_nonce""#)))
        #expect(!ResourceServerRequester.asksForNonce(response(#"Bearer error="use_dpop_nonce""#)))
        #expect(!ResourceServerRequester.asksForNonce(response(#"DPoP error="invalid_token""#)))
        #expect(!ResourceServerRequester.asksForNonce(response(#"DPoP error="use_dpop_nonce""#, nonce: nil)))
    }
}
