import Foundation
import HTTP
import Hummingbird
import JSONModel
import NIOCore
import QRExchange
import Testing
import VellumTestSupport

/// The client against a real HTTP server on loopback: what it sends, how it reads answers.
@Suite("QRExchangeClient over loopback HTTP")
struct QRExchangeClientTests {
    static let holderDID = "did:key:z6MkmhoDvWnJydXhaezSiMJ7xd4jUK8FQo1cX94H7xydHmyC"
    static let client = QRExchangeClient(httpClient: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(20))))

    /// Records what each POST carried: its content type and the fields it decoded to.
    final class Inbox: @unchecked Sendable {
        private let lock = NSLock()
        private var posts: [(contentType: String, fields: [String: String])] = []
        var received: [(contentType: String, fields: [String: String])] { lock.withLock { posts } }
        func record(_ contentType: String, _ fields: [String: String]) { lock.withLock { posts.append((contentType, fields)) } }
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The fields of a urlencoded or multipart body (enough of RFC 7578 for text fields).
    static func fields(_ body: String, contentType: String) -> [String: String] {
        guard let range = contentType.range(of: "boundary=") else {
            return Dictionary(FormURLEncoding.decode(body), uniquingKeysWith: { first, _ in first })
        }
        let boundary = "--" + contentType[range.upperBound...]
        var fields: [String: String] = [:]
        for part in body.components(separatedBy: boundary).dropFirst() where !part.hasPrefix("--") {
            let pieces = part.components(separatedBy: "\r\n\r\n")
            guard pieces.count == 2, let name = pieces[0].components(separatedBy: "name=\"").last?.split(separator: "\"").first else { continue }
            var value = pieces[1]
            if value.hasSuffix("\r\n") { value.removeLast() }  // "\r\n" is one Character
            fields[String(name)] = value
        }
        return fields
    }

    /// A Credible-like server: an offer and a request by GET, accepting forms by POST —
    /// `multipartOnly` answers 415 to anything but multipart, as a dio-based server might.
    static func withServer(multipartOnly: Bool = false, _ body: (Int, Inbox) async throws -> Void) async throws {
        let inbox = Inbox()
        let router = Router()
        router.get("offer") { _, _ in json(#"{"type":"CredentialOffer","credentialPreview":{"issuer":"did:key:z6MkIssuer","credentialSubject":{"alumniOf":"alice"}}}"#) }
        router.get("request") { _, _ in json(#"{"type":"VerifiablePresentationRequest","query":{"type":"DIDAuth"},"challenge":"c-1","domain":"127.0.0.1"}"#) }
        router.get("broken") { _, _ in json(#"{"error":"nope"}"#, status: .internalServerError) }
        router.get("interaction") { request, _ in
            json(#"{"protocols":{"vcapi":"http://\#(request.head.authority ?? "")/workflows/w/exchanges/e1"}}"#)
        }
        for path in ["offer", "request"] {
            router.post(RouterPath(path)) { request, _ -> Response in
                let type = request.headers[.contentType] ?? ""
                if multipartOnly, !type.hasPrefix("multipart/form-data") { return json(#"{"error":"multipart only"}"#, status: .unsupportedMediaType) }
                let text = String(buffer: try await request.body.collect(upTo: 1 << 20))
                inbox.record(type, fields(text, contentType: type))
                return path == "offer" ? json(#"{"type":["VerifiableCredential"],"credentialSubject":{"id":"\#(holderDID)"}}"#) : json("{}")
            }
        }
        router.post("workflows/w/exchanges/e1") { request, _ -> Response in
            let text = String(buffer: try await request.body.collect(upTo: 1 << 20))
            inbox.record(request.headers[.contentType] ?? "", ["body": text])
            return text == "{}"
                ? json(#"{"verifiablePresentationRequest":{"query":[{"type":"DIDAuthentication"}],"challenge":"x","domain":"127.0.0.1"}}"#)
                : json(#"{"verifiablePresentation":{"type":"VerifiablePresentation","verifiableCredential":[]}}"#)
        }
        try await LoopbackHTTPServer.run(router, label: "qr-exchange-test") { port in try await body(port, inbox) }
    }

    @Test("GET a link: the message it answers, routed on its type")
    func fetchMessages() async throws {
        try await Self.withServer { port, _ in
            guard case .credentialOffer(let offer) = try await Self.client.message(at: URL(string: "http://127.0.0.1:\(port)/offer")!) else {
                Issue.record("not an offer")
                return
            }
            #expect(offer.issuer == "did:key:z6MkIssuer")
            guard case .presentationRequest(let request) = try await Self.client.message(at: URL(string: "http://127.0.0.1:\(port)/request")!) else {
                Issue.record("not a request")
                return
            }
            #expect(request.challenge == "c-1" && request.asksForDIDAuthentication)
        }
    }

    @Test("an offer is accepted with subject_id as a urlencoded form, and the credential answered is returned")
    func acceptOffer() async throws {
        try await Self.withServer { port, inbox in
            let credential = try await Self.client.acceptOffer(at: URL(string: "http://127.0.0.1:\(port)/offer")!, subjectID: Self.holderDID)
            #expect(credential["credentialSubject"]?["id"]?.stringValue == Self.holderDID)
            #expect(inbox.received.count == 1)
            #expect(inbox.received.first?.contentType == "application/x-www-form-urlencoded")
            #expect(inbox.received.first?.fields == ["subject_id": Self.holderDID])
        }
    }

    @Test("a server that answers 415 gets the same form again as multipart/form-data")
    func multipartWhenAsked() async throws {
        try await Self.withServer(multipartOnly: true) { port, inbox in
            _ = try await Self.client.acceptOffer(at: URL(string: "http://127.0.0.1:\(port)/offer")!, subjectID: Self.holderDID)
            try await Self.client.submitPresentation(#"{"type":"VerifiablePresentation"}"#, to: URL(string: "http://127.0.0.1:\(port)/request")!)
            #expect(inbox.received.map(\.fields) == [["subject_id": Self.holderDID], ["presentation": #"{"type":"VerifiablePresentation"}"#]])
            #expect(inbox.received.allSatisfy { $0.contentType.hasPrefix("multipart/form-data; boundary=") })
        }
    }

    @Test("an error status is a serverError with the start of the body; no JSON is an error too")
    func serverErrors() async throws {
        try await Self.withServer { port, _ in
            await #expect(throws: QRExchangeError.serverError(status: 500, message: #"{"error":"nope"}"#)) {
                _ = try await Self.client.message(at: URL(string: "http://127.0.0.1:\(port)/broken")!)
            }
            await #expect(throws: QRExchangeError.serverError(status: 404, message: "")) {
                _ = try await Self.client.message(at: URL(string: "http://127.0.0.1:\(port)/missing")!)
            }
        }
    }

    @Test("a VC-API exchange: the interaction URL names it, POST {} starts it, the presentation continues it")
    func vcAPIExchange() async throws {
        try await Self.withServer { port, inbox in
            let exchange = try await Self.client.exchangeURL(forInteraction: URL(string: "http://127.0.0.1:\(port)/interaction?iuv=1")!)
            #expect(exchange.path == "/workflows/w/exchanges/e1")
            guard case .request(let request) = try await Self.client.startExchange(at: exchange) else {
                Issue.record("the exchange did not ask for a presentation")
                return
            }
            #expect(request.asksForDIDAuthentication && request.challenge == "x")
            guard case .completed(let delivered) = try await Self.client.continueExchange(at: exchange, presentation: ["type": "VerifiablePresentation"]) else {
                Issue.record("the exchange did not complete")
                return
            }
            #expect(delivered?["type"] == "VerifiablePresentation")
            #expect(inbox.received.map(\.contentType) == ["application/json", "application/json"])
            #expect(inbox.received.last?.fields["body"] == #"{"verifiablePresentation":{"type":"VerifiablePresentation"}}"#)
        }
    }
}
