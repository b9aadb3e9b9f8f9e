import Foundation
import Sandbox
import Wallet

extension DemoCommand {
    /// Part 6: the Aries flows of seed 002 — an out-of-band invitation accepted by DID exchange,
    /// an AnonCreds credential offered, requested, checked, stored and acknowledged, then a proof
    /// that the holder is at least 18 which reveals the name and not the age, each checked by the
    /// sandbox's own Aries issuer and verifier.
    func runAriesPart(issuer: SandboxIssuer, wallet: CredentialWallet, transcript: inout DemoTranscript) async throws {
        print("\n6. Aries (DIDComm v1, AnonCreds)")
        if try await issuer.prepareAries() {
            print("   the sandbox made its AnonCreds schema and credential definition (two safe primes)")
        }
        let invitation = try await issuer.createAriesInvitation()
        print("   invitation: out-of-band 1.1, DID exchange, then issue-credential 2.0 and present-proof 2.0")
        let accepted = try await wallet.acceptAriesInvitation(invitation.url.absoluteString, label: "vellum demo")
        print("   connected to \(accepted.connection.label ?? "the sandbox") by DID exchange (the wallet's key for it is sealed in the wallet)")
        guard let offer = accepted.received.credentials.first(where: { $0.state == 3 }) else {
            transcript.check("a credential offer arrived on the connection", false)
            return
        }
        let preview = offer.previewAttributes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("   offer (state \(offer.state)): \(preview)")
        _ = try await wallet.sendAriesCredentialRequest(id: offer.id)
        let issued = try await wallet.updateAriesCredentialState(id: offer.id)
        transcript.check(
            "the AnonCreds credential was checked (key correctness proof, CL signature, values, definition), stored and acknowledged (state \(issued.state))",
            issued.state == 4 && issued.storedCredentialID != nil)

        // The verifier's request follows the credential's ack; the wallet pulls it.
        _ = try await wallet.pullAriesMessages(connectionID: accepted.connection.id)
        guard let request = try await wallet.waitingAriesExchanges(connectionID: accepted.connection.id).proofs.first else {
            transcript.check("a proof request arrived on the connection", false)
            return
        }
        print("   proof request (state \(request.state)): \(request.comment ?? "reveal the name, prove age >= 18")")
        _ = try await wallet.sendDisclosedProof(id: request.id)
        let proven = try await wallet.updateDisclosedProofState(id: request.id)
        let exchanges = try await issuer.ariesExchanges(invitationID: invitation.id)
        let proof = exchanges.first { $0.step == .presentV2 }
        print("   the verifier saw: \(proof?.revealed.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ") ?? "-")")
        transcript.check(
            "the verifier verified the proof and acknowledged it (state \(proven.state)): the name revealed, age >= 18 proven, the age itself not revealed",
            proven.state == 4 && proof?.state == .done && proof?.revealed.keys.sorted() == ["name"])
        transcript.check(
            "the sandbox's issuer and verifier both ended their exchanges done",
            exchanges.count == 2 && exchanges.allSatisfy { $0.state == .done })
    }
}
