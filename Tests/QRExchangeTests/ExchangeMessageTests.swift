import Foundation
import JSONModel
import QRExchange
import Testing
import VellumTestSupport

@Suite("Exchange messages: routed on type, read with limits")
struct ExchangeMessageTests {
    static func message(_ text: String) throws(QRExchangeError) -> ExchangeMessage {
        try ExchangeMessage(data: Array(text.utf8))
    }

    @Test("Credible's CredentialOffer: the preview's issuer, types, claims and expiry", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func credibleOffer() throws {
        guard case .credentialOffer(let offer) = try ExchangeMessage(data: try Vectors.data("credible/01-credential-offer.json")) else {
            Issue.record("not routed as an offer")
            return
        }
        #expect(offer.issuer == "did:key:z6MkqbVJkZaK6a1EqeVxFoFp4AMxzJGTcdCKAnYcQhk4rMfc")
        #expect(offer.types == ["VerifiableCredential"])
        #expect(offer.claims?["alumniOf"] == "alice")
        #expect(offer.expires == ISO8601DateFormatter().date(from: "2026-11-21T22:33:14Z"))
        #expect(offer.isExpired(at: ISO8601DateFormatter().date(from: "2026-11-21T22:33:15Z")!))
        #expect(!offer.isExpired(at: ISO8601DateFormatter().date(from: "2026-11-21T22:33:13Z")!))
    }

    @Test("Credible's VerifiablePresentationRequest: a QueryByExample with its example, challenge and domain", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func credibleRequest() throws {
        guard case .presentationRequest(let request) = try ExchangeMessage(data: try Vectors.data("credible/04-verifiable-presentation-request.json")) else {
            Issue.record("not routed as a request")
            return
        }
        #expect(request.challenge == "ebbfb481-8135-43d2-8f0b-f09a43bbaee6" && request.domain == "example.com")
        let query = try #require(request.credentialQueries.first)
        #expect(query.types == ["VerifiableCredential"] && query.contexts == ["https://www.w3.org/2018/credentials/v1"])
        #expect(query.reason == "Sign in" && query.isRequired && query.trustedIssuers.isEmpty)
        #expect(!request.asksForDIDAuthentication)
    }

    @Test("DIDAuth (CHAPI, no type) and DIDAuthentication (the 2024 spec) are both a request for DID authentication", .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func didAuthentication() throws {
        for file in ["credible/06-chapi-didauth-request.json", "credible/08-vp-request-spec-2024-didauthentication.json"] {
            guard case .presentationRequest(let request) = try ExchangeMessage(data: try Vectors.data(file)) else {
                Issue.record("\(file) not routed as a request")
                continue
            }
            #expect(request.asksForDIDAuthentication, "\(file)")
            #expect(request.challenge == "99612b24-63d9-11ea-b99f-4f66f3e4f81a", "\(file)")
        }
        guard case .presentationRequest(let spec) = try ExchangeMessage(data: try Vectors.data("credible/08-vp-request-spec-2024-didauthentication.json")) else { return }
        #expect(spec.queries == [.didAuthentication(acceptedMethods: ["key"], acceptedCryptosuites: ["eddsa-rdfc-2022"])])
    }

    @Test("a trustedIssuer list and several credential queries are read")
    func trustedIssuers() throws {
        let text = """
            {"type":"VerifiablePresentationRequest","challenge":"c","query":{"type":"QueryByExample","credentialQuery":[
              {"example":{"type":["VerifiableCredential","UniversityDegreeCredential"]},"trustedIssuer":[{"issuer":"did:key:z1","required":true}],"required":false},
              {"example":{"@context":["https://www.w3.org/2018/credentials/v1",{"x":"urn:x"}],"type":"VerifiableCredential"}}]}}
            """
        guard case .presentationRequest(let request) = try Self.message(text) else { Issue.record("not a request"); return }
        #expect(request.credentialQueries.count == 2)
        #expect(request.credentialQueries[0].trustedIssuers == ["did:key:z1"] && !request.credentialQueries[0].isRequired)
        #expect(request.credentialQueries[1].contexts == ["https://www.w3.org/2018/credentials/v1"])
    }

    @Test("every malformed or unknown message is a typed error", arguments: [
        ("[1,2]", QRExchangeError.malformedMessage("not a JSON object")),
        (#"{"type":"Hello"}"#, .unsupportedMessageType("Hello")),
        (#"{"hello":1}"#, .unsupportedMessageType(nil)),
        (#"{"type":"CredentialOffer"}"#, .malformedMessage("a CredentialOffer needs a credentialPreview object")),
        (#"{"type":"CredentialOffer","credentialPreview":{},"expires":"tomorrow"}"#, .malformedMessage("expires is not a date-time: tomorrow")),
        (#"{"type":"CredentialOffer","credentialPreview":{},"expires":5}"#, .malformedMessage("expires is not a date-time string")),
        (#"{"type":"VerifiablePresentationRequest"}"#, .malformedMessage("a VerifiablePresentationRequest needs a query")),
        (#"{"type":"VerifiablePresentationRequest","query":[]}"#, .malformedMessage("a VerifiablePresentationRequest needs 1 to 16 queries")),
        (#"{"type":"VerifiablePresentationRequest","query":[7]}"#, .malformedMessage("a query is not an object")),
        (#"{"type":"VerifiablePresentationRequest","query":{"type":"QueryByFrame"}}"#, .unsupportedQuery("QueryByFrame")),
        (#"{"type":"VerifiablePresentationRequest","query":{"type":"QueryByExample"}}"#, .malformedMessage("a QueryByExample needs a credentialQuery")),
        (#"{"type":"VerifiablePresentationRequest","query":{"type":"QueryByExample","credentialQuery":{}}}"#, .malformedMessage("a credentialQuery needs an example")),
        (#"{"type":"VerifiablePresentationRequest","query":{"type":"DIDAuth"},"challenge":7}"#, .malformedMessage("challenge is not a string")),
    ])
    func refusals(text: String, expected: QRExchangeError) {
        #expect(throws: expected) { _ = try Self.message(text) }
    }

    @Test("input over the limits is refused before it is read: size, depth, too many queries")
    func limits() {
        #expect(throws: QRExchangeError.self) { _ = try Self.message(#"{"type":"CredentialOffer","credentialPreview":{"x":""# + String(repeating: "a", count: 1 << 20) + #""}}"#) }
        #expect(throws: QRExchangeError.self) { _ = try Self.message(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)) }
        let queries = Array(repeating: #"{"type":"DIDAuth"}"#, count: 17).joined(separator: ",")
        #expect(throws: QRExchangeError.malformedMessage("a VerifiablePresentationRequest needs 1 to 16 queries")) {
            _ = try Self.message(#"{"type":"VerifiablePresentationRequest","query":[\#(queries)]}"#)
        }
        #expect(throws: QRExchangeError.self) { _ = try Self.message("not json") }
    }
}
