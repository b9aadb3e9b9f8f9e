import CryptoKeys
import DIDComm
import Foundation
import Testing
import VellumTestSupport

/// `ConnectionsInvitee` against the Python agent's Connections 1.0 inviter (PyNaCl, written
/// from RFC 0160): the `?c_i=` invitation read, the request answered on the return route with
/// a response whose `connection~sig` the invitation key made, the trust ping that completes
/// the connection on the agent's side, then the offer the agent queued on it.
@Suite("Connections 1.0 with the Python Aries agent", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct ConnectionsAgentPeerTests {
    @Test("the handshake completes on both sides and the offer follows on the new connection", arguments: [false, true])
    func connect(legacyPrefix: Bool) async throws {
        try await AriesAgentPeer.with { agent in
            let invitation = try await agent.invite(.issueV1, handshake: .connections, legacyPrefix: legacyPrefix)
            guard case .connection(let connectionInvitation) = try Invitation(link: invitation.url) else {
                Issue.record("not a Connections 1.0 invitation")
                return
            }
            let key = PrivateKey(curve: .ed25519)
            var invitee = try ConnectionsInvitee(invitation: connectionInvitation, key: key)
            let transport = ReturnRouteTransport(client: AgentHolder.client, keys: [key])
            let connection = try await invitee.connect(label: "Vellum", over: transport, pollInterval: .milliseconds(50))
            #expect(invitee.state == .completed)
            #expect(connection.invitationKey == invitee.invitationKey)
            #expect(connection.theirService.serviceEndpoint == agent.server.baseURL.absoluteString + "/didcomm")
            let view = try #require(try await agent.admin("connections").arrayValue?.first { $0["their_did"]?.stringValue == connection.myDID })
            #expect(view["state"] == "completed" && view["my_did"]?.stringValue == connection.theirDID)

            let connected = AgentHolder.Connected(connection: connection, transport: transport, key: key)
            let offer = try await connected.next()
            #expect(offer.type.name == "offer-credential" && offer.id == invitation.exchangeID)
        }
    }
}
