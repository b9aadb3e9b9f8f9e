import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport
@testable import Wallet

/// The wallet's Aries holder opposite ACA-Py 1.7 on loopback for W3C credentials, with a real
/// SQLite wallet: an out-of-band invitation connected by DID exchange, a JSON-LD credential the
/// wallet proposes issued over issue-credential 2.0 (`ld_proof`, Ed25519Signature2018 by a
/// did:key ACA-Py makes), checked, stored as `ldp_vc` bound to the wallet's holder DID and
/// acked until ACA-Py's record is `done`; then a DIF Presentation Exchange request over
/// present-proof 2.0 answered from the stored credential and verified by ACA-Py. ACA-Py 1.7
/// delivers nothing its admin API starts to a holder with no endpoint, so the wallet proposes
/// and ACA-Py answers each message on the return route.
@Suite("Wallet as Aries holder of W3C credentials (ACA-Py 1.7)", .enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage))
struct AriesLinkedDataACAPyTests {
    static let card: JSONObject = [
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://w3id.org/citizenship/v1"],
        "type": ["VerifiableCredential", "PermanentResidentCard"],
        "issuanceDate": "2026-01-01T00:00:00Z",
        "credentialSubject": [
            "type": ["PermanentResident"], "givenName": "ALICE", "familyName": "SMITH", "birthCountry": "Bahamas",
            "birthDate": "1958-07-17",
        ],
    ]

    static let definition: JSONObject = [
        "id": "5591656f-5b5d-40f8-ab5c-9041c8e3a6a0",
        "input_descriptors": [[
            "id": "citizenship_input_1", "name": "Permanent resident card",
            "schema": [["uri": "https://www.w3.org/2018/credentials#VerifiableCredential"], ["uri": "https://w3id.org/citizenship#PermanentResidentCard"]],
            "constraints": ["fields": [["path": ["$.credentialSubject.givenName"], "filter": ["type": "string", "const": "ALICE"]]]],
        ]],
    ]

    @Test("proposed ld_proof credential issued, checked, stored as ldp_vc and acked (ACA-Py done); DIF proof verified by ACA-Py; the request replayed is refused")
    func proposeIssueAndProve() async throws {
        let agent = try await ACAPyAgent.start(label: "faber", extraArguments: ACAPyAgent.answersProposals)
        defer { agent.stop() }
        let files = TemporaryWallet()
        defer { files.cleanUp() }
        let wallet = try await CredentialWallet.create(
            at: files.directory, passphrase: "correct horse battery staple",
            configuration: CredentialWalletConfiguration(keyDerivation: TemporaryWallet.fastKDF, httpClient: TemporaryWallet.loopbackHTTPClient()))
        defer { Task { try? await wallet.close() } }

        let accepted = try await wallet.acceptAriesInvitation(try await agent.createDIDExchangeInvitation(), polling: AriesWalletSupport.polling)
        let connectionID = accepted.connection.id
        var card = Self.card
        card["issuer"] = .string(try await agent.createDIDKey())

        // Issuance: the proposal's answer is an offer waiting for the holder.
        let proposed = try await wallet.proposeAriesCredential(connectionID: connectionID, credential: card, comment: "my residence card")
        let offer = try #require(proposed.credentials.first)
        #expect(offer.state == 3)
        #expect(offer.exchange.offer.attachments.map(\.format) == [.ldProofDetail])
        let issued = try await wallet.sendAriesCredentialRequest(id: offer.id)
        #expect(issued.state == 4)
        let storedID = try #require(issued.storedCredentialID)
        let stored = try await wallet.credential(id: storedID)
        #expect(stored.format == .ldpVC)
        let holder = try await wallet.holderDID()
        #expect(stored.holderKeyID == holder.keyID)
        let document = try JSONValue(parsing: stored.payload)
        #expect(document["credentialSubject"]?["id"]?.stringValue == holder.did)
        #expect(document["credentialSubject"]?["givenName"] == "ALICE")
        let records = try await agent.poll("/issue-credential-2.0/records") { $0["results"]?[0]?["cred_ex_record"]?["state"] == "done" }
        #expect(records["results"]?[0]?["cred_ex_record"]?["state"] == "done", "\(records.serializedString().prefix(2000))")

        // Presentation: the proposal's answer is a DIF request, answered from the stored card.
        let asked = try await wallet.proposeDisclosedProof(connectionID: connectionID, definition: Self.definition)
        let request = try #require(asked.proofs.first)
        #expect(request.state == 3)
        #expect(request.exchange.request.attachments.first?.format == .difDefinition)
        #expect(try await wallet.linkedDataCandidates(forDisclosedProof: request.id) == ["citizenship_input_1": [storedID]])
        #expect(try await wallet.disclosedProofCandidates(id: request.id) == nil)
        let sent = try await wallet.sendDisclosedProof(id: request.id)
        let presented = try #require(sent.exchange.presentation)
        #expect(presented["holder"]?.stringValue == holder.did)
        #expect(presented["verifiableCredential"]?[0]?["credentialSubject"]?["id"]?.stringValue == holder.did)
        let finished = sent.state == 2 ? try await wallet.updateDisclosedProofState(id: request.id, polling: AriesWalletSupport.polling) : sent
        let presentations = try await agent.poll("/present-proof-2.0/records") { $0["results"]?[0]?["state"] == "done" }
        let record = presentations["results"]?[0] ?? .null
        #expect(record["state"] == "done" && record["verified"] == "true", "\(record.serializedString().prefix(3000))")
        #expect(finished.state == 4 || !finished.exchange.verifierWillConfirm)

        // The same request again (its challenge answered) is refused before anything is made.
        let replayed = String(decoding: request.exchange.request.message.json, as: UTF8.self)
        await expectError(WalletError.self, matching: { if case .presentationFailed(.replayedNonce) = $0 { true } else { false } }) {
            _ = try await wallet.createDisclosedProof(sourceID: "replayed", request: replayed, connectionID: connectionID)
        }
    }
}
