import Aries
import CryptoKeys
import DIDComm
import Foundation
import HTTP
import JSONModel
import Testing
import VellumTestSupport

/// Vellum's holder against ACA-Py 1.7 on loopback (no ledger, so W3C credentials): an
/// out-of-band invitation accepted with DID exchange, a JSON-LD credential issued over
/// issue-credential 2.0 by a did:key ACA-Py makes (Ed25519Signature2018) until ACA-Py's record
/// is `done`, then a DIF Presentation Exchange request over present-proof 2.0 answered and
/// verified by ACA-Py (`verified: true`). Each exchange starts with the holder's proposal, which
/// ACA-Py answers on the return route (a message its admin API starts cannot reach a holder
/// with no endpoint in 1.7); from the offer and the request on, the holder is Vellum's
/// state machines.
@Suite("Aries exchanges with ACA-Py 1.7", .enabled(if: ACAPyAgent.isAvailable, ACAPyAgent.skipMessage))
struct ACAPyExchangeTests {
    /// The next message from the agent on `connection`, polling with trust pings.
    static func next(_ transport: ReturnRouteTransport, _ connection: DIDCommConnection, key: PrivateKey) async throws -> DIDCommMessage {
        for _ in 0..<80 {
            if let received = try await transport.poll(connection.theirService, from: key) { return received.message }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw AriesError.unexpectedMessage(reason: "ACA-Py sent nothing")
    }

    /// Sends `message`; the answer on the same POST, or the next one polled.
    static func exchange(
        _ message: DIDCommMessage, _ transport: ReturnRouteTransport, _ connection: DIDCommConnection, key: PrivateKey
    ) async throws -> DIDCommMessage {
        if let answer = try await transport.send(message, to: connection.theirService, from: key) { return answer.message }
        return try await next(transport, connection, key: key)
    }

    /// A 2.0 proposal of `type` carrying `content` in `format` under `member`.
    static func proposal(_ type: MessageType, member: String, format: AttachmentFormat, content: JSONValue) -> DIDCommMessage {
        let attachment = FormattedAttachment(format: format, content: content).attachment
        return DIDCommMessage(type: type, body: [
            "formats": [["attach_id": .string(attachment.id ?? ""), "format": .string(format.identifier)]],
            member: [attachment.jsonValue],
        ])
    }

    static let credential: JSONValue = [
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://w3id.org/citizenship/v1"],
        "type": ["VerifiableCredential", "PermanentResidentCard"],
        "issuanceDate": "2026-01-01T00:00:00Z",
        "credentialSubject": [
            "type": ["PermanentResident"], "givenName": "ALICE", "familyName": "SMITH", "gender": "Female",
            "birthCountry": "Bahamas", "birthDate": "1958-07-17",
        ],
    ]

    static let definition: JSONValue = [
        "id": "32f54163-7166-48f1-93d8-ff217bdb0653",
        "input_descriptors": [[
            "id": "citizenship_input_1", "name": "Permanent resident card",
            "schema": [["uri": "https://www.w3.org/2018/credentials#VerifiableCredential"], ["uri": "https://w3id.org/citizenship#PermanentResidentCard"]],
            "constraints": ["fields": [["path": ["$.credentialSubject.givenName"], "filter": ["type": "string", "const": "ALICE"]]]],
        ]],
    ]

    @Test("out-of-band + DID exchange, issue-credential 2.0 ld_proof to done, present-proof 2.0 DIF verified by ACA-Py")
    func endToEnd() async throws {
        let agent = try await ACAPyAgent.start(label: "faber", extraArguments: ACAPyAgent.answersProposals)
        defer { agent.stop() }
        guard case .outOfBand(let invitation) = try Invitation(link: try await agent.createDIDExchangeInvitation()) else {
            Issue.record("not an out-of-band invitation")
            return
        }
        let key = PrivateKey(curve: .ed25519)
        var invitee = try DIDExchangeInvitee(invitation: invitation, key: key)
        let transport = ReturnRouteTransport(client: NIOHTTPClient(policy: HTTPClientPolicy(timeout: .seconds(30))), keys: [key])
        let connection = try await invitee.connect(label: "Vellum", over: transport)
        let connections = try await agent.poll("/connections") { json in
            json["results"]?.arrayValue?.contains { $0["their_did"]?.stringValue == connection.myDID && $0["rfc23_state"] == "completed" } == true
        }
        _ = try #require(connections["results"]?.arrayValue?.first { $0["their_did"]?.stringValue == connection.myDID }?["connection_id"]?.stringValue)

        // ACA-Py's issuer DID, and the offer.
        let issuerDID = try await agent.createDIDKey()
        var credential = Self.credential.objectValue!
        credential["issuer"] = .string(issuerDID)
        // ACA-Py 1.7 cannot deliver a message its admin API starts to a holder with no endpoint
        // (it is neither returned to a session nor queued), so the holder proposes and ACA-Py
        // answers each message on the return route.
        let detail: JSONValue = ["credential": .object(credential), "options": ["proofType": "Ed25519Signature2018"]]
        let proposal = Self.proposal(
            AriesProtocolVersion.v2.issueCredential.messageType("propose-credential"), member: "filters~attach",
            format: .ldProofDetail, content: detail)
        let w3c = try W3CHolder(signer: SoftwareSigner(privateKey: PrivateKey(curve: .ed25519)))
        let holder = AriesHolder(w3c: w3c)
        var issuance = try CredentialExchange(offer: try await Self.exchange(proposal, transport, connection, key: key))
        #expect(issuance.offer.attachments.map(\.format) == [.ldProofDetail])
        let issued = try await Self.exchange(try await issuance.request(holder: holder), transport, connection, key: key)
        try await issuance.receive(issued, holder: holder)
        #expect(issuance.state == .credentialReceived)
        _ = try await transport.send(try issuance.acknowledge(), to: connection.theirService, from: key)
        let records = try await agent.poll("/issue-credential-2.0/records") { json in
            json["results"]?[0]?["cred_ex_record"]?["state"] == "done"
        }
        #expect(records["results"]?[0]?["cred_ex_record"]?["state"] == "done", "\(records.serializedString().prefix(2000))")
        guard case .w3c(let document)? = issuance.credential else { Issue.record("no credential"); return }

        // ACA-Py asks for a proof of the card by DIF Presentation Exchange.
        let presentationProposal = Self.proposal(
            AriesProtocolVersion.v2.presentProof.messageType("propose-presentation"), member: "proposals~attach",
            format: .difDefinition, content: Self.definition)
        var proof = try ProofExchange(request: try await Self.exchange(presentationProposal, transport, connection, key: key))
        var prover = holder
        prover.w3c?.credentials = [document]
        let presentation = try await proof.present(holder: prover)
        if proof.verifierWillConfirm {
            try proof.receive(try await Self.exchange(presentation, transport, connection, key: key))
            #expect(proof.state == .done)
        } else {
            _ = try await transport.send(presentation, to: connection.theirService, from: key)
        }
        let presentations = try await agent.poll("/present-proof-2.0/records") { $0["results"]?[0]?["state"] == "done" }
        let record = presentations["results"]?[0] ?? .null
        #expect(record["state"] == "done" && record["verified"] == "true", "\(record.serializedString().prefix(3000))")
    }
}
