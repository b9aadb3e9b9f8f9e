import CryptoKeys
import DIDComm
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport

/// The Connections 1.0 invitee's state machine against an inviter played by the test: the
/// response is made here, its `connection~sig` signed by whichever key a case needs.
@Suite("Connections 1.0, invitee side")
struct ConnectionsInviteeTests {
    /// Bob invites with his key; Carol is the key his agent uses for the connection.
    static let invitation = try! ConnectionInvitation(DIDCommMessage(object: [
        "@type": "did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/connections/1.0/invitation", "@id": "inv-9", "label": "Bob",
        "recipientKeys": .array([.string(TestKey.bob.verkey.base58)]), "serviceEndpoint": "http://127.0.0.1:1",
    ]))

    static let carolsDocument = LegacyDIDDoc(did: TestKey.carol.verkey.unqualifiedDID, verkey: TestKey.carol.verkey, serviceEndpoint: "http://127.0.0.1:2")

    func startedHandshake() throws -> (ConnectionsInvitee, DIDCommMessage) {
        var invitee = try ConnectionsInvitee(invitation: Self.invitation, key: TestKey.alice.privateKey)
        let request = try invitee.request(label: "Alice")
        return (invitee, request)
    }

    /// The response to `request`: Carol's DID and DIDDoc signed by `signer`, the decorator then
    /// changed by `alter`.
    func response(
        to request: DIDCommMessage, signedBy signer: TestKey = .bob, did: String = TestKey.carol.verkey.unqualifiedDID,
        thread: String? = nil, legacy: Bool = false, alter: (inout JSONObject) -> Void = { _ in }
    ) throws -> DIDCommMessage {
        let connection: JSONValue = ["DID": .string(did), "DIDDoc": Self.carolsDocument.jsonValue]
        var signature = try #require(try SignedField.sign(connection, with: signer.privateKey, timestamp: 1_700_000_000).objectValue)
        if legacy { signature["@type"] = "did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/signature/1.0/ed25519Sha512_single" }
        alter(&signature)
        let prefix = legacy ? MessageType.legacySov : MessageType.didcommOrg
        return try DIDCommMessage(object: [
            "@type": .string(prefix + "connections/1.0/response"), "@id": "response-1",
            "~thread": ["thid": .string(thread ?? request.id)], "connection~sig": .object(signature),
        ])
    }

    func expectRefused(
        _ response: DIDCommMessage, sender: Verkey? = TestKey.carol.verkey, invitee: inout ConnectionsInvitee,
        matching: @escaping (DIDCommError) -> Bool
    ) {
        expectError(DIDCommError.self, matching: matching) { _ = try invitee.receive(response, sender: sender) }
        #expect(invitee.state == .abandoned)
        #expect(invitee.connection == nil)
    }

    static func signatureRefused(_ text: String) -> (DIDCommError) -> Bool {
        { if case .signatureNotVerified(let reason) = $0 { reason.contains(text) } else { false } }
    }

