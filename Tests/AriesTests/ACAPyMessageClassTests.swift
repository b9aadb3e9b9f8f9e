import AnonCreds
import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Every 2.0 message Vellum's holder (and its issuer and verifier) sends, read by ACA-Py 1.7's own message class for its type
/// (`didcomm_peer.py classes`: marshmallow validation, each attachment validated by its format's
/// handler — the Indy request's `prover_did`, the AnonCreds request's `entropy`, the JSON-LD
/// detail, the DIF presentation — then serialized again). ACA-Py 1.7 has no 1.0 classes.
@Suite("Vellum's Aries messages read by ACA-Py's message classes", .enabled(if: ACAPyAgent.python != nil, ACAPyAgent.skipMessage))
struct ACAPyAriesMessageClassTests {
    @Test("requests (hlindy, anoncreds, ld_proof), ack, problem reports, presentations (hlindy, anoncreds, DIF), proposals (ld_proof, DIF)")
    func deserialized() async throws {
        var messages: [DIDCommMessage] = []
        let indy = InProcessPeer(InProcessPeer.indy), uri = InProcessPeer(InProcessPeer.uri)
        for (peer, format) in [(indy, AttachmentFormat.indyOffer), (uri, .anonCredsOffer)] {
            let (holder, _) = AnonCredsExchangeTests.holder(peer)
            var exchange = try CredentialExchange(offer: try peer.offer(.v2, format: format, values: AnonCredsExchangeTests.values).0)
            messages.append(try await exchange.request(holder: holder))
        }
        var w3c = try CredentialExchange(offer: W3CExchangeTests.offer())
        messages.append(try await w3c.request(holder: AriesHolder(w3c: try W3CHolder(signer: W3CExchangeTests.Party().signer))))

        let (issued, anonCreds, _) = try await AnonCredsExchangeTests.issue(.v2, format: .indyOffer, peer: indy)
        var acked = issued
        _ = try? acked.acknowledge()
        var rejected = try CredentialExchange(offer: try indy.offer(.v2, values: AnonCredsExchangeTests.values).0)
        messages.append(try rejected.reject(comment: "no thanks"))
        guard case .anonCreds(let credential)? = issued.credential else { throw AriesError.malformedState(reason: "no credential") }
        var stored = anonCreds
        stored.credentials = [credential]
        for format in [AttachmentFormat.indyProofRequest, .anonCredsProofRequest] {
            var proof = try ProofExchange(request: try indy.proofRequest(.v2, format: format).0)
            messages.append(try await proof.present(holder: AriesHolder(anonCreds: stored)))
        }
        let prover = try await W3CExchangeTests.holderWithDegree()
        var dif = try ProofExchange(request: W3CExchangeTests.definitionRequest(W3CExchangeTests.degreeDefinition))
        messages.append(try await dif.present(holder: AriesHolder(w3c: prover)))
        var declined = try ProofExchange(request: try indy.proofRequest(.v2).0)
        messages.append(try declined.reject(comment: "not now"))
        var ackExchange = try CredentialExchange(offer: try indy.offer(.v2, values: AnonCredsExchangeTests.values).0)
        let (holder, _) = AnonCredsExchangeTests.holder(indy)
        _ = try await ackExchange.request(holder: holder)
        messages.append(DIDCommMessage(type: AriesProtocolVersion.v2.issueCredential.messageType("ack"), body: ["status": "OK"], thread: ackExchange.thread.decorator))
        let credentialDetail = try #require(W3CExchangeTests.detail(issuer: W3CExchangeTests.issuer.did)["credential"]?.objectValue)
        messages.append(try ExchangeProposal.linkedDataCredential(
            credentialDetail, subject: prover.did, proofType: "Ed25519Signature2018", comment: "my degree").message())
        messages.append(try ExchangeProposal.presentation(definition: try #require(W3CExchangeTests.degreeDefinition.objectValue)).message())

        let input = JSONValue.array(messages.map { .object($0.object) }).serialized()
        let output = try await PythonPeer.run("didcomm_peer.py", arguments: ["classes"], input: input, interpreter: ACAPyAgent.python)
        let read = try #require(try JSONParser().parse(output).arrayValue)
        #expect(read.map { $0["@type"]?.stringValue } == messages.map { $0.type.uri })
        #expect(read.map { $0["~thread"]?["thid"]?.stringValue } == messages.map { $0.thread?.threadID })
        #expect(read[0]["formats"]?[0]?["format"] == "hlindy/cred-req@v2.0")
        #expect(read[1]["formats"]?[0]?["format"] == "anoncreds/credential-request@v1.0")
        #expect(read[2]["formats"]?[0]?["format"] == "aries/ld-proof-vc-detail@v1.0")
        #expect(read[3]["description"]?["en"] == "no thanks")
        #expect(read[6]["formats"]?[0]?["format"] == "dif/presentation-exchange/submission@v1.0")
        #expect(read[9]["formats"]?[0]?["format"] == "aries/ld-proof-vc-detail@v1.0")
        #expect(read[9]["filters~attach"]?[0]?["data"] != nil)
        #expect(read[10]["formats"]?[0]?["format"] == "dif/presentation-exchange/definitions@v1.0")
    }

    @Test("the issuer's and verifier's 2.0 messages: offers and credentials (hlindy, anoncreds, with ~ledger), proof requests, the presentation ack")
    func issuerAndVerifierMessagesDeserialized() async throws {
        var messages: [DIDCommMessage] = []
        let ledger: JSONObject = ["~ledger": ["schema": "http://127.0.0.1:1/ledger/schema/{id}", "cred_def": "http://127.0.0.1:1/ledger/cred_def/{id}"]]
        var generator = SystemRandomNumberGenerator()
        for (peer, format) in [(InProcessPeer(InProcessPeer.indy), AttachmentFormat.indyOffer), (InProcessPeer(InProcessPeer.uri), .anonCredsOffer)] {
            var issuance = try CredentialIssuance(
                offering: peer.issuer.offer(using: &generator), values: AnonCredsExchangeTests.values, version: .v2, format: format,
                comment: "degree", decorators: ledger)
            messages.append(issuance.offer)
            let (holder, _) = AnonCredsExchangeTests.holder(peer)
            var exchange = try CredentialExchange(offer: try InProcessPeer.wire(issuance.offer))
            messages.append(try #require(try issuance.receive(try await exchange.request(holder: holder), issuer: peer.issuer)))
            let (_, proofRequest) = try peer.proofRequest(.v2)
            let verification = try PresentationVerification(
                requesting: proofRequest, version: .v2, format: format == .indyOffer ? .indyProofRequest : .anonCredsProofRequest, decorators: ledger)
            messages.append(verification.request)
            messages.append(DIDCommMessage(type: AriesProtocolVersion.v2.presentProof.messageType("ack"), body: ["status": "OK"], thread: verification.thread.decorator))
        }
        let input = JSONValue.array(messages.map { .object($0.object) }).serialized()
        let output = try await PythonPeer.run("didcomm_peer.py", arguments: ["classes"], input: input, interpreter: ACAPyAgent.python)
        let read = try #require(try JSONParser().parse(output).arrayValue)
        #expect(read.map { $0["@type"]?.stringValue } == messages.map { $0.type.uri })
        #expect(read[0]["formats"]?[0]?["format"] == "hlindy/cred-abstract@v2.0")
        #expect(read[0]["credential_preview"]?["attributes"]?.arrayValue?.count == 3)
        #expect(read[1]["formats"]?[0]?["format"] == "hlindy/cred@v2.0")
        #expect(read[2]["will_confirm"] == true)
        #expect(read[4]["formats"]?[0]?["format"] == "anoncreds/credential-offer@v1.0")
        #expect(read[5]["formats"]?[0]?["format"] == "anoncreds/credential@v1.0")
        #expect(read[6]["formats"]?[0]?["format"] == "anoncreds/proof-request@v1.0")
    }
}
