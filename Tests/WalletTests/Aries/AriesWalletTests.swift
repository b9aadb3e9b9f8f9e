import AnonCreds
import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// The wallet as an Aries holder opposite the Python agent (anoncreds-rs + PyNaCl, written from
/// the RFCs) over loopback HTTP, with a real SQLite wallet: invitations accepted by DID exchange
/// and connectionless, offers of issue-credential 1.0 and 2.0 (both attachment families, both
/// type prefixes) taken to a stored, acknowledged credential, proofs of `age >= 18` that do not
/// reveal the age, and the exchanges finished by pull and by push.
@Suite("Wallet as Aries holder (Python agent)", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AriesWalletTests {
    struct OfferCase: Sendable, CustomTestStringConvertible {
        var exchangeProtocol: AriesAgentPeer.ExchangeProtocol
        var family: AriesAgentPeer.Family
        var legacyPrefix: Bool
        var connectionless: Bool

        var testDescription: String {
            "\(exchangeProtocol.rawValue) \(family.rawValue)\(legacyPrefix ? " legacy prefix" : "")\(connectionless ? " connectionless" : "")"
        }
    }

    static let offerCases: [OfferCase] = [
        OfferCase(exchangeProtocol: .issueV1, family: .indy, legacyPrefix: false, connectionless: false),
        OfferCase(exchangeProtocol: .issueV1, family: .indy, legacyPrefix: true, connectionless: false),
        OfferCase(exchangeProtocol: .issueV2, family: .indy, legacyPrefix: false, connectionless: false),
        OfferCase(exchangeProtocol: .issueV2, family: .anoncreds, legacyPrefix: true, connectionless: false),
        OfferCase(exchangeProtocol: .issueV2, family: .anoncreds, legacyPrefix: false, connectionless: true),
        OfferCase(exchangeProtocol: .issueV1, family: .indy, legacyPrefix: false, connectionless: true),
    ]

    @Test("an offer is received (3), its request sent and the credential checked, stored and acked on the return route (4); the agent's exchange is done", arguments: offerCases)
    func issuance(_ offerCase: OfferCase) async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(
                offerCase.exchangeProtocol, family: offerCase.family, connectionless: offerCase.connectionless, legacyPrefix: offerCase.legacyPrefix)
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            #expect(offer.state == 3)
            #expect(offer.threadID == invitation.exchangeID)
            #expect(offer.previewAttributes["name"] == "Alice Example")
            let connection = try await wallet.ariesConnection(id: offer.connectionID)
            #expect(connection.kind == (offerCase.connectionless ? .connectionless : .didExchange))

            let done = try await wallet.sendAriesCredentialRequest(id: offer.id)
            #expect(done.state == 4)
            #expect(try await AriesWalletSupport.agentState(agent, invitation.exchangeID) == "done")
            let storedID = try #require(done.storedCredentialID)
            let summary = try #require(try await wallet.anonCredsSummaries()[storedID])
            #expect(summary.attributes["name"] == "Alice Example")
            #expect(try await AriesWalletSupport.problemReports(agent).isEmpty)
        }
    }

    @Test("a proof request of each version and family is answered from the stored credential: name revealed, age >= 18 proven without the age; the verifier verifies and acks (4)")
    func proofs() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            _ = try await AriesWalletSupport.issue(wallet, from: agent)
            for (exchangeProtocol, family) in [
                (AriesAgentPeer.ExchangeProtocol.presentV1, AriesAgentPeer.Family.indy), (.presentV2, .indy), (.presentV2, .anoncreds),
            ] {
                let invitation = try await agent.invite(exchangeProtocol, family: family, legacyPrefix: exchangeProtocol == .presentV1)
                let accepted = try await wallet.acceptAriesInvitation(invitation.url, polling: AriesWalletSupport.polling)
                let request = try #require(accepted.received.proofs.first)
                #expect(request.state == 3)
                let candidates = try #require(try await wallet.disclosedProofCandidates(id: request.id))
                #expect(candidates.unanswerable.isEmpty)

                let done = try await wallet.sendDisclosedProof(id: request.id)
                #expect(done.state == 4)
                let agentView = try #require(try await agent.exchange(invitation.exchangeID))
                #expect(agentView["state"] == "verified" && agentView["verified"] == true)
                #expect(agentView["revealed_name"] == "Alice Example")
                let proof = try #require(done.exchange.presentation)
                let revealed = proof["requested_proof"]?["revealed_attrs"]?.objectValue?.keys.sorted() ?? []
                #expect(revealed == ["name"])
                #expect(proof["requested_proof"]?["predicates"]?["age"] != nil)
                #expect(!proof.serializedString().contains("\"28\""), "the age itself is not in the proof")
            }
        }
    }

    @Test("pull: the request goes without return route, the credential stays queued, and credentialUpdateState fetches it with trust pings (2 → 4)")
    func pull() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(.issueV2, family: .anoncreds)
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            let sent = try await wallet.sendAriesCredentialRequest(id: offer.id, returnRoute: false)
            #expect(sent.state == 2)
            let done = try await wallet.updateAriesCredentialState(id: offer.id, polling: AriesWalletSupport.polling)
            #expect(done.state == 4 && done.storedCredentialID != nil)
            #expect(try await AriesWalletSupport.agentState(agent, invitation.exchangeID) == "done")

            let proofInvitation = try await agent.invite(.presentV2, family: .anoncreds)
            let request = try #require(try await wallet.acceptAriesInvitation(proofInvitation.url, polling: AriesWalletSupport.polling).received.proofs.first)
            #expect(try await wallet.sendDisclosedProof(id: request.id, returnRoute: false).state == 2)
            #expect(try await wallet.updateDisclosedProofState(id: request.id, polling: AriesWalletSupport.polling).state == 4)
        }
    }

    @Test("push: the downloaded credential message handed in completes the exchange (2 → 4), and the downloaded ack completes the proof")
    func push() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(.issueV1, legacyPrefix: true)
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            #expect(try await wallet.sendAriesCredentialRequest(id: offer.id, returnRoute: false).state == 2)
            let messages = try await wallet.downloadAriesMessages(connectionID: offer.connectionID, polling: AriesWalletSupport.polling)
            let credentialMessage = try #require(messages.first { $0.thread?.threadID == offer.threadID })
            #expect(try await wallet.ariesCredential(id: offer.id).state == 2, "downloading applies nothing")
            let done = try await wallet.updateAriesCredentialState(id: offer.id, with: credentialMessage)
            #expect(done.state == 4 && done.storedCredentialID != nil)

            let proofInvitation = try await agent.invite(.presentV1, legacyPrefix: true)
            let request = try #require(try await wallet.acceptAriesInvitation(proofInvitation.url, polling: AriesWalletSupport.polling).received.proofs.first)
            #expect(try await wallet.sendDisclosedProof(id: request.id, returnRoute: false).state == 2)
            let answers = try await wallet.downloadAriesMessages(connectionID: request.connectionID, polling: AriesWalletSupport.polling)
            let ack = try #require(answers.first { $0.thread?.threadID == request.threadID })
            #expect(try await wallet.updateDisclosedProofState(id: request.id, with: ack).state == 4)
        }
    }

    @Test("reject: the offer is refused with the holder's comment in a problem report on its thread; the state is 9 and nothing is stored")
    func reject() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            let invitation = try await agent.invite(.issueV2, family: .indy)
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            let rejected = try await wallet.rejectAriesCredential(id: offer.id, comment: "not today")
            #expect(rejected.state == 9)
            let view = try #require(try await agent.exchange(invitation.exchangeID))
            #expect(view["state"] == "abandoned")
            #expect(view["problem_reports"]?[0]?["description"]?["en"] == "not today")
            #expect(try await wallet.listCredentials().isEmpty)
            try await wallet.deleteAriesCredential(id: offer.id)
            #expect(try await wallet.ariesCredentials().isEmpty)
        }
    }

    @Test("fetchPublicEntities() fills the cache through the ~ledger the offer carried, so a later proof needs no network")
    func publicEntities() async throws {
        try await AriesWalletSupport.with { wallet, agent in
            _ = try await AriesWalletSupport.issue(wallet, from: agent)
            let report = try await wallet.fetchPublicEntities()
            #expect(report.isComplete)
            #expect(report.fetched.count + report.alreadyCached.count == 2)
            let summary = try #require(try await wallet.anonCredsSummaries().values.first)
            let offline = wallet.anonCredsRegistry()
            _ = try await offline.credentialDefinition(id: summary.credentialDefinitionID)
            _ = try await offline.schema(id: summary.schemaID)
        }
    }

    @Test("the connection's key, the peer's endpoint and the exchange's messages are sealed: none is in the wallet file's bytes")
    func sealedAtRest() async throws {
        try await AriesWalletSupport.withFiles { wallet, agent, files in
            let invitation = try await agent.invite(.issueV2, family: .anoncreds)
            let offer = try await AriesWalletSupport.offer(invitation, into: wallet)
            let (connection, key) = try await wallet.connectionAndKey(id: offer.connectionID)
            let bytes = try files.allFileBytes()
            #expect(!bytes.contains(key.rawRepresentation))
            #expect(!bytes.contains(Data(connection.theirService.serviceEndpoint.utf8)))
            #expect(!bytes.contains(Data(offer.threadID.utf8)))
            #expect(!bytes.contains(Data("Alice Example".utf8)))
        }
    }
}
