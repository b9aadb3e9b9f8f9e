import AnonCreds
import Aries
import DIDComm
import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// Every refusal of the holder's exchanges is a typed error and leaves the problem report to
/// send on the thread, the exchange abandoned: a bad key correctness proof, a tampered
/// credential, a credential of another definition, an unknown format, a malformed attachment;
/// and a rejection carries the holder's comment.
@Suite("Aries refusals: typed errors and problem reports")
struct RefusalTests {
    static let peer = InProcessPeer(InProcessPeer.indy)
    static let values = AnonCredsExchangeTests.values

    /// The problem report left by a refusal: issue-credential's own, on the offer's thread.
    static func expectReport(_ exchange: CredentialExchange, version: AriesProtocolVersion = .v2, explaining text: String? = nil) {
        #expect(exchange.state == .abandoned && exchange.vcxState == 0)
        let report = exchange.problemReport
        #expect(report?.type == version.issueCredential.messageType("problem-report"))
        #expect(report?.thread?.threadID == exchange.thread.threadID)
        #expect(report?["description"]?["code"] == "issuance-abandoned")
        if let text { #expect(report?["description"]?["en"]?.stringValue?.contains(text) == true, "\(report?.object ?? [:])") }
    }

    /// An offer whose AnonCreds offer is changed by `alter`.
    static func offer(altering alter: (inout JSONObject) -> Void) throws -> DIDCommMessage {
        let (message, offer) = try peer.offer(.v2, values: values)
        var content = try JSONParser().parse(offer.jsonData()).objectValue!
        alter(&content)
        return FormattedMessage.make(
            .credentialOffer, version: .v2, attachments: [FormattedAttachment(format: .indyOffer, content: .object(content))],
            thread: ThreadDecorator(threadID: message.id))
    }

    @Test("an offer whose key correctness proof does not verify: no request, keyCorrectnessProofInvalid, a problem report")
    func badKeyCorrectnessProof() async throws {
        let message = try Self.offer { content in
            var proof = content["key_correctness_proof"]!.objectValue!
            proof["c"] = "12345678901234567890"
            content["key_correctness_proof"] = .object(proof)
        }
        var exchange = try CredentialExchange(offer: message)
        let (holder, _) = AnonCredsExchangeTests.holder(Self.peer)
        await expectError(AriesError.self, matching: {
            if case .anonCreds(.keyCorrectnessProofInvalid) = $0 { true } else { false }
        }) { _ = try await exchange.request(holder: holder) }
        Self.expectReport(exchange, explaining: "key correctness proof")
    }

    /// Runs an exchange up to the credential, which `alter` changes (or `issuer` signs).
    static func receive(
        issuer: InProcessPeer = peer, alter: @escaping (inout Credential) -> Void = { _ in }
    ) async throws -> (CredentialExchange, AriesError?) {
        let (holder, _) = AnonCredsExchangeTests.holder(peer)
        let (message, offer) = try peer.offer(.v2, values: values)
        var exchange = try CredentialExchange(offer: message)
        let request = try await exchange.request(holder: holder)
        let issued: DIDCommMessage
        if issuer.issuer.credentialDefinitionID == peer.issuer.credentialDefinitionID {
            issued = try peer.issue(answering: request, offer: offer, values: values, alter: alter).0
        } else {
            // Another issuer answers under its own definition, with its own offer.
            var generator = SystemRandomNumberGenerator()
            let own = issuer.issuer.offer(using: &generator)
            let pending = try AnonCredsHolder(linkSecret: .random()).request(for: own, definition: issuer.issuer.definition)
            let credential = try issuer.issuer.issue(values, for: pending.request, offer: own, using: &generator)
            issued = FormattedMessage.make(
                .credentialIssue, version: .v2,
                attachments: [FormattedAttachment(format: .indyCredential, content: try JSONParser().parse(credential.jsonData()))],
                thread: exchange.thread.decorator)
        }
        do {
            try await exchange.receive(issued, holder: holder)
            return (exchange, nil)
        } catch {
            return (exchange, error)
        }
    }

    @Test("a credential whose attribute was changed after signing: signatureInvalid, nothing kept, a problem report")
    func tamperedCredential() async throws {
        let (honest, none) = try await Self.receive()
        #expect(none == nil && honest.state == .credentialReceived)
        let (exchange, error) = try await Self.receive { credential in
            credential.values["age"] = AttributeValue(raw: "17")
        }
        #expect(error == .anonCreds(.signatureInvalid), "\(String(describing: error))")
        #expect(exchange.credential == nil)
        Self.expectReport(exchange, explaining: "signature")
    }

    @Test("a credential for another credential definition than offered: credentialDefinitionMismatch, a problem report")
    func otherDefinition() async throws {
        let other = InProcessPeer(InProcessPeer.makeIssuer(did: "LjgpST2rjsoxYegQDRm7EL", legacy: true))
        let (exchange, error) = try await Self.receive(issuer: other)
        guard case .anonCreds(.credentialDefinitionMismatch)? = error else {
            Issue.record("expected credentialDefinitionMismatch, got \(String(describing: error))")
            return
        }
        #expect(exchange.credential == nil)
        Self.expectReport(exchange)
    }

    @Test("an offer in no format the holder reads: unsupportedFormat, a problem report")
    func unknownFormat() async throws {
        let message = FormattedMessage.make(
            .credentialOffer, version: .v2, attachments: [FormattedAttachment(format: AttachmentFormat("example/offer@v9"), content: [:])])
        var exchange = try CredentialExchange(offer: message)
        await expectError(AriesError.self, matching: { if case .unsupportedFormat = $0 { true } else { false } }) {
            _ = try await exchange.request(holder: AnonCredsExchangeTests.holder(Self.peer).0)
        }
        Self.expectReport(exchange, explaining: "example/offer@v9")
    }

    @Test("an attachment that is not base64 JSON: malformedMessage, a problem report")
    func malformedAttachment() async throws {
        var data = AttachmentData(bytes: Data())
        data.base64 = "%%%not base64%%%"
        let message = FormattedMessage.make(
            .credentialOffer, version: .v2,
            attachments: [FormattedAttachment(format: .indyOffer, attachment: Attachment(id: "a", mimeType: "application/json", data: data))])
        var exchange = try CredentialExchange(offer: message)
        await expectError(AriesError.self, matching: { if case .malformedMessage = $0 { true } else { false } }) {
            _ = try await exchange.request(holder: AnonCredsExchangeTests.holder(Self.peer).0)
        }
        Self.expectReport(exchange)
    }

    @Test("an offer rejected with a comment: the problem report carries it, libvcx state 9")
    func rejection() throws {
        let (message, _) = try Self.peer.offer(.v1, values: Self.values)
        var exchange = try CredentialExchange(offer: message)
        let report = try exchange.reject(comment: "not today")
        #expect(report["description"]?["en"] == "not today")
        #expect(report.thread?.threadID == message.id)
        #expect(report.type == AriesProtocolVersion.v1.issueCredential.messageType("problem-report"))
        #expect(exchange.state == .abandoned && exchange.vcxState == 9)
        #expect(try CredentialExchange(serialized: exchange.serialized()).vcxState == 9)
    }

    @Test("the issuer's problem report abandons the exchange; a message of another thread leaves it as it was")
    func peerAbandonsAndStrangers() async throws {
        let (holder, _) = AnonCredsExchangeTests.holder(Self.peer)
        let (message, _) = try Self.peer.offer(.v2, values: Self.values)
        var exchange = try CredentialExchange(offer: message)
        _ = try await exchange.request(holder: holder)
        let stranger = ProblemReport(code: "issuance-abandoned").message(thread: ThreadDecorator(threadID: "another"))
        await expectError(AriesError.self, matching: { if case .unexpectedMessage = $0 { true } else { false } }) {
            try await exchange.receive(stranger, holder: holder)
        }
        #expect(exchange.state == .requestSent)
        let report = ProblemReport(code: "issuance-abandoned", explanation: "revoked").message(
            type: AriesProtocolVersion.v2.issueCredential.messageType("problem-report"), thread: exchange.thread.decorator)
        await expectError(AriesError.self, matching: { $0 == .abandonedByPeer(code: "issuance-abandoned", explanation: "revoked") }) {
            try await exchange.receive(report, holder: holder)
        }
        #expect(exchange.state == .abandoned && exchange.problemReport == nil)
    }

    @Test("a proof request no stored credential answers: presentationNotPossible, present-proof's problem report")
    func proofNotPossible() async throws {
        let (message, _) = try Self.peer.proofRequest(.v2)
        var exchange = try ProofExchange(request: message)
        await expectError(AriesError.self, matching: { if case .anonCreds(.presentationNotPossible) = $0 { true } else { false } }) {
            _ = try await exchange.present(holder: AnonCredsExchangeTests.holder(Self.peer).0)
        }
        #expect(exchange.state == .abandoned)
        #expect(exchange.problemReport?.type == AriesProtocolVersion.v2.presentProof.messageType("problem-report"))
        #expect(exchange.problemReport?["description"]?["code"] == "abandoned")
        #expect(exchange.problemReport?.thread?.threadID == message.id)
    }
}
