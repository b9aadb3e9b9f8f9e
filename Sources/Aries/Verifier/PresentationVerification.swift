import AnonCreds
import DIDComm
import JSONModel

/// The verifier's side of present-proof 1.0 (RFC 0037) and 2.0 (RFC 0454) for AnonCreds proofs,
/// as a state machine with no I/O: it makes the request (a fresh nonce, `will_confirm` in 2.0),
/// verifies the presentation that answers it and makes the ack, or the problem report.
///
/// The presentation is checked by ``AnonCredsVerifier`` against this exchange's own request —
/// so a proof made for another request's nonce (a replayed presentation) fails the challenge —
/// and against the schemas and credential definitions the caller trusts (resolved by it, for
/// the sandbox its own), so a proof by a definition the verifier does not know is refused. It
/// must come in the answer format of the request's (``AttachmentFormat/answer``). A second
/// presentation on a finished thread is refused. Each refusal throws a typed ``AriesError``,
/// abandons the exchange and leaves the problem report (code `abandoned`) in ``problemReport``.
public struct PresentationVerification: Sendable {
    /// Where the exchange is (RFC 0037/0454 verifier states).
    public enum State: String, Sendable, Hashable, Codable {
        /// The request was made; the presentation is awaited.
        case requestSent = "request-sent"
        /// The presentation verified and the ack was made.
        case verified
        /// Refused, or abandoned by the prover.
        case abandoned
    }

    /// The current state.
    public private(set) var state: State = .requestSent
    /// The protocol version.
    public let version: AriesProtocolVersion
    /// The request's attachment format (``AttachmentFormat/indyProofRequest`` or ``AttachmentFormat/anonCredsProofRequest``).
    public let format: AttachmentFormat
    /// The AnonCreds request (its nonce is what the proof's challenge must cover).
    public let proofRequest: PresentationRequest
    /// The request message, to send (or attach to an out-of-band invitation).
    public let request: DIDCommMessage
    /// The thread: the request's `@id`.
    public let thread: ExchangeThread
    /// The verified presentation, once ``State/verified``.
    public private(set) var presentation: Presentation?
    /// The problem report to send after a refusal.
    public private(set) var problemReport: DIDCommMessage?
    /// The prover's problem report, when it abandoned the exchange.
    public private(set) var abandonment: AriesError?

    /// A request for `proofRequest` in `version` and `format`; `decorators` are added to the
    /// message (`~ledger`, `~service`), `parentThreadID` is the out-of-band invitation's `@id`.
    public init(
        requesting proofRequest: PresentationRequest, version: AriesProtocolVersion, format: AttachmentFormat = .indyProofRequest,
        comment: String? = nil, decorators: JSONObject = [:], parentThreadID: String? = nil
    ) throws(AriesError) {
        guard format == .indyProofRequest || format == .anonCredsProofRequest, version == .v2 || format == .indyProofRequest else {
            throw .unsupportedFormat("an AnonCreds proof request is \(AttachmentFormat.indyProofRequest) or, in 2.0, \(AttachmentFormat.anonCredsProofRequest); not \(format) in \(version)")
        }
        self.proofRequest = proofRequest
        self.version = version
        self.format = format
        var body = decorators
        if version == .v2 { body.updateValue(true, forName: "will_confirm") }
        let content = try CredentialExchange.json(proofRequest.jsonData())
        request = FormattedMessage.make(
            .presentationRequest, version: version, attachments: [FormattedAttachment(format: format, content: content)],
            comment: comment, thread: parentThreadID.map { ThreadDecorator(parentThreadID: $0) }, body: body)
        thread = ExchangeThread(of: request, parentThreadID: parentThreadID)
    }

    /// Judges a message on the exchange's thread: a presentation is verified against the
    /// request, `schemas` and `definitions` and answered with the ack; the prover's problem
    /// report abandons the exchange.
    public mutating func receive(
        _ message: DIDCommMessage, schemas: [String: Schema], definitions: [String: CredentialDefinition]
    ) throws(AriesError) -> DIDCommMessage {
        guard thread.contains(message) else { throw .unexpectedMessage(reason: "\(message.type) is not on thread \(thread.threadID)") }
        if let abandonment = ExchangeThread.peerAbandonment(message) {
            state = .abandoned
            self.abandonment = abandonment
            throw abandonment
        }
        guard state == .requestSent else {
            // Refused and told, but what the exchange reached stands (a replay changes nothing).
            let error = AriesError.unexpectedMessage(reason: "\(message.type) in state \(state.rawValue)")
            problemReport = report(for: error)
            throw error
        }
        do { presentation = try verify(message, schemas: schemas, definitions: definitions) } catch { throw abandon(for: error) }
        state = .verified
        return thread.ack(version.presentProof)
    }

    private func verify(
        _ message: DIDCommMessage, schemas: [String: Schema], definitions: [String: CredentialDefinition]
    ) throws(AriesError) -> Presentation {
        let read = try FormattedMessage(message, kind: .presentation)
        guard read.version == version else { throw .unexpectedMessage(reason: "a \(read.version) presentation for a \(version) request") }
        guard let answer = format.answer, let attachment = read.attachment(answer) else {
            throw .unsupportedFormat("the presentation is not \(format.answer?.identifier ?? "?") (got \(read.attachments.map(\.format.identifier)))")
        }
        let proof = try CredentialExchange.read(Presentation.self, attachment)
        do { try AnonCredsVerifier.verify(proof, request: proofRequest, schemas: schemas, definitions: definitions) } catch {
            throw .anonCreds(error)
        }
        return proof
    }

    /// The revealed attributes' raw values by referent, once verified.
    public var revealedValues: [String: String] {
        presentation?.requestedProof.revealedAttributes.mapValues(\.raw) ?? [:]
    }

    private mutating func abandon(for error: AriesError) -> AriesError {
        state = .abandoned
        problemReport = report(for: error)
        return error
    }

    private func report(for error: AriesError) -> DIDCommMessage {
        thread.problemReport(version.presentProof, code: ProofExchange.abandonCode, explanation: error.description)
    }
}
