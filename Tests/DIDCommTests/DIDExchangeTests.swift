import CryptoKeys
import DIDComm
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport

/// The invitee's state machine against an inviter played by the test: the response is made
/// here, signed by whichever key a case needs.
@Suite("DID exchange 1.0, invitee side")
struct DIDExchangeTests {
    /// Bob invites; Carol is the key his agent uses for the connection.
    static let invitation = try! OutOfBandInvitation(DIDCommMessage(object: [
        "@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "inv-7", "label": "Bob",
        "handshake_protocols": ["https://didcomm.org/didexchange/1.0"],
        "services": [["id": "#inline", "recipientKeys": .array([.string(TestKey.bob.verkey.didKey)]), "serviceEndpoint": "http://127.0.0.1:1"]],
    ]))

    func startedExchange() throws -> (DIDExchangeInvitee, DIDCommMessage) {
        var invitee = try DIDExchangeInvitee(invitation: Self.invitation, key: TestKey.alice.privateKey)
        let request = try invitee.request(label: "Alice")
        return (invitee, request)
    }

    func response(
        to request: DIDCommMessage, signedBy signer: TestKey = .bob, did: String = TestKey.carol.verkey.unqualifiedDID,
        alter: (inout AttachmentData) -> Void = { _ in }
    ) throws -> DIDCommMessage {
        let document = LegacyDIDDoc(did: TestKey.carol.verkey.unqualifiedDID, verkey: TestKey.carol.verkey, serviceEndpoint: "http://127.0.0.1:2")
        var data = try SignedAttachment.sign(document.jsonValue.serialized(), with: signer.privateKey)
        alter(&data)
        return DIDCommMessage(
            type: DIDExchangeInvitee.protocolIdentifier.messageType("response"),
            body: ["did": .string(did), "did_doc~attach": Attachment(id: "d", mimeType: "application/json", data: data).jsonValue],
            thread: ThreadDecorator(threadID: request.id))
    }

    @Test("the request: unqualified DID of our key, its legacy DIDDoc signed by that key, on the invitation's thread")
    func request() throws {
        let (invitee, request) = try startedExchange()
        #expect(invitee.state == .requestSent)
        #expect(request.type.uri == "https://didcomm.org/didexchange/1.0/request")
        #expect(request.thread == ThreadDecorator(threadID: request.id, parentThreadID: "inv-7"))
        #expect(request["did"]?.stringValue == TestKey.alice.verkey.unqualifiedDID)
        #expect(request["label"] == "Alice")
        let attachment = try #require(try request.attachments(named: "did_doc~attach").first)
        let document = try LegacyDIDDoc(try JSONParser().parse(try SignedAttachment.verify(attachment.data, signer: TestKey.alice.verkey)))
        #expect(document.id == "did:sov:" + TestKey.alice.verkey.unqualifiedDID)
        #expect(document.services.first?.recipientKeys == [TestKey.alice.verkey])
    }

    @Test("a response signed by the invitation key completes the exchange with a complete message on the thread")
    func accepted() throws {
        var (invitee, request) = try startedExchange()
        let complete = try invitee.receive(try response(to: request), sender: TestKey.carol.verkey)
        #expect(invitee.state == .completed)
        #expect(complete.type.uri == "https://didcomm.org/didexchange/1.0/complete")
        #expect(complete.thread == ThreadDecorator(threadID: request.id, parentThreadID: "inv-7"))
        #expect(invitee.connection?.theirDID == TestKey.carol.verkey.unqualifiedDID)
        #expect(invitee.connection?.theirService.recipientKeys == [TestKey.carol.verkey])
        #expect(invitee.connection?.theirService.serviceEndpoint == "http://127.0.0.1:2")
    }

    @Test("a DIDDoc signed by another key than the invitation key is refused and the exchange abandoned")
    func signedByAnotherKey() throws {
        var (invitee, request) = try startedExchange()
        expectError(DIDCommError.self, matching: { if case .signatureNotVerified = $0 { true } else { false } }) {
            _ = try invitee.receive(try response(to: request, signedBy: .mallory), sender: TestKey.carol.verkey)
        }
        #expect(invitee.state == .abandoned)
        let report = try #require(invitee.problemReport(for: .signatureNotVerified(reason: "x")))
        #expect(report.type.uri == "https://didcomm.org/didexchange/1.0/problem_report")
        #expect(report.threadID == request.id)
        #expect(try ProblemReport(report).code == "response_not_accepted")
    }

