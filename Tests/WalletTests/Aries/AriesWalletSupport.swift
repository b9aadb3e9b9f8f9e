import Aries
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// What the wallet's Aries tests share: a wallet whose HTTP client reaches the Python agent on
/// loopback, quick polling, the agent's view of an exchange, and a credential issued into the
/// wallet by the agent (what a proof test needs first).
enum AriesWalletSupport {
    /// Polling fast enough for a local agent that queues at once.
    static let polling = AriesPolling(maximumEmptyPolls: 40, interval: .milliseconds(50))

    /// Runs `body` with a fresh wallet and a started agent.
    static func with(_ body: (CredentialWallet, AriesAgentPeer) async throws -> Void) async throws {
        try await withFiles { wallet, agent, _ in try await body(wallet, agent) }
    }

    /// Runs `body` with a fresh wallet, its files and a started agent.
    static func withFiles(_ body: (CredentialWallet, AriesAgentPeer, TemporaryWallet) async throws -> Void) async throws {
        let files = TemporaryWallet()
        defer { files.cleanUp() }
        let wallet = try await CredentialWallet.create(
            at: files.directory, passphrase: "correct horse battery staple",
            configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient()))
        do {
            try await AriesAgentPeer.with { agent in try await body(wallet, agent, files) }
        } catch {
            try? await wallet.close()
            throw error
        }
        try await wallet.close()
    }

    /// Accepts `invitation` and returns the one offer that arrived with it.
    static func offer(_ invitation: AriesAgentPeer.Invitation, into wallet: CredentialWallet) async throws -> AriesCredential {
        let accepted = try await wallet.acceptAriesInvitation(invitation.url, polling: polling)
        #expect(accepted.received.proofs.isEmpty)
        return try #require(accepted.received.credentials.first)
    }

    /// Issues the agent's credential (name, age 28 …) into the wallet over issue-credential
    /// 2.0 (AnonCreds format) after DID exchange; returns the stored credential's id.
    static func issue(_ wallet: CredentialWallet, from agent: AriesAgentPeer) async throws -> String {
        let invitation = try await agent.invite(.issueV2, family: .anoncreds)
        let offer = try await offer(invitation, into: wallet)
        let done = try await wallet.sendAriesCredentialRequest(id: offer.id)
        #expect(done.state == 4)
        return try #require(done.storedCredentialID)
    }

    /// The agent's problem reports, as its admin API lists them.
    static func problemReports(_ agent: AriesAgentPeer) async throws -> [JSONValue] {
        try await agent.admin("problem-reports").arrayValue ?? []
    }

    /// The exchange's state on the agent.
    static func agentState(_ agent: AriesAgentPeer, _ id: String) async throws -> String? {
        try await agent.exchange(id)?["state"]?.stringValue
    }
}
