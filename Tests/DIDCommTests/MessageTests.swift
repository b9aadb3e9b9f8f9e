import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

@Suite("DIDComm v1 messages: types, decorators, attachments")
struct MessageTests {
    @Test("both type prefixes are read, the legacy one normalised to https://didcomm.org/")
    func typePrefixes() throws {
        let legacy = try MessageType("did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/didexchange/1.0/request")
        let current = try MessageType("https://didcomm.org/didexchange/1.0/request")
        #expect(legacy == current)
        #expect(legacy.uri == "https://didcomm.org/didexchange/1.0/request")
        #expect(current.protocolName == "didexchange" && current.major == 1 && current.minor == 0 && current.name == "request")
        #expect(try MessageType("https://didcomm.org/didexchange/1.1/request").isCompatible(with: current))
        #expect(try !MessageType("https://didcomm.org/didexchange/2.0/request").isCompatible(with: current))
    }

    @Test("malformed type URIs are refused", arguments: ["", "ping", "https://didcomm.org/trust_ping/ping", "https://didcomm.org/trust_ping/1/ping", "https://didcomm.org/trust_ping/1.x/ping", "https://didcomm.org/trust_ping/1.0/", String(repeating: "a/", count: 300) + "p/1.0/n"])
    func malformedTypes(text: String) {
        expectError(DIDCommError.self, matching: { if case .malformedMessage = $0 { true } else { false } }) {
            _ = try MessageType(text)
        }
    }

    @Test("decorators: thread, please_ack, return route, service, timing and attachments are read")
    func decorators() throws {
        let text = #"""
        {"@type":"did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/issue-credential/1.0/offer-credential","@id":"m1",
         "~thread":{"thid":"t1","pthid":"p1"},"~please_ack":{"on":["RECEIPT"]},"~transport":{"return_route":"all"},
         "~timing":{"out_time":"2026-01-01T00:00:00Z"},
         "~service":{"recipientKeys":["did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"],"routingKeys":[],"serviceEndpoint":"http://127.0.0.1:1"},
         "offers~attach":[{"@id":"a1","mime-type":"application/json","data":{"base64":"eyJhIjoxfQ=="}}],
         "~attach":[{"@id":"a2","data":{"json":{"b":2}}},{"@id":"a3","data":{"links":["https://example.com/x"],"sha256":"00"}}]}
        """#
        let message = try DIDCommMessage(json: Data(text.utf8))
        #expect(message.type == MessageType(protocolName: "issue-credential", major: 1, minor: 0, name: "offer-credential"))
        #expect(message.thread == ThreadDecorator(threadID: "t1", parentThreadID: "p1"))
        #expect(message.threadID == "t1")
        #expect(try message.pleaseAck == ["RECEIPT"])
        #expect(try message.returnRoute == .all)
        #expect(try message.service?.serviceEndpoint == "http://127.0.0.1:1")
        let offers = try message.attachments(named: "offers~attach")
        #expect(try offers.first?.data.jsonContent() == ["a": 1])
        let attachments = try message.attachments()
        #expect(try attachments[0].data.jsonContent() == ["b": 2])
        #expect(attachments[1].data.links == ["https://example.com/x"])
    }

    @Test("a message begins its own thread when it has no ~thread")
    func ownThread() throws {
        let message = try DIDCommMessage(json: Data(#"{"@type":"https://didcomm.org/trust_ping/1.0/ping","@id":"x"}"#.utf8))
        #expect(message.threadID == "x")
    }

    @Test("malformed messages and decorators get typed errors", arguments: [
        "[]", "{}", #"{"@type":"https://didcomm.org/a/1.0/b"}"#, #"{"@type":1,"@id":"x"}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":""}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~thread":"t"}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~thread":{"thid":1}}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~transport":{"return_route":"sometimes"}}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~please_ack":{"on":[1]}}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~service":{"recipientKeys":[],"serviceEndpoint":"x"}}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~service":{"recipientKeys":["notbase58!"],"serviceEndpoint":"x"}}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~attach":[{"@id":"a"}]}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~attach":[{"data":{}}]}"#,
        #"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~timing":3}"#,
    ])
    func malformed(text: String) {
        expectError(DIDCommError.self, matching: { _ in true }) { _ = try DIDCommMessage(json: Data(text.utf8)) }
    }

    @Test("limits: size, depth and attachment count")
    func limits() throws {
        let ping = Data(#"{"@type":"https://didcomm.org/trust_ping/1.0/ping","@id":"x","pad":"\#(String(repeating: "p", count: 200))"}"#.utf8)
        expectError(DIDCommError.self, matching: { if case .tooLarge = $0 { true } else { false } }) {
            _ = try DIDCommMessage(json: ping, limits: MessageLimits(maximumSize: 100))
        }
        let deep = Data((#"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","d":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}").utf8)
        expectError(DIDCommError.self, matching: { if case .malformedMessage = $0 { true } else { false } }) {
            _ = try DIDCommMessage(json: deep)
        }
        let many = "[" + Array(repeating: #"{"data":{"json":1}}"#, count: 33).joined(separator: ",") + "]"
        expectError(DIDCommError.self, matching: { if case .malformedMessage = $0 { true } else { false } }) {
            _ = try DIDCommMessage(json: Data(#"{"@type":"https://didcomm.org/a/1.0/b","@id":"x","~attach":\#(many)}"#.utf8))
        }
    }

    @Test("problem reports and acks are made on the thread of the message they answer, and read back")
    func problemReportAndAck() throws {
        let offer = DIDCommMessage(
            type: MessageType(protocolName: "issue-credential", major: 2, minor: 0, name: "offer-credential"),
            thread: ThreadDecorator(threadID: "t9", parentThreadID: "inv"))
        let report = ProblemReport(code: "offer_not_accepted", explanation: "tampered").message(replyingTo: offer)
        let read = try DIDCommMessage(json: report.json)
        #expect(read.type.uri == "https://didcomm.org/report-problem/1.0/problem-report")
        #expect(read.thread == ThreadDecorator(threadID: "t9", parentThreadID: "inv"))
        #expect(try ProblemReport(read) == ProblemReport(code: "offer_not_accepted", explanation: "tampered"))
        let ack = try DIDCommMessage(json: Ack.message(acknowledging: offer).json)
        #expect(ack.type == .ack && ack.threadID == "t9" && Ack.isOK(ack))
        expectError(DIDCommError.self, matching: { _ in true }) { _ = try ProblemReport(ack) }
    }

    @Test("a built message writes @type with the https prefix, @id, body and decorators")
    func building() throws {
        let message = DIDCommMessage(
            type: .trustPing, id: "p1", body: ["response_requested": false], returnRoute: .all)
        #expect(try JSONParser().parse(message.json) == [
            "@type": "https://didcomm.org/trust_ping/1.0/ping", "@id": "p1", "response_requested": false,
            "~transport": ["return_route": "all"],
        ])
    }

    @Test("inline attachment bytes are written as padded standard base64, which ACA-Py decodes, and read back")
    func attachmentBytesAreStandardBase64() throws {
        let bytes = Data([0xFB, 0xFF, 0xBF, 0x3E])  // base64url would write "-_-_Pg"
        let data = AttachmentData(bytes: bytes)
        #expect(data.base64 == "+/+/Pg==")
        #expect(try data.content() == bytes)
    }
}
