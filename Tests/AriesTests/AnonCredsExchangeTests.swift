import AnonCreds
import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// issue-credential and present-proof end to end with AnonCreds credentials: Vellum's holder
/// state machines against an in-process Swift issuer and verifier that speak only message JSON,
/// in 1.0 and 2.0, in the Indy and the AnonCreds formats; each exchange serialized and read
/// back at every state.
@Suite("Aries exchanges with AnonCreds credentials")
struct AnonCredsExchangeTests {
    static let values = ["name": "Alice", "age": "30", "degree": "BSc"]
    static let proverDID = "Kb3oP4Zf6TkRT8vJw7LrY1"

    /// A holder of `peer`'s definition with a fresh link secret.
    static func holder(_ peer: InProcessPeer, credentials: [Credential] = []) -> (AriesHolder, LinkSecretHolder) {
        let anonCreds = LinkSecretHolder(
            holder: AnonCredsHolder(linkSecret: .random()), definitions: peer.definitions, schemas: peer.schemas, credentials: credentials)
        return (AriesHolder(anonCreds: anonCreds, proverDID: proverDID), anonCreds)
    }

    /// The exchange after a serialize/deserialize round trip, which must give the same string.
    static func reloaded(_ exchange: CredentialExchange) throws -> CredentialExchange {
        let text = exchange.serialized()
        let read = try CredentialExchange(serialized: text)
        #expect(read.serialized() == text)
        #expect(read.state == exchange.state)
        return read
    }

    /// Runs an issuance; the exchange in `done`, the holder, and the request the issuer read.
    static func issue(
        _ version: AriesProtocolVersion, format: AttachmentFormat, peer: InProcessPeer, legacyPrefix: Bool = false
    ) async throws -> (CredentialExchange, LinkSecretHolder, CredentialRequest) {
        let (holder, anonCreds) = Self.holder(peer)
        let (offerMessage, offer) = try peer.offer(version, format: format, values: values, legacyPrefix: legacyPrefix)
        var exchange = try CredentialExchange(offer: offerMessage)
        #expect(exchange.state == .offerReceived && exchange.vcxState == 3)
        #expect(exchange.offer.preview?.values == values)
        exchange = try reloaded(exchange)
        let requestMessage = try await exchange.request(holder: holder)
        #expect(exchange.state == .requestSent && exchange.vcxState == 2)
        #expect(requestMessage.thread?.threadID == offerMessage.id)
        #expect(requestMessage.type == MessageKind.credentialRequest.type(version))
        exchange = try reloaded(exchange)
        let (issued, request) = try peer.issue(answering: requestMessage, offer: offer, values: values)
        try await exchange.receive(issued, holder: holder)
        #expect(exchange.state == .credentialReceived && exchange.vcxState == 4)
        #expect(exchange.ackRequested)
        exchange = try reloaded(exchange)
        let ack = try exchange.acknowledge()
        #expect(ack.type == version.issueCredential.messageType("ack"))
        #expect(ack.thread?.threadID == offerMessage.id && ack["status"] == "OK")
        #expect(exchange.state == .done && exchange.vcxState == 4)
        exchange = try reloaded(exchange)
        guard case .anonCreds(let credential)? = exchange.credential else {
            Issue.record("no AnonCreds credential")
            return (exchange, anonCreds, request)
        }
        #expect(credential.values["age"]?.raw == "30")
        return (exchange, anonCreds, request)
    }

    @Test("issue-credential 1.0 under the legacy did:sov prefix: prover_did in the request, the credential processed and acked")
    func issueV1() async throws {
        let (_, _, request) = try await Self.issue(.v1, format: .indyOffer, peer: InProcessPeer(InProcessPeer.indy), legacyPrefix: true)
        #expect(request.proverDID == Self.proverDID && request.entropy == nil)
    }

    @Test("issue-credential 2.0, hlindy/cred-abstract@v2.0: prover_did in an hlindy/cred-req@v2.0")
    func issueV2Indy() async throws {
        let (_, _, request) = try await Self.issue(.v2, format: .indyOffer, peer: InProcessPeer(InProcessPeer.indy))
        #expect(request.proverDID == Self.proverDID && request.entropy == nil)
    }

    @Test("issue-credential 2.0, anoncreds/credential-offer@v1.0: entropy in an anoncreds/credential-request@v1.0")
    func issueV2AnonCreds() async throws {
        let (_, _, request) = try await Self.issue(.v2, format: .anonCredsOffer, peer: InProcessPeer(InProcessPeer.uri))
        #expect(request.entropy != nil && request.proverDID == nil)
    }

    @Test("present-proof 1.0 and 2.0 (hlindy, anoncreds): the name revealed, age >= 18 proven, verified, acked", arguments: [
        (AriesProtocolVersion.v1, AttachmentFormat.indyProofRequest), (.v2, .indyProofRequest), (.v2, .anonCredsProofRequest),
    ])
    func present(version: AriesProtocolVersion, format: AttachmentFormat) async throws {
        let peer = InProcessPeer(InProcessPeer.indy)
        let (issued, anonCreds, _) = try await Self.issue(.v2, format: .indyOffer, peer: peer)
        guard case .anonCreds(let credential)? = issued.credential else { throw AriesError.malformedState(reason: "no credential") }
        var stored = anonCreds
        stored.credentials = [credential]
        let holder = AriesHolder(anonCreds: stored)
        let (requestMessage, request) = try peer.proofRequest(version, format: format)
        var exchange = try ProofExchange(request: requestMessage)
        #expect(exchange.state == .requestReceived && exchange.vcxState == 3)
        exchange = try ProofExchange(serialized: exchange.serialized())
        let presentation = try await exchange.present(holder: holder)
        #expect(exchange.state == .presentationSent && exchange.vcxState == 2)
        #expect(presentation.type == MessageKind.presentation.type(version))
        exchange = try ProofExchange(serialized: exchange.serialized())
        let (ack, proof) = try peer.verify(presentation, request: request)
        #expect(proof.requestedProof.revealedAttributes["name_ref"]?.raw == "Alice")
        #expect(proof.requestedProof.predicates["age_ref"] != nil)
        try exchange.receive(ack)
        #expect(exchange.state == .done && exchange.vcxState == 4)
        #expect(try ProofExchange(serialized: exchange.serialized()).state == .done)
    }
}
