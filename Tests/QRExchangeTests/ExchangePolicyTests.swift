import Foundation
import JSONModel
import QRExchange
import Testing

@Suite("Exchange policy: refusals made before anything is sent")
struct ExchangePolicyTests {
    static let url = URL(string: "https://verifier.example:8443/vp-request/1")!

    static func request(_ members: String) throws -> VerifiablePresentationRequest {
        let value = try JSONValue(parsing: Array("{\"query\":{\"type\":\"DIDAuth\"}\(members)}".utf8))
        return try VerifiablePresentationRequest(json: value.objectValue!)
    }

    @Test("an offer past its expiry is refused; one before it, or without one, is not")
    func expiry() throws {
        let offer = try QRCredentialOffer(json: ["type": "CredentialOffer", "credentialPreview": [:], "expires": "2026-01-01T00:00:00Z"])
        let expiry = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!
        #expect(throws: QRExchangeError.offerExpired(expiry)) { try ExchangePolicy().check(offer, at: expiry.addingTimeInterval(1)) }
        try ExchangePolicy().check(offer, at: expiry.addingTimeInterval(-1))
        try ExchangePolicy().check(try QRCredentialOffer(json: ["type": "CredentialOffer", "credentialPreview": [:]]), at: .distantFuture)
    }

    @Test("a request without a challenge is refused, unless the policy says otherwise")
    func challenge() throws {
        #expect(throws: QRExchangeError.missingChallenge) { try ExchangePolicy().check(try Self.request(""), from: Self.url) }
        #expect(throws: QRExchangeError.missingChallenge) { try ExchangePolicy().check(try Self.request(#","challenge":"""#), from: Self.url) }
        try ExchangePolicy(requiresChallenge: false).check(try Self.request(""), from: Self.url)
    }

    @Test("the domain must be the host the request came from, without the port, in any case")
    func domain() throws {
        try ExchangePolicy().check(try Self.request(#","challenge":"c","domain":"verifier.example""#), from: Self.url)
        try ExchangePolicy().check(try Self.request(#","challenge":"c","domain":"Verifier.EXAMPLE""#), from: Self.url)
        try ExchangePolicy().check(try Self.request(#","challenge":"c""#), from: Self.url)
        #expect(throws: QRExchangeError.domainMismatch(expected: "verifier.example", found: "evil.example")) {
            try ExchangePolicy().check(try Self.request(#","challenge":"c","domain":"evil.example""#), from: Self.url)
        }
        #expect(throws: QRExchangeError.domainMismatch(expected: "verifier.example", found: "verifier.example:8443")) {
            try ExchangePolicy().check(try Self.request(#","challenge":"c","domain":"verifier.example:8443""#), from: Self.url)
        }
    }
}
