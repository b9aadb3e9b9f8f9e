import AnonCreds
import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// The wallet answers Connections 1.0 invitations (`?c_i=`, RFC 0160) from the Python agent
/// (PyNaCl, written from the RFCs) as the invitee, then takes the AnonCreds credential the
/// agent offers on that connection to a stored, acknowledged one; a response whose
/// `connection~sig` another key made, whose `sig_data` was changed, or that is on another
/// thread is refused with a problem report on the request's thread, and nothing is kept.
@Suite("Wallet as Connections 1.0 invitee (Python agent)", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AriesConnectionsWalletTests {
    @Test("a ?c_i= invitation (or an out-of-band one offering Connections 1.0) is connected to (the agent's connection completes), then its offer is received, requested, stored and acked", arguments: [
        (AriesAgentPeer.ExchangeProtocol.issueV2, AriesAgentPeer.Family.anoncreds, false, AriesAgentPeer.Handshake.connections),
        (.issueV1, .indy, true, .connections), (.issueV2, .indy, false, .connectionsOutOfBand),
    ])
    func issuance(
        exchangeProtocol: AriesAgentPeer.ExchangeProtocol, family: AriesAgentPeer.Family, legacyPrefix: Bool, handshake: AriesAgentPeer.Handshake
    ) async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(exchangeProtocol, family: family, handshake: handshake, legacyPrefix: legacyPrefix)
            #expect(invitation.url.contains(handshake == .connections ? "?c_i=" : "?oob="))
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            #expect(offer.state == 3 && offer.threadID == invitation.exchangeID)
            let connection = try await wallet.ariesConnection(id: offer.connectionID)
            #expect(connection.kind == .connections)
            #expect(connection.label == "Vellum interop agent")
            let agentConnection = try #require(try await agent.admin("connections").arrayValue?.first { $0["their_did"]?.stringValue == connection.myDID })
            #expect(agentConnection["state"] == "completed")
            #expect(agentConnection["my_did"]?.stringValue == connection.theirDID)

            let done = try await wallet.sendAriesCredentialRequest(id: offer.id)
            #expect(done.state == 4)
            #expect(try await AriesWalletSupport.agentState(agent, invitation.exchangeID) == "done")
            let storedID = try #require(done.storedCredentialID)
            let summary = try #require(try await wallet.anonCredsSummaries()[storedID])
            #expect(summary.attributes["name"] == "Alice Example")
            #expect(try await AriesWalletSupport.problemReports(agent).isEmpty)
            #expect(try await wallet.ariesConnections().map(\.kind) == [.connections])
        }
    }

    /// Accepts a `?c_i=` invitation whose response misbehaves as `misbehaviour` says: the
    /// refusal must be `matching`, the agent must hold our `response_not_accepted` report on
    /// the request's thread, and the wallet must keep no connection, state object or credential.
    func expectRefusedHandshake(_ misbehaviour: AriesAgentPeer.Misbehaviour, matching: @escaping @Sendable (DIDCommError) -> Bool) async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(.issueV2, family: .anoncreds, handshake: .connections, misbehaviour: misbehaviour)
            await expectError(WalletError.self, matching: {
                if case .ariesFailed(.transport(let error)) = $0 { return matching(error) } else { return false }
            }) { _ = try await wallet.acceptAriesInvitation(invitation.url, polling: AriesWalletSupport.polling) }
            let reports = try await AriesWalletSupport.problemReports(agent)
            #expect(reports.count == 1)
            #expect(reports.first?["@type"] == "https://didcomm.org/connections/1.0/problem_report")
            #expect(reports.first?["description"]?["code"] == "response_not_accepted")
            #expect(reports.first?["thid"]?.stringValue?.isEmpty == false)
            #expect(try await wallet.ariesConnections().isEmpty)
            #expect(try await wallet.ariesCredentials().isEmpty)
            #expect(try await wallet.listCredentials().isEmpty)
            #expect(try await agent.admin("connections").arrayValue?.allSatisfy { $0["state"] != "completed" } == true)
            #expect(try await AriesWalletSupport.agentState(agent, invitation.exchangeID) == "invitation-sent")
        }
    }

    @Test("a response whose connection~sig another key made is refused: signatureNotVerified, a problem report, nothing kept")
    func signedByAnotherKey() async throws {
        try await expectRefusedHandshake(.connectionSignedByAnotherKey) {
            if case .signatureNotVerified(let reason) = $0 { reason.contains("signed by") } else { false }
        }
    }

    @Test("a response whose sig_data was changed after signing (its endpoint redirected) is refused: signatureNotVerified, a problem report, nothing kept")
    func tamperedSigData() async throws {
        try await expectRefusedHandshake(.connectionSigDataTampered) {
            if case .signatureNotVerified(let reason) = $0 { reason.contains("does not verify") } else { false }
        }
    }

    @Test("a correctly signed response on another thread than the request is refused: protocolFailure, a problem report, nothing kept")
    func offThread() async throws {
        try await expectRefusedHandshake(.connectionResponseOffThread) { $0 == .protocolFailure(reason: "the answer is not on the request's thread") }
    }
}