    @Test("a DIDDoc changed after signing is refused")
    func alteredDocument() throws {
        var (invitee, request) = try startedExchange()
        let forged = LegacyDIDDoc(did: TestKey.mallory.verkey.unqualifiedDID, verkey: TestKey.mallory.verkey, serviceEndpoint: "http://127.0.0.1:3")
        let altered = try response(to: request) { $0.base64 = Base64URL.encode(forged.jsonValue.serialized()) }
        expectError(DIDCommError.self, matching: { if case .signatureNotVerified = $0 { true } else { false } }) {
            _ = try invitee.receive(altered, sender: TestKey.mallory.verkey)
        }
    }

    @Test("a response off the thread, with another did, or from a key not in its DIDDoc is refused")
    func otherRefusals() throws {
        var (invitee, request) = try startedExchange()
        let offThread = DIDCommMessage(
            type: DIDExchangeInvitee.protocolIdentifier.messageType("response"), body: try response(to: request).object,
            thread: ThreadDecorator(threadID: "another"))
        expectError(DIDCommError.self, matching: { if case .protocolFailure = $0 { true } else { false } }) {
            _ = try invitee.receive(offThread, sender: TestKey.carol.verkey)
        }
        (invitee, _) = try startedExchange()
        let (fresh, freshRequest) = try startedExchange()
        invitee = fresh
        expectError(DIDCommError.self, matching: { if case .protocolFailure = $0 { true } else { false } }) {
            _ = try invitee.receive(try response(to: freshRequest, did: TestKey.mallory.verkey.unqualifiedDID), sender: TestKey.carol.verkey)
        }
        var third = try startedExchange()
        expectError(DIDCommError.self, matching: { if case .protocolFailure = $0 { true } else { false } }) {
            _ = try third.0.receive(try response(to: third.1), sender: TestKey.mallory.verkey)
        }
    }

    @Test("the inviter's problem report abandons the exchange")
    func inviterRefuses() throws {
        var (invitee, request) = try startedExchange()
        let report = ProblemReport(code: "request_not_accepted").message(
            type: DIDExchangeInvitee.protocolIdentifier.messageType("problem_report"), thread: ThreadDecorator(threadID: request.id))
        expectError(DIDCommError.self, matching: { if case .protocolFailure = $0 { true } else { false } }) {
            _ = try invitee.receive(report, sender: TestKey.bob.verkey)
        }
        #expect(invitee.state == .abandoned)
    }

    @Test("an invitation without DID exchange or without an inline service cannot start an exchange")
    func unusableInvitations() throws {
        let connectionless = try OutOfBandInvitation(DIDCommMessage(object: [
            "@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "i",
            "requests~attach": [["data": ["json": [:]]]], "services": ["did:sov:LjgpST2rjsoxYegQDRm7EL"],
        ]))
        expectError(DIDCommError.self, matching: { if case .malformedInvitation = $0 { true } else { false } }) {
            _ = try DIDExchangeInvitee(invitation: connectionless, key: TestKey.alice.privateKey)
        }
    }

    /// A relay that keeps a copy of the inviter's response and sends it again cannot make the
    /// invitee take a second connection, or the same one twice: once complete, nothing awaits.
    @Test("a response replayed after the exchange completed is refused and the connection kept")
    func replayedResponse() throws {
        var (invitee, request) = try startedExchange()
        let answer = try response(to: request)
        _ = try invitee.receive(answer, sender: TestKey.carol.verkey)
        let connection = invitee.connection
        expectError(DIDCommError.self, matching: { $0 == .protocolFailure(reason: "no request awaits a response") }) {
            _ = try invitee.receive(answer, sender: TestKey.carol.verkey)
        }
        #expect(invitee.state == .completed)
        #expect(invitee.connection == connection)
    }
}
