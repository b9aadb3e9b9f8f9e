import CryptoKeys
import DIDComm
import Foundation
import HTTP
import Hummingbird
import JSONModel
import Testing
import VellumTestSupport

/// An inviter played on loopback by the test (real HTTP, real envelopes) that never answers on
/// the request's POST: the holder must poll with trust pings, and every message it sends must
/// ask for the return route.
@Suite("Return-route transport: 202, polling with trust pings, problem reports")
struct ReturnRouteTransportTests {
    /// What the fake inviter saw and what it has queued for the holder.
    struct AgentState: Sendable {
        var received: [DIDCommMessage] = []
        var queued: [Data] = []
    }

    /// Bob's invitation key signs the DIDDoc (Mallory's when `forged`); Carol is his
    /// connection key. The response is queued, not returned, so only a poll fetches it.
    static func withAgent(forged: Bool = false, _ body: (String, Locked<AgentState>) async throws -> Void) async throws {
        let state = Locked(AgentState())
        let endpoint = Locked("")
        let router = Router()
        router.post("/agent") { request, _ -> Response in
            let envelope = Data(buffer: try await request.body.collect(upTo: 1 << 20))
            let opened = try Envelope.unpack(envelope, with: [TestKey.bob.privateKey, TestKey.carol.privateKey])
            let message = try DIDCommMessage(json: opened.message)
            state.value.received.append(message)
            if message.type.name == "request", let sender = opened.sender {
                let document = LegacyDIDDoc(did: TestKey.carol.verkey.unqualifiedDID, verkey: TestKey.carol.verkey, serviceEndpoint: endpoint.value)
                let data = try SignedAttachment.sign(document.jsonValue.serialized(), with: (forged ? TestKey.mallory : TestKey.bob).privateKey)
                let response = DIDCommMessage(
                    type: DIDExchangeInvitee.protocolIdentifier.messageType("response"),
                    body: ["did": .string(TestKey.carol.verkey.unqualifiedDID), "did_doc~attach": Attachment(id: "d", data: data).jsonValue],
                    thread: ThreadDecorator(threadID: message.id))
                state.value.queued.append(try Envelope.pack(response.json, for: [sender], from: TestKey.carol.privateKey))
            } else if message.type == .trustPing, let next = state.value.queued.first {
                state.value.queued.removeFirst()
                return Response(status: .ok, headers: [.contentType: DIDCommMediaType.legacyEnvelope], body: ResponseBody(byteBuffer: ByteBuffer(bytes: next)))
            }
            return Response(status: .accepted)
        }
        try await LoopbackHTTPServer.run(router, label: "didcomm-agent") { port in
            endpoint.value = "http://127.0.0.1:\(port)/agent"
            try await body(endpoint.value, state)
        }
    }

    static func invitation(endpoint: String) throws -> OutOfBandInvitation {
        try OutOfBandInvitation(DIDCommMessage(object: [
            "@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "inv-rr",
            "handshake_protocols": ["https://didcomm.org/didexchange/1.0"],
            "services": [["id": "#inline", "recipientKeys": .array([.string(TestKey.bob.verkey.didKey)]), "serviceEndpoint": .string(endpoint)]],
        ]))
    }

    @Test("a request answered 202 is followed by trust pings until the queued response arrives; every message asks for the return route")
    func polling() async throws {
        try await Self.withAgent { endpoint, state in
            var invitee = try DIDExchangeInvitee(invitation: try Self.invitation(endpoint: endpoint), key: TestKey.alice.privateKey)
            let transport = ReturnRouteTransport(client: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(20))), keys: [TestKey.alice.privateKey])
            let connection = try await invitee.connect(label: "Alice", over: transport, pollInterval: .milliseconds(10))
            #expect(connection.theirService.recipientKeys == [TestKey.carol.verkey])
            let received = state.value.received
            #expect(received.map(\.type.name) == ["request", "ping", "complete"])
            #expect(received.allSatisfy { (try? $0.returnRoute) == .all })
            #expect(received[1]["response_requested"] == false)
        }
    }

    @Test("a response whose DIDDoc the invitation key did not sign is refused and a problem report goes back on the thread")
    func refusedResponse() async throws {
        try await Self.withAgent(forged: true) { endpoint, state in
            var invitee = try DIDExchangeInvitee(invitation: try Self.invitation(endpoint: endpoint), key: TestKey.alice.privateKey)
            let transport = ReturnRouteTransport(client: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(20))), keys: [TestKey.alice.privateKey])
            await expectError(DIDCommError.self, matching: { if case .signatureNotVerified = $0 { true } else { false } }) {
                _ = try await invitee.connect(label: "Alice", over: transport, pollInterval: .milliseconds(10))
            }
            #expect(invitee.state == .abandoned)
            let received = state.value.received
            let report = try #require(received.last)
            #expect(report.type.uri == "https://didcomm.org/didexchange/1.0/problem_report")
            #expect(report.threadID == received.first?.id)
            #expect(try ProblemReport(report).code == "response_not_accepted")
        }
    }
}