    @Test("the request: connection with the unqualified DID of our key and its legacy DIDDoc (answers on our connection), on a thread under the invitation")
    func request() throws {
        let (invitee, request) = try startedHandshake()
        #expect(invitee.state == .requestSent)
        #expect(request.type.uri == "https://didcomm.org/connections/1.0/request")
        #expect(request.thread == ThreadDecorator(threadID: request.id, parentThreadID: "inv-9"))
        #expect(request["label"] == "Alice")
        #expect(request["connection"]?["DID"]?.stringValue == TestKey.alice.verkey.unqualifiedDID)
        let document = try LegacyDIDDoc(try #require(request["connection"]?["DIDDoc"]))
        #expect(document.id == "did:sov:" + TestKey.alice.verkey.unqualifiedDID)
        #expect(document.services.first?.recipientKeys == [TestKey.alice.verkey])
        #expect(document.services.first?.serviceEndpoint == "didcomm:transport/queue")
        #expect(invitee.invitationKey == TestKey.bob.verkey)
    }

    @Test("a response whose connection~sig the invitation key made completes the handshake; a trust ping asking no response confirms it", arguments: [false, true])
    func accepted(legacy: Bool) throws {
        var (invitee, request) = try startedHandshake()
        let ping = try invitee.receive(try response(to: request, legacy: legacy), sender: TestKey.carol.verkey)
        #expect(invitee.state == .completed)
        #expect(ping.type == .trustPing && ping["response_requested"] == false)
        let connection = try #require(invitee.connection)
        #expect(connection.myDID == TestKey.alice.verkey.unqualifiedDID)
        #expect(connection.theirDID == TestKey.carol.verkey.unqualifiedDID)
        #expect(connection.theirService.recipientKeys == [TestKey.carol.verkey])
        #expect(connection.theirService.serviceEndpoint == "http://127.0.0.1:2")
        #expect(connection.invitationKey == TestKey.bob.verkey)
    }

    @Test("the invitation key may send the response itself")
    func sentFromTheInvitationKey() throws {
        var (invitee, request) = try startedHandshake()
        _ = try invitee.receive(try response(to: request), sender: TestKey.bob.verkey)
        #expect(invitee.state == .completed)
    }

    /// Mallory, who relays the request, answers with her own DID and DIDDoc signed by her own
    /// key: a valid signature, but not by the key the invitation named.
    @Test("a connection~sig made by another key than the invitation key is refused, with a response_not_accepted problem report on the request's thread")
    func signedByAnotherKey() throws {
        var (invitee, request) = try startedHandshake()
        expectRefused(try response(to: request, signedBy: .mallory), invitee: &invitee, matching: Self.signatureRefused("not by \(TestKey.bob.verkey)"))
        let report = try #require(invitee.problemReport(for: .signatureNotVerified(reason: "x")))
        #expect(report.type.uri == "https://didcomm.org/connections/1.0/problem_report")
        #expect(report.thread == ThreadDecorator(threadID: request.id, parentThreadID: "inv-9"))
        #expect(try ProblemReport(report).code == "response_not_accepted")
    }

    @Test("a connection~sig by another key that names the invitation key as its signer does not verify")
    func signerRelabelled() throws {
        var (invitee, request) = try startedHandshake()
        let forged = try response(to: request, signedBy: .mallory) { $0["signer"] = .string(TestKey.bob.verkey.base58) }
        expectRefused(forged, invitee: &invitee, matching: Self.signatureRefused("does not verify"))
    }

    @Test("sig_data changed after signing (the DIDDoc's endpoint redirected) is refused")
    func tamperedSigData() throws {
        var (invitee, request) = try startedHandshake()
        let forged = try response(to: request) { signature in
            let data = try! Base64URL.decodeLenient(signature["sig_data"]!.stringValue!)
            let text = String(decoding: data.dropFirst(8), as: UTF8.self).replacingOccurrences(of: "127.0.0.1:2", with: "127.0.0.1:3")
            signature["sig_data"] = .string(Base64URL.encode(data.prefix(8) + Data(text.utf8)))
        }
        expectRefused(forged, invitee: &invitee, matching: Self.signatureRefused("does not verify"))
        var (second, secondRequest) = try startedHandshake()
        let newTimestamp = try response(to: secondRequest) { signature in
            var data = try! Base64URL.decodeLenient(signature["sig_data"]!.stringValue!)
            data[data.startIndex + 7] ^= 1
            signature["sig_data"] = .string(Base64URL.encode(data))
        }
        expectRefused(newTimestamp, invitee: &second, matching: Self.signatureRefused("does not verify"))
    }

    @Test("a correctly signed response on another thread is refused")
    func offThread() throws {
        var (invitee, request) = try startedHandshake()
        expectRefused(try response(to: request, thread: "another"), invitee: &invitee) {
            $0 == .protocolFailure(reason: "the answer is not on the request's thread")
        }
        #expect(invitee.problemReport(for: .protocolFailure(reason: "x"))?.threadID == request.id)
    }

    @Test("a response naming another DID than its DIDDoc's, or sent from a key it does not name, is refused")
    func otherRefusals() throws {
        var (invitee, request) = try startedHandshake()
        expectRefused(try response(to: request, did: TestKey.mallory.verkey.unqualifiedDID), invitee: &invitee) {
            if case .protocolFailure(let reason) = $0 { reason.contains("is not its DIDDoc's") } else { false }
        }
        (invitee, _) = try startedHandshake()
        let (fresh, freshRequest) = try startedHandshake()
        invitee = fresh
        expectRefused(try response(to: freshRequest), sender: TestKey.mallory.verkey, invitee: &invitee) {
            if case .protocolFailure(let reason) = $0 { reason.contains("not sent from") } else { false }
        }
        var (anonymous, anonymousRequest) = try startedHandshake()
        expectRefused(try response(to: anonymousRequest), sender: nil, invitee: &anonymous) {
            if case .protocolFailure = $0 { true } else { false }
        }
    }

    @Test("a response without its signed connection, or with a decorator of the wrong shape, is a typed error", arguments: [
        "no connection~sig", "~sig not an object", "another scheme", "signature too short", "sig_data not base64",
        "sig_data without a value", "signed value not JSON", "no DIDDoc", "signer not a key",
    ])
    func malformedResponses(_ defect: String) throws {
        var (invitee, request) = try startedHandshake()
        var object = try response(to: request).object
        var signature = object["connection~sig"]?.objectValue ?? [:]
        func resign(_ bytes: Data) {
            let data = Data([0, 0, 0, 0, 0x65, 0x53, 0xF1, 0]) + bytes
            signature["sig_data"] = .string(Base64URL.encode(data))
            signature["signature"] = .string(Base64URL.encode(try! TestKey.bob.privateKey.sign(data)))
        }
        switch defect {
        case "no connection~sig": object["connection~sig"] = nil
        case "~sig not an object": object["connection~sig"] = "signed"
        case "another scheme": signature["@type"] = "https://didcomm.org/signature/1.0/ed25519Sha256_single"
        case "signature too short": signature["signature"] = "AAAA"
        case "sig_data not base64": signature["sig_data"] = "%%%"
        case "sig_data without a value": signature["sig_data"] = .string(Base64URL.encode(Data(count: 8)))
        case "signed value not JSON": resign(Data("{\"DID\":".utf8))
        case "no DIDDoc": resign(Data("{\"DID\":\"abc\"}".utf8))
        default: signature["signer"] = "not-base58-0OIl"
        }
        if object["connection~sig"]?.objectValue != nil { object["connection~sig"] = .object(signature) }
        expectRefused(try DIDCommMessage(object: object), invitee: &invitee) {
            switch $0 {
            case .malformedMessage, .signatureNotVerified: true
            default: false
            }
        }
    }

    @Test("a deeply nested signed value is refused within the message limits, not parsed without bound")
    func deepSignedValue() throws {
        var (invitee, request) = try startedHandshake()
        let deep = Data((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8)
        let data = Data(count: 8) + deep
        let forged = try response(to: request) { signature in
            signature["sig_data"] = .string(Base64URL.encode(data))
            signature["signature"] = .string(Base64URL.encode(try! TestKey.bob.privateKey.sign(data)))
        }
        expectRefused(forged, invitee: &invitee, matching: Self.signatureRefused("not JSON"))
    }

    @Test("the inviter's problem report abandons the handshake")
    func inviterRefuses() throws {
        var (invitee, request) = try startedHandshake()
        let report = ProblemReport(code: "request_not_accepted").message(
            type: ConnectionsInvitee.protocolIdentifier.messageType("problem_report"), thread: ThreadDecorator(threadID: request.id))
        expectRefused(report, sender: TestKey.bob.verkey, invitee: &invitee) {
            if case .protocolFailure(let reason) = $0 { reason.contains("request_not_accepted") } else { false }
        }
    }

    @Test("an invitation naming a public DID instead of keys and an endpoint cannot start a handshake")
    func publicDIDInvitation() throws {
        let invitation = try ConnectionInvitation(DIDCommMessage(object: [
            "@type": "https://didcomm.org/connections/1.0/invitation", "@id": "i", "did": "did:sov:LjgpST2rjsoxYegQDRm7EL",
        ]))
        expectError(DIDCommError.self, matching: { if case .malformedInvitation = $0 { true } else { false } }) {
            _ = try ConnectionsInvitee(invitation: invitation, key: TestKey.alice.privateKey)
        }
    }

    @Test("an out-of-band invitation offering Connections 1.0 starts the same handshake under its @id; one offering only DID exchange does not")
    func outOfBandInvitation() throws {
        func invitation(_ handshake: String) throws -> OutOfBandInvitation {
            try OutOfBandInvitation(DIDCommMessage(object: [
                "@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "oob-3",
                "handshake_protocols": .array([.string(handshake)]),
                "services": [["id": "#inline", "recipientKeys": .array([.string(TestKey.bob.verkey.didKey)]), "serviceEndpoint": "http://127.0.0.1:1"]],
            ]))
        }
        var invitee = try ConnectionsInvitee(outOfBand: try invitation("did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/connections/1.0"), key: TestKey.alice.privateKey)
        #expect(invitee.invitationID == "oob-3" && invitee.invitationKey == TestKey.bob.verkey)
        let request = try invitee.request(label: "Alice")
        #expect(request.thread?.parentThreadID == "oob-3")
        _ = try invitee.receive(try response(to: request), sender: TestKey.carol.verkey)
        #expect(invitee.state == .completed)
        expectError(DIDCommError.self, matching: { if case .malformedInvitation = $0 { true } else { false } }) {
            _ = try ConnectionsInvitee(outOfBand: try invitation("https://didcomm.org/didexchange/1.0"), key: TestKey.alice.privateKey)
        }
    }

    @Test("a response replayed after the handshake completed is refused and the connection kept")
    func replayedResponse() throws {
        var (invitee, request) = try startedHandshake()
        let answer = try response(to: request)
        _ = try invitee.receive(answer, sender: TestKey.carol.verkey)
        let connection = invitee.connection
        expectError(DIDCommError.self, matching: { $0 == .protocolFailure(reason: "no request awaits a response") }) {
            _ = try invitee.receive(answer, sender: TestKey.carol.verkey)
        }
        #expect(invitee.state == .completed && invitee.connection == connection)
    }
}

@Suite("Signed fields (RFC 0234 ed25519Sha512_single)")
struct SignedFieldTests {
    @Test("sig_data is the 8-byte big-endian timestamp then the value's JSON; signer and timestamp read back")
    func roundTrip() throws {
        let value: JSONValue = ["DID": "abc", "n": 1]
        let field = try SignedField.sign(value, with: TestKey.bob.privateKey, timestamp: 1_700_000_000)
        #expect(field["@type"] == "https://didcomm.org/signature/1.0/ed25519Sha512_single")
        #expect(field["signer"]?.stringValue == TestKey.bob.verkey.base58)
        let data = try Base64URL.decodeLenient(try #require(field["sig_data"]?.stringValue))
        #expect(Array(data.prefix(8)) == [0, 0, 0, 0, 0x65, 0x53, 0xF1, 0])
        #expect(try JSONParser().parse(data.dropFirst(8)) == value)
        #expect(field["sig_data"]?.stringValue?.hasSuffix("=") == (data.count % 3 != 0))
        let verified = try SignedField.verify(field, signer: TestKey.bob.verkey)
        #expect(verified.value == value && verified.timestamp == 1_700_000_000)
    }
}
