import DCQL
import Foundation
import HTTP
import JSONModel
import Multiformats
import OpenID4VP
import Testing

@Suite("OpenID4VP authorization requests (§5)")
struct AuthorizationRequestTests {
    static let query = #"{"credentials":[{"id":"pid","format":"dc+sd-jwt","meta":{"vct_values":["urn:eudi:pid:1"]},"claims":[{"path":["given_name"]}]}]}"#

    static let redirectURIRequest: [(String, String)] = [
        ("client_id", "redirect_uri:https://verifier.example/cb"), ("response_type", "vp_token"),
        ("redirect_uri", "https://verifier.example/cb"), ("nonce", "n-0S6_WzA2Mj"), ("dcql_query", query),
    ]

    @Test(arguments: ["openid4vp://", "haip-vp://", "eudi-openid4vp://", "https://wallet.example/authorize"])
    func everyWalletSchemeIsAccepted(scheme: String) async throws {
        let parsed = try await OpenID4VPHolder(httpClient: URLSessionHTTPClient()).parseAuthorizationRequest(
            requestURI: requestLink(Self.redirectURIRequest, scheme: scheme), walletConfiguration: .testing())
        #expect(parsed.clientID == "redirect_uri:https://verifier.example/cb")
        #expect(parsed.nonce == "n-0S6_WzA2Mj")
        #expect(parsed.request.responseMode == .fragment)
        #expect(parsed.request.dcqlQuery?.credentials.first?.id == "pid")
        #expect(parsed.requestObject == nil)
    }

    @Test func formEncodedLinksDecodePlusAsSpace() throws {
        let link = try AuthorizationRequestLink("openid4vp://?client_id=a&state=x+y&dcql_query=%7B%22a%22%3A1%7D")
        #expect(link.parameters["state"] == "x y")
        #expect(link.parameters["dcql_query"] == #"{"a":1}"#)
    }

    @Test(arguments: [
        "openid-credential-offer://?credential_offer=%7B%7D", "http://verifier.example/?client_id=x", "openid4vp://",
        "not a url", "openid4vp://?client_id=a&client_id=b",
    ])
    func nonRequestLinksAreRefused(link: String) {
        #expect(throws: OpenID4VPError.self) { try AuthorizationRequestLink(link) }
    }

    func request(_ change: (inout JSONObject) -> Void) throws -> AuthorizationRequest {
        var parameters = TestVerifier.parameters(clientID: "x509_san_dns:verifier.example")
        change(&parameters)
        return try AuthorizationRequest(parameters: parameters)
    }

