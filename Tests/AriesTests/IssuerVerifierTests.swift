import AnonCreds
import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// The issuer's and verifier's state machines (``CredentialIssuance``,
/// ``PresentationVerification``) opposite Vellum's holder ones, every message crossing as bytes:
/// each version and family end to end, then each refusal with its problem report on the thread.
@Suite("Aries issuer and verifier state machines")
struct IssuerVerifierTests {
    static let values = ["name": "Alice", "age": "30", "degree": "BSc"]

    /// An issuance of `values` in `version` and `format` from `peer`'s issuer; the holder's exchange.
    static func issue(
        _ version: AriesProtocolVersion, format: AttachmentFormat, peer: InProcessPeer, holder: AriesHolder
    ) async throws -> (CredentialIssuance, CredentialExchange) {
        var generator = SystemRandomNumberGenerator()
        var issuance = try CredentialIssuance(
            offering: peer.issuer.offer(using: &generator), values: values, version: version, format: format,
            decorators: ["~ledger": ["schema": "http://127.0.0.1/ledger/schema/{id}", "cred_def": "http://127.0.0.1/ledger/cred_def/{id}"]])
        #expect(issuance.state == .offerSent && issuance.offer["~ledger"] != nil)
        var exchange = try CredentialExchange(offer: try InProcessPeer.wire(issuance.offer))
        #expect(exchange.offer.preview?.values == values)
        let request = try await exchange.request(holder: holder)
        let credential = try #require(try issuance.receive(try InProcessPeer.wire(request), issuer: peer.issuer))
        #expect(issuance.state == .credentialIssued && credential["~please_ack"] != nil)
        try await exchange.receive(try InProcessPeer.wire(credential), holder: holder)
        let ack = try exchange.acknowledge()
        #expect(try issuance.receive(try InProcessPeer.wire(ack), issuer: peer.issuer) == nil)
        #expect(issuance.state == .done)
        return (issuance, exchange)
    }

    @Test("Issued and acknowledged, then a proof of age >= 18 verified and acknowledged, in 1.0, 2.0 Indy and 2.0 AnonCreds",
          arguments: [(AriesProtocolVersion.v1, AttachmentFormat.indyOffer), (.v2, .indyOffer), (.v2, .anonCredsOffer)])
    func issuesAndVerifies(version: AriesProtocolVersion, format: AttachmentFormat) async throws {
        let peer = format == .anonCredsOffer ? InProcessPeer(InProcessPeer.uri) : InProcessPeer(InProcessPeer.indy)
        var (holder, anonCreds) = AnonCredsExchangeTests.holder(peer)
        let (_, exchange) = try await Self.issue(version, format: format, peer: peer, holder: holder)
        guard case .anonCreds(let credential)? = exchange.credential else { throw AriesError.malformedState(reason: "no credential") }
        anonCreds.credentials = [credential]
        holder.anonCreds = anonCreds

        let (_, proofRequest) = try peer.proofRequest(version)
        var verification = try PresentationVerification(
            requesting: proofRequest, version: version, format: format == .anonCredsOffer ? .anonCredsProofRequest : .indyProofRequest)
        #expect(verification.request["will_confirm"] == (version == .v2 ? true : nil))
        var proving = try ProofExchange(request: try InProcessPeer.wire(verification.request))
        let presentation = try await proving.present(holder: holder)
        let ack = try verification.receive(try InProcessPeer.wire(presentation), schemas: peer.schemas, definitions: peer.definitions)
        #expect(verification.state == .verified && verification.revealedValues == ["name_ref": "Alice"])
        try proving.receive(try InProcessPeer.wire(ack))
        #expect(proving.state == .done)

        // The same presentation again, on the finished thread: refused with a problem report.
        #expect(throws: AriesError.self) {
            _ = try verification.receive(try InProcessPeer.wire(presentation), schemas: peer.schemas, definitions: peer.definitions)
        }
        #expect(verification.problemReport?.thread?.threadID == verification.request.id)
        #expect(verification.state == .verified)
    }

    @Test("A 1.0 request with entropy instead of prover_did, and one for another definition, are refused with a problem report")
    func requestsOfTheWrongShapeAreRefused() async throws {
        let peer = InProcessPeer(InProcessPeer.indy)
        var generator = SystemRandomNumberGenerator()
        for alter in ["entropy", "cred_def_id"] {
            var issuance = try CredentialIssuance(offering: peer.issuer.offer(using: &generator), values: Self.values, version: .v1)
            var exchange = try CredentialExchange(offer: try InProcessPeer.wire(issuance.offer))
            var request = try await exchange.request(holder: AnonCredsExchangeTests.holder(peer).0)
            if alter == "entropy" {
                // Rewrite the request with entropy in place of prover_did, as a careless holder sends it.
                request = try Self.rewrite(request) { object in
                    object["entropy"] = object["prover_did"]
                    object["prover_did"] = nil
                }
            } else {
                request = try Self.rewrite(request) { object in object["cred_def_id"] = "Th7MpTaRZVRYnPiabds81Y:3:CL:12:other" }
            }
            #expect(throws: AriesError.self) { _ = try issuance.receive(request, issuer: peer.issuer) }
            #expect(issuance.state == .abandoned)
            let report = try #require(issuance.problemReport)
            #expect(report.thread?.threadID == issuance.offer.id && report.type.protocolName == "issue-credential")
        }
    }

    @Test("A proof made for another request's nonce fails the challenge and is answered with a problem report")
    func aProofForAnotherNonceIsRefused() async throws {
        let peer = InProcessPeer(InProcessPeer.indy)
        var (holder, anonCreds) = AnonCredsExchangeTests.holder(peer)
        let (_, exchange) = try await Self.issue(.v2, format: .indyOffer, peer: peer, holder: holder)
        guard case .anonCreds(let credential)? = exchange.credential else { throw AriesError.malformedState(reason: "no credential") }
        anonCreds.credentials = [credential]
        holder.anonCreds = anonCreds
        let (_, first) = try peer.proofRequest(.v2)
        let (_, second) = try peer.proofRequest(.v2)
        let answered = try PresentationVerification(requesting: first, version: .v2)
        var replayedTo = try PresentationVerification(requesting: second, version: .v2)
        var proving = try ProofExchange(request: try InProcessPeer.wire(answered.request))
        let presentation = try await proving.present(holder: holder)
        // The old presentation moved onto the new request's thread.
        var object = presentation.object
        object["~thread"] = ["thid": .string(replayedTo.request.id)]
        let replayed = try DIDCommMessage(object: object)
        let error = #expect(throws: AriesError.self) {
            _ = try replayedTo.receive(replayed, schemas: peer.schemas, definitions: peer.definitions)
        }
        #expect(error?.description.contains("challenge") == true)
        #expect(replayedTo.state == .abandoned && replayedTo.problemReport != nil)
    }

    /// `message` with the single request attachment's JSON changed by `change`.
    static func rewrite(_ message: DIDCommMessage, _ change: (inout JSONObject) -> Void) throws -> DIDCommMessage {
        let read = try FormattedMessage(message, kind: .credentialRequest)
        var content = try read.attachments[0].object()
        change(&content)
        return FormattedMessage.make(
            .credentialRequest, version: read.version,
            attachments: [FormattedAttachment(format: read.attachments[0].format, content: .object(content))], thread: message.thread)
    }
}
