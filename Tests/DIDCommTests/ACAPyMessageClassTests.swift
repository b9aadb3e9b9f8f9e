import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Every message Vellum sends read by ACA-Py 1.7's own message class for its type
/// (`didcomm_peer.py classes`: marshmallow schema validation, then serialized again).
@Suite("Vellum's messages read by ACA-Py's message classes", .enabled(if: ACAPyAgent.python != nil, ACAPyAgent.skipMessage))
struct ACAPyMessageClassTests {
    @Test("DID exchange request, complete and problem_report; trust ping; ack; problem report; forward")
    func deserialized() async throws {
        let invitation = DIDExchangeTests.invitation
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: TestKey.alice.privateKey)
        let request = try invitee.request(label: "Alice")
        let refused = invitee.problemReport(for: .signatureNotVerified(reason: "not the invitation key"))!
        var completing = try DIDExchangeInvitee(invitation: invitation, key: TestKey.alice.privateKey)
        let completeRequest = try completing.request(label: "Alice")
        let complete = try completing.receive(try DIDExchangeTests().response(to: completeRequest), sender: TestKey.carol.verkey)
        let ping = DIDCommMessage(type: .trustPing, body: ["response_requested": false], returnRoute: .all)
        let ack = Ack.message(acknowledging: request)
        let report = ProblemReport(code: "message_parse_error", explanation: "bad").message(replyingTo: request)
        let routed = try Envelope.pack(Data("{}".utf8), for: [TestKey.bob.verkey], routingKeys: [TestKey.mediator.verkey])
        let forward = try DIDCommMessage(json: try Envelope.unpack(routed, with: [TestKey.mediator.privateKey]).message)

        let messages = [request, complete, refused, ping, ack, report, forward]
        let input = JSONValue.array(messages.map { .object($0.object) }).serialized()
        let output = try await PythonPeer.run("didcomm_peer.py", arguments: ["classes"], input: input, interpreter: ACAPyAgent.python)
        let read = try #require(try JSONParser().parse(output).arrayValue)
        #expect(read.map { $0["@type"]?.stringValue } == messages.map { $0.type.uri })
        #expect(read.map { $0["@id"]?.stringValue } == messages.map(\.id))
        #expect(read[0]["did"]?.stringValue == TestKey.alice.verkey.unqualifiedDID)
        #expect(read[0]["did_doc~attach"]?["data"]?["jws"] != nil)
        #expect(read[1]["~thread"]?["pthid"]?.stringValue == invitation.id)
        #expect(read[3]["~transport"]?["return_route"] == "all")
        #expect(read[6]["to"]?.stringValue == TestKey.bob.verkey.base58)
    }
}
