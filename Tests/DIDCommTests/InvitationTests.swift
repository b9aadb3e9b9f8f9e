import DIDComm
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport

@Suite("Invitations: out-of-band 1.1 and the legacy c_i and d_m links")
struct InvitationTests {
    static let oob: JSONValue = [
        "@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "inv-1", "label": "Faber",
        "handshake_protocols": ["did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/didexchange/1.0"],
        "services": [
            [
                "id": "#inline", "type": "did-communication", "serviceEndpoint": "http://127.0.0.1:8020",
                "recipientKeys": .array([.string(TestKey.bob.verkey.didKey + "#" + TestKey.bob.verkey.didKey.dropFirst(8))]),
                "routingKeys": .array([.string(TestKey.mediator.verkey.didKey)]),
            ],
            "did:sov:LjgpST2rjsoxYegQDRm7EL",
        ],
    ]

    static func link(_ parameter: String, _ value: JSONValue) -> String {
        "https://example.com/invite?\(parameter)=" + Base64URL.encode(value.serialized())
    }

    @Test("an oob link: label, handshake protocols normalised, inline service with did:key keys, a DID service")
    func outOfBand() throws {
        guard case .outOfBand(let invitation) = try Invitation(link: Self.link("oob", Self.oob)) else {
            Issue.record("not read as out-of-band")
            return
        }
        #expect(invitation.id == "inv-1")
        #expect(invitation.label == "Faber")
        #expect(invitation.handshakeProtocols == [.didExchange])
        #expect(invitation.inlineService?.recipientKeys == [TestKey.bob.verkey])
        #expect(invitation.inlineService?.routingKeys == [TestKey.mediator.verkey])
        #expect(invitation.services.last == .did("did:sov:LjgpST2rjsoxYegQDRm7EL"))
    }

    @Test("a legacy c_i link: a Connections 1.0 invitation with base58 keys (standard base64, padded)")
    func connectionInvitation() throws {
        let value: JSONValue = [
            "@type": "did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/connections/1.0/invitation", "@id": "c1", "label": "Old agent",
            "recipientKeys": .array([.string(TestKey.bob.verkey.base58)]), "serviceEndpoint": "http://127.0.0.1:9000",
        ]
        let link = "didcomm://invite?c_i=" + value.serialized().base64EncodedString()
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        guard case .connection(let invitation) = try Invitation(link: link) else {
            Issue.record("not read as a connection invitation")
            return
        }
        #expect(invitation.label == "Old agent")
        #expect(invitation.service == .inline(DIDCommService(recipientKeys: [TestKey.bob.verkey], serviceEndpoint: "http://127.0.0.1:9000")))
    }

    @Test("a d_m link: a connectionless message answered at its ~service")
    func connectionless() throws {
        let value: JSONValue = [
            "@type": "https://didcomm.org/present-proof/1.0/request-presentation", "@id": "r1",
            "request_presentations~attach": [["@id": "libindy-request-presentation-0", "data": ["base64": "e30="]]],
            "~service": ["recipientKeys": .array([.string(TestKey.bob.verkey.base58)]), "routingKeys": [], "serviceEndpoint": "http://127.0.0.1:9001"],
        ]
        guard case .connectionless(let message, let service) = try Invitation(link: Self.link("d_m", value)) else {
            Issue.record("not read as connectionless")
            return
        }
        #expect(message.id == "r1")
        #expect(service.serviceEndpoint == "http://127.0.0.1:9001")
    }

    @Test("invitations that cannot be acted on are refused with typed errors", arguments: [
        "https://example.com/", "https://example.com/?x=1", "https://example.com/?oob=%%%", "https://example.com/?oob=bm90IGpzb24",
        InvitationTests.link("oob", ["@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "i", "handshake_protocols": ["https://didcomm.org/didexchange/1.0"]]),
        InvitationTests.link("oob", ["@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "i", "services": ["did:sov:x"]]),
        InvitationTests.link("oob", ["@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "i", "handshake_protocols": ["https://didcomm.org/didexchange/1.0"], "services": [["recipientKeys": ["did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme"], "serviceEndpoint": "http://x"]]]),
        InvitationTests.link("oob", ["@type": "https://didcomm.org/out-of-band/1.1/invitation", "@id": "i", "handshake_protocols": ["https://didcomm.org/didexchange/1.0"], "services": [3]]),
        InvitationTests.link("oob", ["@type": "https://didcomm.org/trust_ping/1.0/ping", "@id": "i"]),
        InvitationTests.link("d_m", ["@type": "https://didcomm.org/trust_ping/1.0/ping", "@id": "i"]),
        "https://example.com/?oob=" + String(repeating: "A", count: 70_000),
    ])
    func refused(link: String) {
        expectError(DIDCommError.self, matching: { _ in true }) { _ = try Invitation(link: link) }
    }
}

@Suite("Invitations made by ACA-Py 1.7", .enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage))
struct ACAPyInvitationTests {
    @Test("an out-of-band invitation for DID exchange 1.0 from /out-of-band/create-invitation")
    func createdByACAPy() async throws {
        let agent = try await ACAPyAgent.start(label: "faber")
        defer { agent.stop() }
        let body = try await agent.post(
            "/out-of-band/create-invitation",
            json: Data(#"{"handshake_protocols":["https://didcomm.org/didexchange/1.0"],"use_public_did":false}"#.utf8))
        let answer = try JSONParser().parse(body)
        let link = try #require(answer["invitation_url"]?.stringValue)
        guard case .outOfBand(let invitation) = try Invitation(link: link) else {
            Issue.record("not read as out-of-band: \(link)")
            return
        }
        #expect(invitation.id == answer["invitation"]?["@id"]?.stringValue)
        #expect(invitation.label == "faber")
        #expect(invitation.handshakeProtocols == [.didExchange])
        #expect(invitation.inlineService?.serviceEndpoint == agent.endpointURL.absoluteString)
        #expect(invitation.inlineService?.recipientKeys.count == 1)
    }
}
