import AnonCreds
import DIDComm
import Foundation
import JSONModel

/// The holder's side of issue-credential 1.0 (RFC 0036) and 2.0 (RFC 0453) as a state machine
/// with no I/O: made from an offer, it builds the request, judges the issued credential, builds
/// the ack or the rejection; sending, storing and asking the user are the caller's.
///
/// States, as the RFCs name them, with the number libvcx reports for each (``vcxState``):
///
/// | State | libvcx |
/// |---|---|
/// | ``State/offerReceived`` | 3 (`VcxStateRequestReceived`) |
/// | ``State/requestSent`` | 2 (`VcxStateOfferSent`) |
/// | ``State/credentialReceived`` | 4 (`VcxStateAccepted`) |
/// | ``State/done`` | 4 (`VcxStateAccepted`) |
/// | ``State/abandoned`` | 9 (`VcxStateRejected`) when the holder rejected, else 0 (`VcxStateNone`) |
///
/// Every refusal — a malformed message, an unsupported format, a bad key correctness proof, a
/// tampered credential, a credential for another definition than offered, a W3C credential that
/// is not the one requested or whose proof fails — throws a typed ``AriesError``, abandons the
/// exchange, and leaves in ``problemReport`` the report to send on the thread. A message of
/// another thread is refused without touching the exchange (it is someone else's).
///
/// The exchange is `Codable` (``serialized()``, ``init(serialized:)``) at every state, so a
/// wallet keeps it and resumes later. Between request and credential it holds the AnonCreds
/// request metadata, whose blinding factor is secret: store it sealed.
public struct CredentialExchange: Sendable {
    /// Where the exchange is (RFC 0036/0453 holder states).
    public enum State: String, Sendable, Hashable, Codable {
        /// The offer was read; nothing sent.
        case offerReceived = "offer-received"
        /// The request was made.
        case requestSent = "request-sent"
        /// The credential was received and checked; the ack is not made yet (store it first).
        case credentialReceived = "credential-received"
        /// The ack was made.
        case done
        /// Rejected by the holder, refused, or abandoned by the issuer.
        case abandoned
    }

    /// The current state.
    public internal(set) var state: State = .offerReceived
    /// The offer, as read.
    public let offer: FormattedMessage
    /// The thread every message of the exchange carries.
    public let thread: ExchangeThread
    /// The attachment format of the offer the holder answered.
    public internal(set) var format: AttachmentFormat?
    /// The checked credential, from ``State/credentialReceived`` on.
    public internal(set) var credential: IssuedCredential?
    /// The problem report to send, after a refusal or a rejection.
    public internal(set) var problemReport: DIDCommMessage?
    /// Whether the holder rejected the offer (rather than refused a message).
    public internal(set) var rejected = false
    /// Whether the issuer asked for an ack (`~please_ack`) on the credential; it is made either way.
    public internal(set) var ackRequested = false

    /// The AnonCreds request's metadata, kept for processing the credential.
    var requestMetadata: CredentialRequestMetadata?
    /// The JSON-LD detail the request carried, which the credential must match.
    var requestDetail: JSONObject?

    /// The protocol version, the offer's.
    public var version: AriesProtocolVersion { offer.version }

    /// The number libvcx reports for the state (see the table above).
    public var vcxState: Int {
        switch state {
        case .offerReceived: 3
        case .requestSent: 2
        case .credentialReceived, .done: 4
        case .abandoned: rejected ? 9 : 0
        }
    }

    /// An exchange for `offer` (an `offer-credential` of 1.0 or 2.0); `parentThreadID` is the
    /// out-of-band invitation's `@id` when the offer came attached to one.
    public init(offer: DIDCommMessage, parentThreadID: String? = nil) throws(AriesError) {
        self.offer = try FormattedMessage(offer, kind: .credentialOffer)
        thread = ExchangeThread(of: offer, parentThreadID: parentThreadID)
    }

    /// The problem report refusing `message` when no exchange could be made of it (an offer that
    /// does not read): on its thread, code `issuance-abandoned`.
    public static func problemReport(refusing message: DIDCommMessage, error: AriesError) -> DIDCommMessage {
        let version: AriesProtocolVersion = message.type.major == 1 ? .v1 : .v2
        return ExchangeThread(of: message).problemReport(version.issueCredential, code: abandonCode, explanation: error.description)
    }

    /// The problem code ACA-Py reads for an abandoned issuance.
    static let abandonCode = "issuance-abandoned"

    /// Abandons the exchange for `error`, leaving the problem report that says why.
    mutating func abandon(for error: AriesError) -> AriesError {
        state = .abandoned
        problemReport = thread.problemReport(version.issueCredential, code: Self.abandonCode, explanation: error.description)
        return error
    }

    /// The request answering the offer in the first of its formats `holder` reads: the link
    /// secret blinded (`prover_did` for 1.0 and `hlindy`, `entropy` for `anoncreds`), or the
    /// credential detail with `credentialSubject.id` set to the holder's did:key.
    public mutating func request(holder: AriesHolder) async throws(AriesError) -> DIDCommMessage {
        guard state == .offerReceived else { throw .unexpectedMessage(reason: "a request was already made (state \(state.rawValue))") }
        do { return try await makeRequest(holder: holder) } catch { throw abandon(for: error) }
    }

