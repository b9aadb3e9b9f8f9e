import Foundation
import Hummingbird
import HTTP
import JSONModel
import NIOCore
import OpenID4VCI
import Testing
import VellumTestSupport

/// Offer links by value and by reference, and fetching an offer over real HTTP on loopback.
@Suite("Credential offer links")
struct CredentialOfferLinkTests {
    static let offerJSON = #"{"credential_issuer":"https://issuer.example","credential_configuration_ids":["pid"],"grants":{"urn:ietf:params:oauth:grant-type:pre-authorized_code":{"pre-authorized_code":"abc"}}}"#

    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    @Test(arguments: ["openid-credential-offer://", "haip-vci://", "https://wallet.example/offer", "OPENID-CREDENTIAL-OFFER://"])
    func anOfferByValueReadsUnderEverySchemeAWalletHandles(_ prefix: String) throws {
        let link = "\(prefix)?credential_offer=\(Self.encoded(Self.offerJSON))"
        guard case let .byValue(offer) = try CredentialOfferLink(link) else {
            Issue.record("not read by value")
            return
        }
        #expect(offer.credentialConfigurationIDs == ["pid"] && offer.grants?.preAuthorizedCode?.code == "abc")
    }

    /// Python's `urlencode`, Java's `URLEncoder` and HTML forms write a space as `+`.
    @Test func aFormEncodedOfferReadsPlusAsSpace() throws {
        let json = #"{"credential_issuer":"https://issuer.example","credential_configuration_ids":["pid"],"grants":{"urn:ietf:params:oauth:grant-type:pre-authorized_code":{"pre-authorized_code":"abc","tx_code":{"length":4,"description":"The code we sent"}}}}"#
        let link = "openid-credential-offer://?credential_offer=" + FormURLEncoding.encode([("x", json)]).dropFirst(2)
        #expect(link.contains("The+code+we+sent"))
        guard case let .byValue(offer) = try CredentialOfferLink(link) else {
            Issue.record("not read by value")
            return
        }
        #expect(offer.grants?.preAuthorizedCode?.transactionCode?.description == "The code we sent")
    }

    @Test func anOfferByReferenceKeepsItsURLWithQuery() throws {
        let link = "openid-credential-offer://?credential_offer_uri=\(Self.encoded("https://issuer.example/offers/42?lang=de"))"
        #expect(try CredentialOfferLink(link) == .byReference(try #require(URL(string: "https://issuer.example/offers/42?lang=de"))))
    }

    static let badLinks: [(String, String)] = [
        ("wrong scheme", "openid4vp://?credential_offer_uri=https%3A%2F%2Fi.example%2Fo"),
        ("plain http", "http://wallet.example/?credential_offer_uri=https%3A%2F%2Fi.example%2Fo"),
        ("no parameter", "openid-credential-offer://?foo=bar"),
        ("both parameters", "openid-credential-offer://?credential_offer=%7B%7D&credential_offer_uri=https%3A%2F%2Fi.example"),
        ("offer uri twice", "openid-credential-offer://?credential_offer_uri=https%3A%2F%2Fa.example&credential_offer_uri=https%3A%2F%2Fb.example"),
        ("offer uri not https", "openid-credential-offer://?credential_offer_uri=http%3A%2F%2Fi.example%2Fo"),
        ("empty offer", "openid-credential-offer://?credential_offer="),
        ("not a URL", "not a link at all"),
    ]

    @Test(arguments: badLinks.indices)
    func badLinksAreRefusedWithATypedError(_ index: Int) {
        let (name, link) = Self.badLinks[index]
        #expect(throws: OpenID4VCIError.self, "\(name)") { try CredentialOfferLink(link) }
    }

    @Test func anOfferByValueThatIsNotJSONOrBreaksTheRulesIsRefused() {
        #expect(throws: OpenID4VCIError.invalidOffer(path: "credential_configuration_ids", reason: "missing or empty")) {
            try CredentialOfferLink("openid-credential-offer://?credential_offer=\(Self.encoded(#"{"credential_issuer":"https://i.example"}"#))")
        }
        do {
            _ = try CredentialOfferLink("openid-credential-offer://?credential_offer=%7Bnot-json")
            Issue.record("accepted")
        } catch let .invalidOffer(path, _) {
            #expect(path == "(root)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func anOverlongLinkIsRefusedBeforeParsing() {
        let link = "openid-credential-offer://?credential_offer=" + String(repeating: "a", count: CredentialOfferLink.maximumLinkLength)
        #expect(throws: OpenID4VCIError.invalidOfferLink("longer than \(CredentialOfferLink.maximumLinkLength) bytes")) {
            try CredentialOfferLink(link)
        }
    }

    // MARK: By reference, over loopback HTTP

    static func withServer(_ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.get("/offers/good") { _, _ in json(offerJSON) }
        router.get("/offers/text") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: offerJSON)))
        }
        router.get("/offers/broken") { _, _ in json(#"{"credential_issuer":"https://issuer.example""#) }
        router.get("/offers/invalid") { _, _ in json(#"{"credential_issuer":"https://issuer.example","credential_configuration_ids":[]}"#) }
        router.get("/offers/huge") { _, _ in json(String(repeating: " ", count: 70_000) + offerJSON) }
        router.get("/offers/gone") { _, _ in Response(status: .notFound) }
        try await LoopbackHTTPServer.run(router, label: "credential-offer") { port in
            try await body("http://127.0.0.1:\(port)")
        }
    }

    static func json(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    @Test func anOfferByReferenceIsFetchedAndChecked() async throws {
        try await Self.withServer { base in
            let client = URLSessionHTTPClient()
            defer { client.invalidate() }
            let resolver = CredentialOfferResolver(httpClient: client)
            let offer = try await resolver.offer(at: try #require(URL(string: "\(base)/offers/good")))
            #expect(offer.credentialIssuer.absoluteString == "https://issuer.example")
            #expect(offer.grants?.preAuthorizedCode?.code == "abc")
        }
    }

    @Test func aFetchedOfferMustBeA200JSONOfferWithinTheSizeLimit() async throws {
        try await Self.withServer { base in
            let client = URLSessionHTTPClient()
            defer { client.invalidate() }
            let resolver = CredentialOfferResolver(httpClient: client)
            for path in ["text", "broken", "huge", "gone"] {
                do {
                    _ = try await resolver.offer(at: try #require(URL(string: "\(base)/offers/\(path)")))
                    Issue.record("\(path) accepted")
                } catch OpenID4VCIError.invalidResponse(endpoint: .credentialOffer, _) {
                } catch {
                    Issue.record("\(path): \(error)")
                }
            }
            await #expect(throws: OpenID4VCIError.invalidOffer(path: "credential_configuration_ids", reason: "missing or empty")) {
                _ = try await resolver.offer(at: try #require(URL(string: "\(base)/offers/invalid")))
            }
        }
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        let client = URLSessionHTTPClient()
        defer { client.invalidate() }
        // Port 9 (discard) on loopback is closed on a test machine.
        do {
            _ = try await CredentialOfferResolver(httpClient: client).offer(at: try #require(URL(string: "http://127.0.0.1:9/offer")))
            Issue.record("accepted")
        } catch let error as OpenID4VCIError {
            guard case .transport(endpoint: .credentialOffer, _) = error else { Issue.record("\(error)"); return }
            #expect(error.isConnectivityFailure, "a refused connection is worth retrying later")
        } catch {
            Issue.record("\(error)")
        }
    }
}
