import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// `vellum aries connect` with a Connections 1.0 link (`?c_i=`) from the Python Aries agent:
/// the handshake, then the offer taken to a stored, acknowledged credential (exit 0); a
/// response signed by another key than the invitation's is refused (exit 8, nothing stored).
@Suite(
    "vellum aries connect with ?c_i= invitations",
    .enabled(if: VellumBinary.url != nil && PythonPeer.isAvailable, "skipped: the vellum binary or the Python peers are missing"))
struct AriesConnectionsCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-aries-c-i")
    }

    @Test("connect --yes --json: Connections 1.0, then the AnonCreds offer stored and acked; the connection's kind is connections")
    func connectAndIssue() async throws {
        try await withWallet {
            try await AriesAgentPeer.with { agent in
                let offer = try await agent.invite(.issueV2, family: .anoncreds, handshake: .connections)
                let result = try await vellum(["aries", "connect", offer.url, "--yes", "--json"])
                #expect(result.status == 0, "\(result.errorText)")
                let answer = try WalletCLI.json(result)
                #expect(answer["connection"]?["kind"] == "connections")
                #expect(answer["credentials"]?[0]?["state"] == 4)
                #expect(try await agent.exchange(offer.exchangeID)?["state"] == "done")
                #expect(try await storedCount() == 1)
            }
        }
    }

    @Test("connect refuses a response whose connection~sig another key made: exit 8, the reason named, a problem report, nothing stored")
    func refusesForeignSignature() async throws {
        try await withWallet {
            try await AriesAgentPeer.with { agent in
                let offer = try await agent.invite(.issueV2, family: .anoncreds, handshake: .connections, misbehaviour: .connectionSignedByAnotherKey)
                let result = try await vellum(["aries", "connect", offer.url, "--yes"])
                #expect(result.status == 8, "\(result.errorText)")
                #expect(result.errorText.contains("signature not verified"))
                #expect(try await agent.admin("problem-reports").arrayValue?.first?["description"]?["code"] == "response_not_accepted")
                #expect(try await storedCount() == 0)
            }
        }
    }
}