    private mutating func makeRequest(holder: AriesHolder) async throws(AriesError) -> DIDCommMessage {
        guard let chosen = offer.attachments.first(where: { holder.reads($0.format) }) else {
            throw .unsupportedFormat(offer.attachments.map(\.format.identifier).joined(separator: ", "))
        }
        let content: FormattedAttachment
        if chosen.format == .ldProofDetail {
            let detail = try LDProofCredentialCheck.requestDetail(chosen.object(), holder: holder.w3c!)
            requestDetail = detail
            content = FormattedAttachment(format: .ldProofDetail, content: .object(detail))
        } else {
            let anonCredsOffer = try Self.read(CredentialOffer.self, chosen)
            let identity: AnonCredsHolder.RequesterIdentity
            if chosen.format == .indyOffer, let did = holder.proverDID { identity = .proverDID(did) } else { identity = .randomEntropy() }
            let pending: AnonCredsHolder.PendingRequest
            do { pending = try await holder.anonCreds!.credentialRequest(for: anonCredsOffer, identity: identity) } catch {
                throw .anonCreds(error)
            }
            requestMetadata = pending.metadata
            content = FormattedAttachment(format: chosen.format.answer!, content: try Self.json(pending.request.jsonData()))
        }
        format = chosen.format
        state = .requestSent
        return FormattedMessage.make(.credentialRequest, version: version, attachments: [content], thread: thread.decorator)
    }

    /// Judges a message on the exchange's thread: the issued credential (checked, then the
    /// state is ``State/credentialReceived``) or the issuer's problem report (abandoned).
    public mutating func receive(_ message: DIDCommMessage, holder: AriesHolder) async throws(AriesError) {
        guard thread.contains(message) else { throw .unexpectedMessage(reason: "\(message.type) is not on thread \(thread.threadID)") }
        if let abandonment = ExchangeThread.peerAbandonment(message) {
            state = .abandoned
            throw abandonment
        }
        guard state == .requestSent else { throw .unexpectedMessage(reason: "\(message.type) in state \(state.rawValue)") }
        do { try await accept(message, holder: holder) } catch { throw abandon(for: error) }
    }

    private mutating func accept(_ message: DIDCommMessage, holder: AriesHolder) async throws(AriesError) {
        let issued = try FormattedMessage(message, kind: .credentialIssue)
        guard issued.version == version else { throw .unexpectedMessage(reason: "a \(issued.version) credential for a \(version) offer") }
        guard let format, let offered = offer.attachment(format) else { throw .malformedState(reason: "no format chosen") }
        let expected: AttachmentFormat = format == .ldProofDetail ? .ldProofCredential : format.answer!.answer!
        guard let attachment = issued.attachment(expected) else {
            throw .unsupportedFormat("the credential is not \(expected) (got \(issued.attachments.map(\.format.identifier)))")
        }
        if expected == .ldProofCredential {
            guard let w3c = holder.w3c, let requestDetail else { throw .unsupportedFormat(expected.identifier) }
            let document = try attachment.json()
            try await LDProofCredentialCheck.check(document, detail: requestDetail, holder: w3c)
            credential = .w3c(document)
        } else {
            guard let anonCreds = holder.anonCreds, let requestMetadata else { throw .unsupportedFormat(expected.identifier) }
            let received = try Self.read(Credential.self, attachment)
            let anonCredsOffer = try Self.read(CredentialOffer.self, offered)
            do {
                credential = .anonCreds(try await anonCreds.processCredential(received, metadata: requestMetadata, offer: anonCredsOffer))
            } catch {
                throw .anonCreds(error)
            }
        }
        do { ackRequested = try message.pleaseAck != nil } catch { throw AriesError(error) }
        state = .credentialReceived
    }

    /// The ack for the checked credential (the protocol's own `ack`), to send once it is
    /// stored; the exchange is then ``State/done``.
    public mutating func acknowledge() throws(AriesError) -> DIDCommMessage {
        guard state == .credentialReceived else { throw .unexpectedMessage(reason: "no credential to acknowledge (state \(state.rawValue))") }
        state = .done
        return thread.ack(version.issueCredential)
    }

    /// Rejects the offer (or a pending request): the problem report to send, with `comment` as
    /// its explanation; the exchange is abandoned.
    public mutating func reject(comment: String? = nil) throws(AriesError) -> DIDCommMessage {
        guard state == .offerReceived || state == .requestSent else {
            throw .unexpectedMessage(reason: "nothing to reject in state \(state.rawValue)")
        }
        let report = thread.problemReport(version.issueCredential, code: Self.abandonCode, explanation: comment ?? "rejected by the holder")
        state = .abandoned
        rejected = true
        problemReport = report
        return report
    }

    /// An AnonCreds object from an attachment.
    static func read<Object: AnonCredsObject>(_ type: Object.Type, _ attachment: FormattedAttachment) throws(AriesError) -> Object {
        let data = try attachment.json().serialized()
        do { return try Object(jsonData: data) } catch { throw .anonCreds(error) }
    }

    /// JSON bytes Vellum wrote, as a value.
    static func json(_ data: Data) throws(AriesError) -> JSONValue {
        do { return try JSONParser().parse(data) } catch { throw .malformedState(reason: "unreadable JSON: \(error)") }
    }
}
