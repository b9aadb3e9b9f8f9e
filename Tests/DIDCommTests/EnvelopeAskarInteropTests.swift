import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Envelopes both ways against ACA-Py 1.7's own Askar code (`Tests/Peers/didcomm_peer.py`, run
/// with ACA-Py's Python): what Vellum packs Askar unpacks, and what Askar packs Vellum unpacks.
@Suite("DIDComm v1 envelopes with ACA-Py/Askar", .enabled(if: ACAPyAgent.python != nil, ACAPyAgent.skipMessage))
struct EnvelopeAskarInteropTests {
    let message = Data(#"{"@type":"https://didcomm.org/basicmessage/1.0/message","@id":"7","content":"héllo ✓"}"#.utf8)

    func askarUnpack(_ envelope: Data, with keys: [TestKey]) async throws -> [String: Any] {
        try await PythonPeer.runJSON(
            "didcomm_peer.py", arguments: ["unpack"] + keys.flatMap { ["--seed", $0.seedHex] }, input: envelope,
            interpreter: ACAPyAgent.python)
    }

    func askarPack(_ message: Data, for recipients: [TestKey], from sender: TestKey?) async throws -> Data {
        let arguments = ["pack", "--to", recipients.map(\.verkey.base58).joined(separator: ",")]
            + (sender.map { ["--from-seed", $0.seedHex] } ?? [])
        return try await PythonPeer.run("didcomm_peer.py", arguments: arguments, input: message, interpreter: ACAPyAgent.python)
    }

    @Test("Vellum packs, Askar unpacks: authcrypt and anoncrypt, each of several recipients", arguments: [true, false])
    func vellumToAskar(authenticated: Bool) async throws {
        let recipients = [TestKey.bob, TestKey.carol]
        let envelope = try Envelope.pack(message, for: recipients.map(\.verkey), from: authenticated ? TestKey.alice.privateKey : nil)
        for recipient in recipients {
            let result = try await askarUnpack(envelope, with: [recipient])
            #expect(result["message"] as? String == String(decoding: message, as: UTF8.self))
            #expect(result["recipient"] as? String == recipient.verkey.base58)
            #expect(result["sender"] as? String == (authenticated ? TestKey.alice.verkey.base58 : nil))
        }
    }

    @Test("Askar packs, Vellum unpacks: authcrypt and anoncrypt, each of several recipients", arguments: [true, false])
    func askarToVellum(authenticated: Bool) async throws {
        let recipients = [TestKey.bob, TestKey.carol]
        let envelope = try await askarPack(message, for: recipients, from: authenticated ? TestKey.alice : nil)
        for recipient in recipients {
            let opened = try Envelope.unpack(envelope, with: [recipient.privateKey])
            #expect(opened.message == message)
            #expect(opened.recipient == recipient.verkey)
            #expect(opened.sender == (authenticated ? TestKey.alice.verkey : nil))
        }
    }

    @Test("Askar refuses what Vellum packed once its ciphertext is altered, and one not for its key")
    func askarRefuses() async throws {
        let envelope = try Envelope.pack(message, for: [TestKey.bob.verkey], from: TestKey.alice.privateKey)
        let altered = try EnvelopeSurgery(envelope).flippingOuter("ciphertext").json
        await #expect(throws: PythonPeer.Failure.self) { _ = try await askarUnpack(altered, with: [TestKey.bob]) }
        await #expect(throws: PythonPeer.Failure.self) { _ = try await askarUnpack(envelope, with: [TestKey.mallory]) }
    }

    @Test("forward through two routing keys: Askar unwraps each hop of what Vellum wrapped")
    func forwardThroughAskar() async throws {
        let envelope = try Envelope.pack(
            message, for: [TestKey.bob.verkey], from: TestKey.alice.privateKey,
            routingKeys: [TestKey.mediator.verkey, TestKey.relay.verkey])
        var current = envelope
        for (hop, next) in [(TestKey.relay, TestKey.mediator), (TestKey.mediator, TestKey.bob)] {
            let result = try await askarUnpack(current, with: [hop])
            #expect(result["sender"] is NSNull)
            let forward = try JSONParser().parse(Data((result["message"] as! String).utf8))
            #expect(forward["@type"] == "https://didcomm.org/routing/1.0/forward")
            #expect(forward["to"]?.stringValue == next.verkey.base58)
            current = forward["msg"]!.serialized()
        }
        let result = try await askarUnpack(current, with: [TestKey.bob])
        #expect(result["message"] as? String == String(decoding: message, as: UTF8.self))
        #expect(result["sender"] as? String == TestKey.alice.verkey.base58)
    }
}
