import AnonCreds
import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// Every forgery the Python agent can make is refused by the wallet with a typed error, told
/// to the agent with a problem report on the thread, and leaves nothing stored: no credential,
/// no answered nonce.
@Suite("Wallet refuses Aries forgeries (Python agent)", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AriesWalletRefusalTests {
    /// Accepts an offer from a misbehaving agent and expects the request or the credential
    /// refused with `matching`, the agent's exchange abandoned by our report, nothing stored.
    func expectRefusedIssuance(
        _ misbehaviour: AriesAgentPeer.Misbehaviour, connectionless: Bool = false, code: String = "issuance-abandoned",
        matching: @escaping @Sendable (AnonCredsError) -> Bool
    ) async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(.issueV2, family: .anoncreds, connectionless: connectionless, misbehaviour: misbehaviour)
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            await expectError(WalletError.self, matching: {
                if case .ariesFailed(.refused(.anonCreds(let error))) = $0 { return matching(error) } else { return false }
            }) { _ = try await wallet.sendAriesCredentialRequest(id: offer.id) }
            let view = try #require(try await agent.exchange(invitation.exchangeID))
            #expect(view["state"] == "abandoned")
            #expect(view["problem_reports"]?[0]?["description"]?["code"]?.stringValue == code)
            #expect(try await wallet.listCredentials().isEmpty)
            #expect(try await wallet.ariesCredential(id: offer.id).state == 0)
        }
    }

    @Test("an offer whose key correctness proof fails is refused before any request is sent", arguments: [false, true])
    func badKeyCorrectnessProof(connectionless: Bool) async throws {
        try await expectRefusedIssuance(.badKeyCorrectnessProof, connectionless: connectionless) {
            if case .keyCorrectnessProofInvalid = $0 { true } else { false }
        }
    }

    @Test("a credential whose raw value is not the one signed is refused")
    func tamperedValue() async throws {
        try await expectRefusedIssuance(.tamperedValue) { if case .encodedValueMismatch = $0 { true } else { false } }
    }

    @Test("a credential whose signature was changed is refused")
    func tamperedSignature() async throws {
        try await expectRefusedIssuance(.tamperedSignature) {
            switch $0 {
            case .signatureInvalid, .signatureCorrectnessProofInvalid, .signatureExponentInvalid: true
            default: false
            }
        }
    }

    @Test("a credential for another credential definition than offered is refused")
    func otherCredentialDefinition() async throws {
        try await expectRefusedIssuance(.otherCredentialDefinition) { if case .credentialDefinitionMismatch = $0 { true } else { false } }
    }

    @Test("a proof request replaying an answered nonce is refused on arrival (typed replayedNonce), reported to the agent, and kept nowhere")
    func replayedNonce() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            _ = try await AriesWalletSupport.issue(wallet, from: agent)
            let first = try await agent.invite(.presentV2, family: .anoncreds)
            let request = try #require(try await wallet.acceptAriesInvitation(first.url, polling: AriesWalletSupport.polling).received.proofs.first)
            #expect(try await wallet.sendDisclosedProof(id: request.id).state == 4)

            let replay = try await agent.invite(.presentV2, family: .anoncreds, connectionless: true, misbehaviour: .replayedNonce)
            await expectError(WalletError.self, matching: {
                if case .presentationFailed(.replayedNonce) = $0 { return true } else { return false }
            }) { _ = try await wallet.acceptAriesInvitation(replay.url, polling: AriesWalletSupport.polling) }
            let view = try #require(try await agent.exchange(replay.exchangeID))
            #expect(view["state"] == "abandoned")
            #expect(view["problem_reports"]?[0]?["description"]?["code"] == "abandoned")
            #expect(try await wallet.disclosedProofs().count == 1)
        }
    }

    @Test("an envelope with one bit flipped does not open: a typed transport error, a problem report on the connection, nothing kept")
    func flippedBit() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(.issueV2, misbehaviour: .flippedBit)
            await expectError(WalletError.self, matching: { $0 == .ariesFailed(.transport(.payloadNotAuthenticated)) }) {
                _ = try await wallet.acceptAriesInvitation(invitation.url, polling: AriesWalletSupport.polling)
            }
            let reports = try await AriesWalletSupport.problemReports(agent)
            #expect(reports.contains { $0["description"]?["code"] == "message-unreadable" })
            #expect(try await wallet.ariesCredentials().isEmpty)
            #expect(try await wallet.listCredentials().isEmpty)
        }
    }
}
