import CryptoKeys
import DIDComm
import Foundation
import HTTP
import JSONModel
import Testing
import VellumTestSupport

/// ACA-Py 1.7 no longer runs Connections 1.0 as the inviter: it has no
/// `/connections/create-invitation` route, and although its out-of-band invitations may still
/// name `https://didcomm.org/connections/1.0` in `handshake_protocols`, its dispatcher does not
/// recognise `connections/1.0/request` (and cannot send the problem report it tries, the
/// connection not being ready). What the holder can prove against it is that an unanswered
/// request ends in a typed error after the polls it allows, not in a hang.
@Suite("Connections 1.0 with ACA-Py 1.7 (not supported by ACA-Py)", .enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage))
struct ConnectionsACAPyTests {
    @Test("ACA-Py's out-of-band invitation offering Connections 1.0 is read, the request goes unanswered, the handshake is abandoned with protocolFailure")
    func unanswered() async throws {
        let agent = try await ACAPyAgent.start(label: "faber")
        defer { agent.stop() }
        #expect(try await agent.exchange("/connections/create-invitation", json: Data("{}".utf8)).status == 405)
        let created = try JSONParser().parse(try await agent.post(
            "/out-of-band/create-invitation",
            json: Data(#"{"handshake_protocols":["https://didcomm.org/connections/1.0"],"use_public_did":false}"#.utf8)))
        guard case .outOfBand(let invitation) = try Invitation(link: try #require(created["invitation_url"]?.stringValue)) else {
            Issue.record("not an out-of-band invitation")
            return
        }
        let key = PrivateKey(curve: .ed25519)
        var invitee = try ConnectionsInvitee(outOfBand: invitation, key: key)
        let transport = ReturnRouteTransport(client: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30))), keys: [key])
        await expectError(DIDCommError.self, matching: {
            if case .protocolFailure(let reason) = $0 { reason.contains("no response") } else { false }
        }) { _ = try await invitee.connect(label: "Vellum", over: transport, maximumPolls: 4) }
        #expect(invitee.state == .abandoned && invitee.connection == nil)
    }
}
