import CryptoKeys
import DIDComm
import Foundation
import HTTP
import JSONModel
import Testing
import VellumTestSupport

/// Vellum connects to ACA-Py 1.7 on loopback: ACA-Py makes an out-of-band invitation for DID
/// exchange 1.0, Vellum sends the request with return route `all`, takes the response from the
/// same POST (or polls for it with trust pings), checks it and sends complete; ACA-Py's own
/// message classes read every message and its connection record reaches `completed`.
@Suite("DID exchange with ACA-Py 1.7", .enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage))
struct DIDExchangeACAPyTests {
    @Test("an out-of-band invitation accepted end to end; ACA-Py's connection completes")
    func connect() async throws {
        let agent = try await ACAPyAgent.start(label: "faber", extraArguments: ["--auto-accept-requests"])
        defer { agent.stop() }
        guard case .outOfBand(let invitation) = try Invitation(link: try await agent.createDIDExchangeInvitation()) else {
            Issue.record("not an out-of-band invitation")
            return
        }
        let key = PrivateKey(curve: .ed25519)
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: key)
        let transport = ReturnRouteTransport(client: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30))), keys: [key])
        let connection = try await invitee.connect(label: "Vellum", over: transport)
        #expect(invitee.state == .completed)
        #expect(try connection.myDID == Verkey(of: key).unqualifiedDID)

        var state = ""
        for _ in 0..<40 {
            let connections = try JSONParser().parse(Data(try await agent.get("/connections").utf8))
            let record = connections["results"]?.arrayValue?.first { $0["their_did"]?.stringValue == connection.myDID }
            state = record?["rfc23_state"]?.stringValue ?? ""
            if state == "completed" { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(state == "completed")
    }
}
