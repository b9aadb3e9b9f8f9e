import CryptoKeys
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// The inviter's state machine against Vellum's own invitee, every message through real
/// envelopes: Bob invites with his invitation key and answers with Carol, his pairwise key;
/// Alice accepts.
@Suite("DID exchange 1.0, inviter side")
struct DIDExchangeInviterTests {
    static func invitation() throws -> OutOfBandInvitation {
        try OutOfBandInvitation.make(
            label: "Bob", service: DIDCommService(recipientKeys: [TestKey.bob.verkey], serviceEndpoint: "http://127.0.0.1:1/didcomm"))
    }

    static func inviter(_ invitation: OutOfBandInvitation) throws -> DIDExchangeInviter {
        try DIDExchangeInviter(
            invitation: invitation, invitationKey: TestKey.bob.privateKey, key: TestKey.carol.privateKey,
            serviceEndpoint: "http://127.0.0.1:1/didcomm")
    }

    /// `message` packed from `sender` for `recipient` and opened again: what the other side reads.
    static func deliver(_ message: DIDCommMessage, from sender: TestKey, to recipient: TestKey) throws -> (DIDCommMessage, Verkey?) {
        let envelope = try Envelope.pack(message.json, for: [recipient.verkey], from: sender.privateKey)
        let opened = try Envelope.unpack(envelope, with: [recipient.privateKey])
        return (try DIDCommMessage(json: opened.message), opened.sender)
    }

    @Test("the invitation link reads back as the same invitation, with DID exchange 1.0 and a did:key service")
    func invitationLink() throws {
        let invitation = try Self.invitation()
        let link = invitation.link(base: "http://127.0.0.1:1/invite")
        guard case .outOfBand(let read) = try Invitation(link: link) else {
            Issue.record("not read as an out-of-band invitation")
            return
        }
        #expect(read == invitation)
        #expect(read.handshakeProtocols == [.didExchange])
        #expect(read.inlineService?.recipientKeys == [TestKey.bob.verkey])
        #expect(read.message["services"]?.arrayValue?.first?["recipientKeys"]?.arrayValue?.first?.stringValue == TestKey.bob.verkey.didKey)
    }

    @Test("request, response, complete: both sides end with the same connection")
    func wholeExchange() throws {
        let invitation = try Self.invitation()
        var inviter = try Self.inviter(invitation)
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: TestKey.alice.privateKey)
        let (request, requestSender) = try Self.deliver(try invitee.request(label: "Alice"), from: .alice, to: .bob)
        let (response, responseSender) = try Self.deliver(try inviter.receive(request: request, sender: requestSender), from: .carol, to: .alice)
        #expect(inviter.state == .responseSent)
        let (complete, _) = try Self.deliver(try invitee.receive(response, sender: responseSender), from: .alice, to: .carol)
        try inviter.receive(complete: complete)
        #expect(inviter.state == .completed && invitee.state == .completed)
        #expect(inviter.connection?.theirDID == invitee.myDID)
        #expect(invitee.connection?.theirDID == inviter.myDID)
        #expect(invitee.connection?.theirService.recipientKeys == [TestKey.carol.verkey])
    }

    @Test("a request from a key its DIDDoc does not name, or anoncrypted, is refused with a problem report")
    func senderMustHoldTheKey() throws {
        let invitation = try Self.invitation()
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: TestKey.alice.privateKey)
        let (request, _) = try Self.deliver(try invitee.request(label: "Alice"), from: .alice, to: .bob)
        for sender in [TestKey.mallory.verkey, nil] as [Verkey?] {
            var inviter = try Self.inviter(invitation)
            let error = #expect(throws: DIDCommError.self) { _ = try inviter.receive(request: request, sender: sender) }
            guard case .senderNotAuthenticated? = error else {
                Issue.record("refused as \(String(describing: error))")
                continue
            }
            #expect(inviter.state == .abandoned)
            let report = try #require(error.flatMap { inviter.problemReport(for: $0) })
            #expect(report.threadID == request.id && report["description"]?["code"]?.stringValue == "request_not_accepted")
        }
    }

    @Test("a request whose DIDDoc another key signed, or that answers another invitation, is refused")
    func forgedRequests() throws {
        let invitation = try Self.invitation()
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: TestKey.alice.privateKey)
        let request = try invitee.request(label: "Alice")
        var object = request.json
        // Re-sign Alice's DIDDoc with Mallory's key: the envelope is still Alice's.
        let document = LegacyDIDDoc(did: invitee.myDID, verkey: TestKey.alice.verkey)
        let forgedData = try SignedAttachment.sign(document.jsonValue.serialized(), with: TestKey.mallory.privateKey)
        var forged = try JSONValue(parsing: object).objectValue ?? [:]
        forged.updateValue(.array([Attachment(id: "d", mimeType: "application/json", data: forgedData).jsonValue]), forName: "did_doc~attach")
        var inviter = try Self.inviter(invitation)
        #expect(throws: DIDCommError.self) {
            _ = try inviter.receive(request: DIDCommMessage(object: forged), sender: TestKey.alice.verkey)
        }
        object = request.json
        var otherInvitation = try JSONValue(parsing: object).objectValue ?? [:]
        otherInvitation.updateValue(["thid": .string(request.id), "pthid": "another-invitation"], forName: "~thread")
        inviter = try Self.inviter(invitation)
        #expect(throws: DIDCommError.protocolFailure(reason: "the request does not answer this invitation (pthid)")) {
            _ = try inviter.receive(request: DIDCommMessage(object: otherInvitation), sender: TestKey.alice.verkey)
        }
    }

    @Test("a complete message off the request's thread does not complete the connection")
    func completeOffThread() throws {
        let invitation = try Self.invitation()
        var inviter = try Self.inviter(invitation)
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: TestKey.alice.privateKey)
        _ = try inviter.receive(request: try invitee.request(label: "Alice"), sender: TestKey.alice.verkey)
        let stray = DIDCommMessage(type: ProtocolIdentifier.didExchange.messageType("complete"), thread: ThreadDecorator(threadID: "other"))
        #expect(throws: DIDCommError.self) { try inviter.receive(complete: stray) }
        #expect(inviter.state == .abandoned)
    }
}
