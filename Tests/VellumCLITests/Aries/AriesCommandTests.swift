import Foundation
import JSONModel
import Sandbox
import Testing
import VellumTestSupport

/// `vellum aries` against the Python Aries agent on loopback: `connect` takes an offer to a
/// stored, acknowledged credential and a proof request to an acknowledged presentation
/// (exit 0), refuses a forgery (exit 1, nothing stored, the agent's exchange abandoned by our
/// problem report), asks before each unless `--yes` (a no rejects it, exit 9), and `offers`,
/// `proofs`, `reject` work on what is pending.
@Suite(
    "vellum aries against the Python Aries agent",
    .enabled(if: VellumBinary.url != nil && PythonPeer.isAvailable, "skipped: the vellum binary or the Python peers are missing"))
struct AriesCommandTests: CLIScratchSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("vellum-aries")
    }

    @Test("connect --yes: DID exchange, the v2 offer stored and acked, then a connectionless proof of age >= 18 verified and acked; list shows the identifiers")
    func connectIssueAndProve() async throws {
        try await withWallet {
            try await AriesAgentPeer.with { agent in
                let offer = try await agent.invite(.issueV2, family: .anoncreds)
                let issued = try await vellum(["aries", "connect", offer.url, "--yes", "--json"])
                #expect(issued.status == 0, "\(issued.errorText)")
                let issuedJSON = try WalletCLI.json(issued)
                #expect(issuedJSON["credentials"]?[0]?["state"] == 4)
                #expect(issuedJSON["connection"]?["kind"] == "did-exchange")
                #expect(try await agent.exchange(offer.exchangeID)?["state"] == "done")

                let request = try await agent.invite(.presentV1, connectionless: true, legacyPrefix: true)
                let proved = try await vellum(["aries", "connect", request.url, "--yes"])
                #expect(proved.status == 0, "\(proved.errorText)")
                #expect(proved.outputText.contains("prove age without revealing it"))
                #expect(proved.outputText.contains("acknowledged by the verifier"))
                #expect(try await agent.exchange(request.exchangeID)?["verified"] == true)

                let listed = try await vellum(["list"])
                #expect(listed.outputText.contains("cred_def_id: ") && listed.outputText.contains("schema_id: "))
            }
        }
    }

    @Test("connect --yes to the sandbox's issue-then-prove invitation: the proof request the verifier queues behind the credential's ack is answered too, revealing the name and not the age")
    func connectToTheSandbox() async throws {
        var configuration = SandboxConfiguration()
        configuration.ariesSafePrimeBits = 256
        let issuer = try SandboxIssuer(configuration: configuration)
        _ = try await issuer.start()
        do {
            let invitation = try await issuer.createAriesInvitation()
            try await withWallet {
                let connected = try await vellum(["aries", "connect", invitation.url.absoluteString, "--yes", "--json"])
                #expect(connected.status == 0, "\(connected.errorText)")
                let answer = try WalletCLI.json(connected)
                #expect(answer["credentials"]?[0]?["state"] == 4)
                #expect(answer["proofs"]?[0]?["state"] == 4)
            }
            let exchanges = try await issuer.ariesExchanges(invitationID: invitation.id)
            #expect(exchanges.map(\.state) == [.done, .done])
            #expect(exchanges.last?.revealed.keys.sorted() == ["name"])
        } catch {
            await issuer.stop()
            throw error
        }
        await issuer.stop()
    }

    @Test("connect refuses an offer with a bad key correctness proof: exit 1, a problem report on the thread, nothing stored")
    func refusesBadKeyProof() async throws {
        try await withWallet {
            try await AriesAgentPeer.with { agent in
                let offer = try await agent.invite(.issueV2, family: .anoncreds, misbehaviour: .badKeyCorrectnessProof)
                let result = try await vellum(["aries", "connect", offer.url, "--yes"])
                #expect(result.status == 1, "\(result.errorText)")
                #expect(result.errorText.contains("key correctness proof"))
                #expect(try await agent.exchange(offer.exchangeID)?["state"] == "abandoned")
                #expect(try await storedCount() == 0)
            }
        }
    }

    @Test("without --yes a no at the prompt rejects the offer (exit 9); offers --all shows it rejected; reject refuses an unknown id (exit 5)")
    func declineAndList() async throws {
        try await withWallet {
            try await AriesAgentPeer.with { agent in
                let offer = try await agent.invite(.issueV1)
                let declined = try await WalletCLI.run(["aries", "connect", offer.url, "--wallet", directory.path], answers: ["n"])
                #expect(declined.status == 9, "\(declined.errorText)")
                #expect(declined.outputText.contains("Alice Example"))
                #expect(try await agent.exchange(offer.exchangeID)?["state"] == "abandoned")
                let pending = try WalletCLI.json(try await vellum(["aries", "offers", "--json"]))
                #expect(pending == [])
                let all = try WalletCLI.json(try await vellum(["aries", "offers", "--all", "--json"]))
                #expect(all[0]?["state"] == 9)
                #expect(try await vellum(["aries", "reject", "no-such-id"]).status == 5)
            }
        }
    }

    @Test("connect reads the invitation from a PNG of its QR code, as a phone camera would")
    func connectFromPicture() async throws {
        try await withWallet {
            try await AriesAgentPeer.with { agent in
                let offer = try await agent.invite(.issueV1)
                let picture = folder.appendingPathComponent("invitation.png")
                try QRCodePNG.render(offer.url).write(to: picture)
                let result = try await vellum(["aries", "connect", picture.path, "--yes", "--json"])
                #expect(result.status == 0, "\(result.errorText)")
                #expect(try WalletCLI.json(result)["credentials"]?[0]?["state"] == 4)
                #expect(try await storedCount() == 1)
            }
        }
    }
}
