import AnonCreds
import CryptoKeys
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Vellum's DIDComm and AnonCreds modules opposite an Aries issuer and verifier in Python
/// (`Tests/Peers/aries_agent.py`: anoncreds-rs and PyNaCl, written from the RFCs): the
/// invitation read, DID exchange completed on both sides, the offer or proof request of each
/// protocol version and attachment family received and checked, the agent's misbehaviours
/// caught; and the agent itself proven with a Python holder, independently of Vellum's.
@Suite("Aries agent in Python (anoncreds-rs + PyNaCl)", .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct AriesAgentPeerTests {
    /// An issuance the agent can open: protocol version, attachment family, type prefix.
    struct OfferCase: Sendable, CustomTestStringConvertible {
        var exchangeProtocol: AriesAgentPeer.ExchangeProtocol
        var family: AriesAgentPeer.Family
        var legacyPrefix: Bool

        var testDescription: String { "\(exchangeProtocol.rawValue) \(family.rawValue)\(legacyPrefix ? " legacy prefix" : "")" }

        /// The `formats` entry a 2.0 offer names its attachment with; none for 1.0.
        var offerFormat: String? {
            guard exchangeProtocol == .issueV2 else { return nil }
            return family == .anoncreds ? "anoncreds/credential-offer@v1.0" : "hlindy/cred-abstract@v2.0"
        }
    }

    static let offerCases: [OfferCase] = [
        OfferCase(exchangeProtocol: .issueV1, family: .indy, legacyPrefix: false),
        OfferCase(exchangeProtocol: .issueV1, family: .indy, legacyPrefix: true),
        OfferCase(exchangeProtocol: .issueV2, family: .indy, legacyPrefix: false),
        OfferCase(exchangeProtocol: .issueV2, family: .indy, legacyPrefix: true),
        OfferCase(exchangeProtocol: .issueV2, family: .anoncreds, legacyPrefix: false),
        OfferCase(exchangeProtocol: .issueV2, family: .anoncreds, legacyPrefix: true),
    ]

    @Test("DID exchange completes on both sides, then the offer arrives and its key correctness proof and ~ledger objects check", arguments: offerCases)
    func offerAfterDIDExchange(_ offerCase: OfferCase) async throws {
        try await AriesAgentPeer.with { agent in
            let invitation = try await agent.invite(offerCase.exchangeProtocol, family: offerCase.family, legacyPrefix: offerCase.legacyPrefix)
            let connected = try await AgentHolder.connect(invitation.url)
            let offer = try await connected.next()
            let connections = try await agent.admin("connections").arrayValue ?? []
            #expect(connections.contains { $0["their_did"]?.stringValue == connected.connection.myDID && $0["state"] == "completed" })

            #expect(offer.id == invitation.exchangeID)
            #expect(offer.type.protocolName == "issue-credential" && offer.type.name == "offer-credential")
            #expect(offer.type.major == (offerCase.exchangeProtocol == .issueV1 ? 1 : 2))
            let writtenType = try #require(offer["@type"]?.stringValue)
            #expect(writtenType.hasPrefix(offerCase.legacyPrefix ? MessageType.legacySov : MessageType.didcommOrg))
            _ = try await AgentHolder.checkOffer(offer, format: offerCase.offerFormat)
        }
    }

    @Test("a connectionless offer is read from requests~attach with its ~service (and from the older ?d_m= link), and checks like one after DID exchange")
    func connectionlessOffer() async throws {
        try await AriesAgentPeer.with { agent in
            let invitation = try await agent.invite(.issueV2, family: .anoncreds, connectionless: true)
            let (offer, service) = try AgentHolder.connectionless(invitation.url)
            #expect(offer.id == invitation.exchangeID)
            #expect(service.serviceEndpoint == agent.server.baseURL.absoluteString + "/didcomm")
            _ = try await AgentHolder.checkOffer(offer, format: "anoncreds/credential-offer@v1.0")

            guard case .connectionless(let message, let linkService) = try Invitation(link: try #require(invitation.messageURL)) else {
                Issue.record("the ?d_m= link is not read as a connectionless message")
                return
            }
            #expect(message.id == offer.id && linkService == service)
        }
    }

    @Test("a Connections 1.0 invitation (?c_i=) is read with its inline service, the agent's invitation key and endpoint")
    func connectionInvitation() async throws {
        try await AriesAgentPeer.with { agent in
            let invitation = try await agent.invite(.issueV1, handshake: .connections, legacyPrefix: true)
            #expect(invitation.url.contains("?c_i="))
            guard case .connection(let connectionInvitation) = try Invitation(link: invitation.url),
                case .inline(let service) = connectionInvitation.service
            else {
                Issue.record("the ?c_i= link is not read as a Connections 1.0 invitation with an inline service")
                return
            }
            #expect(connectionInvitation.label == "Vellum interop agent")
            #expect(service.recipientKeys.count == 1 && service.serviceEndpoint == agent.server.baseURL.absoluteString + "/didcomm")
        }
    }

    @Test("an offer with a bad key correctness proof is refused by AnonCreds, and the agent records the holder's problem report", arguments: [false, true])
    func badKeyCorrectnessProof(connectionless: Bool) async throws {
        try await AriesAgentPeer.with { agent in
            let invitation = try await agent.invite(.issueV2, family: .anoncreds, connectionless: connectionless, misbehaviour: .badKeyCorrectnessProof)
            let offer: DIDCommMessage
            let send: (DIDCommMessage) async throws -> Void
            if connectionless {
                let (message, service) = try AgentHolder.connectionless(invitation.url)
                let key = PrivateKey(curve: .ed25519)
                let transport = ReturnRouteTransport(client: AgentHolder.client, keys: [key])
                offer = message
                send = { _ = try await transport.send($0, to: service, from: key) }
            } else {
                let connected = try await AgentHolder.connect(invitation.url)
                offer = try await connected.next()
                send = connected.send
            }
            var refusal: AnonCredsError?
            do { _ = try await AgentHolder.checkOffer(offer, format: "anoncreds/credential-offer@v1.0") } catch let error as AnonCredsError {
                refusal = error
            }
            guard case .keyCorrectnessProofInvalid = refusal else {
                Issue.record("the offer was not refused for its key correctness proof: \(String(describing: refusal))")
                return
            }
            let report = ProblemReport(code: "offer-not-accepted", explanation: "the key correctness proof does not verify")
            try await send(report.message(replyingTo: offer, type: MessageType(protocolName: "issue-credential", major: 2, minor: 0, name: "problem-report")))
            let exchange = try #require(try await agent.exchange(invitation.exchangeID))
            #expect(exchange["state"] == "abandoned")
            #expect(exchange["problem_reports"]?[0]?["description"]?["code"] == "offer-not-accepted")
        }
    }

    @Test("an envelope with one bit flipped is refused by Vellum's unpack with a typed error")
    func flippedBit() async throws {
        try await AriesAgentPeer.with { agent in
            let invitation = try await agent.invite(.issueV2, misbehaviour: .flippedBit)
            let connected = try await AgentHolder.connect(invitation.url)
            await expectError(DIDCommError.self, matching: { $0 == .payloadNotAuthenticated }) { _ = try await connected.next() }
        }
    }

    @Test("a proof request of each version and family asks name revealed and age >= 18 under the offered definition, and a replayed nonce is the previous request's")
    func proofRequests() async throws {
        try await AriesAgentPeer.with { agent in
            var nonces: [String] = []
            for (exchangeProtocol, family, format) in [
                (AriesAgentPeer.ExchangeProtocol.presentV1, AriesAgentPeer.Family.indy, String?.none),
                (.presentV2, .indy, "hlindy/proof-req@v2.0"), (.presentV2, .anoncreds, "anoncreds/proof-request@v1.0"),
            ] {
                let invitation = try await agent.invite(exchangeProtocol, family: family)
                let request = try await AgentHolder.connect(invitation.url).next()
                #expect(request.type.protocolName == "present-proof" && request.type.name == "request-presentation")
                let proofRequest = try PresentationRequest(jsonData: try AgentHolder.attached(request, "request_presentations~attach", format: format))
                #expect(proofRequest.requestedAttributes["name"]?.name == "name")
                let predicate = try #require(proofRequest.requestedPredicates["age"])
                #expect(predicate.predicateType == ">=" && predicate.value == 18)
                #expect(request["~ledger"]?["cred_def"]?.stringValue?.contains("{id}") == true)
                nonces.append(proofRequest.nonce.text)
            }
            #expect(Set(nonces).count == nonces.count)
            let replay = try await agent.invite(.presentV2, family: .anoncreds, connectionless: true, misbehaviour: .replayedNonce)
            let (request, _) = try AgentHolder.connectionless(replay.url)
            let replayed = try PresentationRequest(jsonData: try AgentHolder.attached(request, "request_presentations~attach", format: "anoncreds/proof-request@v1.0"))
            #expect(replayed.nonce.text == nonces.last)
        }
    }

    @Test("the agent takes a Python holder through issue-credential 1.0 and 2.0 (both families, DID exchange and connectionless) and two proofs to verified, and each refusal holds")
    func pythonHolder() async throws {
        let result = try JSONParser().parse(try await PythonPeer.run("aries_agent_selftest.py"))
        let exchanges = try #require(result["exchanges"]?.arrayValue)
        #expect(exchanges.count == 5)
        for exchange in exchanges {
            let issuing = exchange["protocol"]?.stringValue?.hasPrefix("issue") == true
            #expect(exchange["state"] == (issuing ? "done" : "verified"), "\(exchange)")
            #expect(exchange["problem_reports"] == [])
            if !issuing { #expect(exchange["verified"] == true) }
        }
        #expect(result["answers"] == ["ack", "ack"])
        #expect(result["names"] == ["Alice Example", "Alice Example", "Alice Example"])

        // Each forgery the agent can make is one a careful holder refuses, and the agent refuses
        // a request without the identity its format wants and a proof made for another nonce.
        let refusals = try #require(result["refusals"]?.objectValue)
        #expect(refusals["v1 entropy"]?.stringValue?.contains("must carry prover_did") == true)
        #expect(refusals["anoncreds prover_did"]?.stringValue?.contains("must carry entropy") == true)
        #expect(refusals["tampered-value"]?.stringValue?.contains("does not encode") == true)
        #expect(refusals["tampered-signature"]?.stringValue?.contains("Signature correctness proof") == true)
        #expect(refusals["other-cred-def"]?.stringValue?.contains("another definition") == true)
        #expect(refusals["other nonce"] == "problem-report")
        let refused = try #require(result["refusal_exchanges"]?.arrayValue)
        #expect(refusals["bad-key-proof"]?.stringValue?.contains("key correctness proof") == true)
        #expect(refusals["flip-bit"]?.stringValue?.hasPrefix("EnvelopeError") == true)
        #expect(refused.count == 8 && refused.filter { $0["state"] == "abandoned" }.count == 6)
        #expect(refused.last?["verified"] == false)
        #expect(refused[2...4].allSatisfy { $0["problem_reports"]?[0]?["description"]?["code"] == "issuance-abandoned" })
        #expect(result["malformed"] == [
            "not json": 400, "not for us": 400, "flipped bit": 400, "not a message": 400, "request without thread": 202, "plain JSON": 415, "too large": 413,
        ])
    }
}
