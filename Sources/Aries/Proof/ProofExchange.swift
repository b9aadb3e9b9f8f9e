import AnonCreds
import DIDComm
import JSONModel

/// The prover's side of present-proof 1.0 (RFC 0037) and 2.0 (RFC 0454) as a state machine
/// with no I/O: made from a presentation request, it builds the presentation in the first
/// requested format the holder reads, then reads the verifier's ack or problem report.
///
/// States, as the RFCs name them, with the number libvcx reports for each (``vcxState``):
///
/// | State | libvcx |
/// |---|---|
/// | ``State/requestReceived`` | 3 (`VcxStateRequestReceived`) |
/// | ``State/presentationSent`` | 2 (`VcxStateOfferSent`) |
/// | ``State/done`` | 4 (`VcxStateAccepted`) |
/// | ``State/abandoned`` | 9 (`VcxStateRejected`) when the holder rejected, else 0 (`VcxStateNone`) |
///
/// A refusal (a malformed request, an unsupported format or definition, no credential that
/// answers) throws a typed ``AriesError``, abandons the exchange and leaves the report to send
/// in ``problemReport`` (code `abandoned`, as ACA-Py writes it). Remembering which nonces were
/// answered, so a replayed request is refused, is the wallet's: it sees every exchange.
public struct ProofExchange: Sendable {
    /// Where the exchange is (RFC 0037/0454 prover states).
    public enum State: String, Sendable, Hashable, Codable {
        /// The request was read; nothing sent.
        case requestReceived = "request-received"
        /// The presentation was made.
        case presentationSent = "presentation-sent"
        /// The verifier acknowledged the presentation.
        case done
        /// Rejected by the holder, refused, or abandoned by the verifier.
        case abandoned
    }

    /// The current state.
    public internal(set) var state: State = .requestReceived
    /// The request, as read.
    public let request: FormattedMessage
    /// The thread every message of the exchange carries.
    public let thread: ExchangeThread
    /// The request's format the presentation answered.
    public internal(set) var format: AttachmentFormat?
    /// The presentation sent (an AnonCreds proof or a signed verifiable presentation).
    public internal(set) var presentation: JSONValue?
    /// The problem report to send, after a refusal or a rejection.
    public internal(set) var problemReport: DIDCommMessage?
    /// Whether the holder rejected the request.
    public internal(set) var rejected = false

    /// The protocol version, the request's.
    public var version: AriesProtocolVersion { request.version }

    /// Whether the verifier said it will acknowledge the presentation: 2.0's `will_confirm`
    /// (ACA-Py sets it); a 1.0 verifier always acks. Without it, ``State/presentationSent`` is
    /// as far as the exchange goes.
    public var verifierWillConfirm: Bool { version == .v1 || request.message["will_confirm"] == true }

    /// What makes the request unique, for the wallet's record of answered requests (a replayed
    /// one is refused there): the AnonCreds `nonce`, or the DIF `options.challenge`.
    public var requestNonce: String? {
        guard let first = request.attachments.first, let content = try? first.object() else { return nil }
        return first.format == .difDefinition ? content["options"]?["challenge"]?.stringValue : content["nonce"]?.stringValue
    }

    /// The number libvcx reports for the state (see the table above).
    public var vcxState: Int {
        switch state {
        case .requestReceived: 3
        case .presentationSent: 2
        case .done: 4
        case .abandoned: rejected ? 9 : 0
        }
    }

    /// The problem code ACA-Py writes for an abandoned presentation.
    static let abandonCode = "abandoned"

    /// An exchange for `request` (a `request-presentation` of 1.0 or 2.0); `parentThreadID` is
    /// the out-of-band invitation's `@id` when the request came attached to one.
    public init(request: DIDCommMessage, parentThreadID: String? = nil) throws(AriesError) {
        self.request = try FormattedMessage(request, kind: .presentationRequest)
        thread = ExchangeThread(of: request, parentThreadID: parentThreadID)
    }

    /// The problem report refusing `message` when no exchange could be made of it.
    public static func problemReport(refusing message: DIDCommMessage, error: AriesError) -> DIDCommMessage {
        let version: AriesProtocolVersion = message.type.major == 1 ? .v1 : .v2
        return ExchangeThread(of: message).problemReport(version.presentProof, code: abandonCode, explanation: error.description)
    }

    /// The presentation answering the request in the first of its formats `holder` reads.
    public mutating func present(holder: AriesHolder) async throws(AriesError) -> DIDCommMessage {
        guard state == .requestReceived else { throw .unexpectedMessage(reason: "a presentation was already made (state \(state.rawValue))") }
        do { return try await makePresentation(holder: holder) } catch { throw abandon(for: error) }
    }

    /// Abandons the exchange for `error`, leaving the problem report that says why.
    mutating func abandon(for error: AriesError) -> AriesError {
        state = .abandoned
        problemReport = thread.problemReport(version.presentProof, code: Self.abandonCode, explanation: error.description)
        return error
    }

    private mutating func makePresentation(holder: AriesHolder) async throws(AriesError) -> DIDCommMessage {
        guard let chosen = request.attachments.first(where: { holder.reads($0.format) }) else {
            throw .unsupportedFormat(request.attachments.map(\.format.identifier).joined(separator: ", "))
        }
        let content: JSONValue
        if chosen.format == .difDefinition {
            content = try await DIFPresentationBuilder.present(DIFPresentationRequest(chosen.object()), holder: holder.w3c!)
        } else {
            let proofRequest = try CredentialExchange.read(PresentationRequest.self, chosen)
            let proof: Presentation
            do { proof = try await holder.anonCreds!.presentation(for: proofRequest) } catch { throw .anonCreds(error) }
            content = try CredentialExchange.json(proof.jsonData())
        }
        format = chosen.format
        presentation = content
        state = .presentationSent
        return FormattedMessage.make(
            .presentation, version: version, attachments: [FormattedAttachment(format: chosen.format.answer!, content: content)],
            thread: thread.decorator)
    }

    /// Reads the verifier's answer on the thread: its ack (the exchange is done) or its
    /// problem report (abandoned).
    public mutating func receive(_ message: DIDCommMessage) throws(AriesError) {
        guard thread.contains(message) else { throw .unexpectedMessage(reason: "\(message.type) is not on thread \(thread.threadID)") }
        if let abandonment = ExchangeThread.peerAbandonment(message) {
            state = .abandoned
            throw abandonment
        }
        guard state == .presentationSent, Ack.isOK(message) else {
            throw .unexpectedMessage(reason: "\(message.type) in state \(state.rawValue)")
        }
        state = .done
    }

    /// Rejects the request: the problem report to send, with `comment` as its explanation.
    public mutating func reject(comment: String? = nil) throws(AriesError) -> DIDCommMessage {
        guard state == .requestReceived else { throw .unexpectedMessage(reason: "nothing to reject in state \(state.rawValue)") }
        let report = thread.problemReport(version.presentProof, code: Self.abandonCode, explanation: comment ?? "rejected by the holder")
        state = .abandoned
        rejected = true
        problemReport = report
        return report
    }
}