    func rejected(_ parameter: String, _ change: (inout JSONObject) -> Void) {
        #expect {
            _ = try request(change)
        } throws: { error in
            guard case let .invalidRequest(name, _) = error as? OpenID4VPError else { return false }
            return name == parameter
        }
    }

    @Test func aWellFormedDirectPostRequestParses() throws {
        let parsed = try request { _ in }
        #expect(parsed.clientID.prefix == .x509SANDNS)
        #expect(parsed.clientID.identifier == "verifier.example")
        #expect(parsed.audience == "x509_san_dns:verifier.example")
        #expect(parsed.responseMode == .directPost)
        #expect(parsed.responseDestination?.absoluteString == "https://verifier.example/post")
        #expect(parsed.state == "eyJhb-6-sVA")
    }

    @Test func everyRequiredParameterAndRuleIsEnforced() {
        rejected("client_id") { $0["client_id"] = nil }
        rejected("nonce") { $0["nonce"] = nil }
        rejected("nonce") { $0["nonce"] = "has space" }
        rejected("state") { $0["state"] = "a/b" }
        rejected("response_type") { $0["response_type"] = "code" }
        rejected("response_mode") { $0["response_mode"] = "form_post" }
        rejected("response_uri") { $0["response_uri"] = nil }
        rejected("response_uri") { $0["response_uri"] = "http://verifier.example/post" }
        rejected("response_uri") { $0["response_uri"] = "ftp://verifier.example/post" }
        rejected("redirect_uri") { $0["redirect_uri"] = "https://verifier.example/cb" }
        rejected("redirect_uri") { $0["response_mode"] = "fragment" }
        rejected("dcql_query") { $0["dcql_query"] = nil }
        rejected("scope") { $0["scope"] = "pid" }
        rejected("dcql_query") { $0["dcql_query"] = ["credentials": []] }
        rejected("dcql_query") { $0["dcql_query"] = "{not json" }
        rejected("client_metadata") { $0["client_metadata"] = "[]" }
        rejected("client_metadata.jwks") { $0["client_metadata"] = ["jwks": ["keys": [["kty": "EC"]]]] }
        rejected("transaction_data") { $0["transaction_data"] = [] }
        rejected("transaction_data[0]") { $0["transaction_data"] = ["%%%"] }
        rejected("transaction_data[0].credential_ids") {
            $0["transaction_data"] = [.string(Base64URL.encode(Data(#"{"type":"payment","credential_ids":["mdl"]}"#.utf8)))]
        }
        rejected("verifier_info[0]") { $0["verifier_info"] = [["format": "jwt"]] }
    }

    @Test func loopbackHTTPEndpointsAreAllowedForLocalVerifiers() throws {
        let parsed = try request { $0["response_uri"] = "http://127.0.0.1:8080/post" }
        #expect(parsed.responseURI?.host == "127.0.0.1")
    }

    @Test func unknownParametersAreIgnoredAndTransactionDataKeepsItsEncoding() throws {
        let encoded = Base64URL.encode(Data(#"{"type":"payment","credential_ids":["pid"],"amount":"42 EUR"}"#.utf8))
        let parsed = try request {
            $0["an_extension"] = ["x": 1]
            $0["transaction_data"] = [.string(encoded)]
        }
        #expect(parsed.transactionData.first?.type == "payment")
        #expect(parsed.transactionData.first?.encoded == encoded)
        #expect(parsed.transactionData.first?.json["amount"] == "42 EUR")
    }

    @Test func unsupportedTransactionDataFailsTheWholeRequest() async throws {
        let encoded = Base64URL.encode(Data(#"{"type":"payment","credential_ids":["pid"]}"#.utf8))
        let link = requestLink(Self.redirectURIRequest + [("transaction_data", #"[""# + encoded + #""]"#)])
        let holder = OpenID4VPHolder(httpClient: URLSessionHTTPClient())
        await #expect(throws: OpenID4VPError.unsupportedTransactionData("the type 'payment' is not one this wallet handles")) {
            _ = try await holder.parseAuthorizationRequest(requestURI: link, walletConfiguration: .testing())
        }
        let accepted = try await holder.parseAuthorizationRequest(
            requestURI: link, walletConfiguration: .testing { $0.supportedTransactionDataTypes = ["payment"] })
        #expect(accepted.request.transactionData.count == 1)
    }

    @Test func clientIdentifierPrefixesSplitAtTheFirstColon() {
        #expect(ClientIdentifier("x509_hash:Uvo3HtuIxuhC92rShpgqcT3YXwrqRxWEviRiA0OZszk").prefix == .x509Hash)
        #expect(ClientIdentifier("decentralized_identifier:did:example:123").identifier == "did:example:123")
        #expect(ClientIdentifier("redirect_uri:https://a.example/cb").identifier == "https://a.example/cb")
        #expect(ClientIdentifier("example-client").prefix == .preRegistered)
        #expect(ClientIdentifier("https://verifier.example").prefix == .preRegistered)
        #expect(ClientIdentifier("pre-registered:x").prefix == .preRegistered)
        #expect(ClientIdentifier("pre-registered:x").identifier == "pre-registered:x")
        #expect(ClientIdentifier("origin:https://a.example").prefix == .origin)
    }
}
