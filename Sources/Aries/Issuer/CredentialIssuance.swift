import AnonCreds
import DIDComm
import Foundation
import JSONModel

/// The issuer's side of issue-credential 1.0 (RFC 0036) and 2.0 (RFC 0453) for AnonCreds
/// credentials, as a state machine with no I/O: it makes the offer, judges the holder's request,
/// signs the credential and reads the holder's ack. Sending and storing are the caller's (the
/// sandbox's Aries agent composes it with its connections and HTTP).
///
/// It reuses the holder's message models (``FormattedMessage``, ``ExchangeThread``), so what it
/// writes is what ``CredentialExchange`` reads. A request is judged as ACA-Py judges one:
/// - it must answer the offer's format (`hlindy/cred-req@v2.0` for `hlindy/cred-abstract@v2.0`,
///   `anoncreds/credential-request@v1.0` for `anoncreds/credential-offer@v1.0`; implied in 1.0);
/// - it must name the offered credential definition;
/// - it must carry `prover_did` in 1.0 and the Indy format, `entropy` in the AnonCreds format;
/// - its blinded link secret's correctness proof must verify against the offer's nonce
///   (``AnonCredsIssuer/issue(_:for:offer:using:)``).
///
/// Each refusal throws a typed ``AriesError``, abandons the exchange and leaves the problem
/// report to send in ``problemReport`` (code `issuance-abandoned`), so the holder is told why.
public struct CredentialIssuance: Sendable {
    /// Where the exchange is (RFC 0036/0453 issuer states).
    public enum State: String, Sendable, Hashable, Codable {
        /// The offer was made; the request is awaited.
        case offerSent = "offer-sent"
        /// The credential was issued; the holder's ack is awaited.
        case credentialIssued = "credential-issued"
        /// The holder acknowledged the credential.
        case done
        /// Refused, or abandoned by the holder.
        case abandoned
    }

    /// The current state.
    public private(set) var state: State = .offerSent
    /// The protocol version.
    public let version: AriesProtocolVersion
    /// The offer's attachment format (``AttachmentFormat/indyOffer`` or ``AttachmentFormat/anonCredsOffer``).
    public let format: AttachmentFormat
    /// The AnonCreds offer (its nonce binds the request).
    public let anonCredsOffer: CredentialOffer
    /// The raw values to sign, by attribute name.
    public let values: [String: String]
    /// The offer message, to send (or attach to an out-of-band invitation).
    public let offer: DIDCommMessage
    /// The thread: the offer's `@id`, and the invitation's as `pthid` when it came out of band.
    public let thread: ExchangeThread
    /// The problem report to send after a refusal.
    public private(set) var problemReport: DIDCommMessage?
    /// The holder's problem report, when it abandoned the exchange.
    public private(set) var abandonment: AriesError?

    /// The problem code ACA-Py reads for an abandoned issuance.
    static var abandonCode: String { CredentialExchange.abandonCode }

    /// An offer of `values` (with a `credential_preview` of them) in `version` and `format`;
    /// `decorators` are added to the offer (the `~ledger` decorator, `~service` for a
    /// connectionless offer), `parentThreadID` is the out-of-band invitation's `@id`.
    public init(
        offering anonCredsOffer: CredentialOffer, values: [String: String], version: AriesProtocolVersion,
        format: AttachmentFormat = .indyOffer, comment: String? = nil, decorators: JSONObject = [:], parentThreadID: String? = nil
    ) throws(AriesError) {
        guard format == .indyOffer || format == .anonCredsOffer, version == .v2 || format == .indyOffer else {
            throw .unsupportedFormat("an AnonCreds offer is \(AttachmentFormat.indyOffer) or, in 2.0, \(AttachmentFormat.anonCredsOffer); not \(format) in \(version)")
        }
        self.anonCredsOffer = anonCredsOffer
        self.values = values
        self.version = version
        self.format = format
        let preview = CredentialPreview(attributes: values.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) })
        let content = try CredentialExchange.json(anonCredsOffer.jsonData())
        let threadDecorator = parentThreadID.map { ThreadDecorator(threadID: nil, parentThreadID: $0) }
        offer = FormattedMessage.make(
            .credentialOffer, version: version, attachments: [FormattedAttachment(format: format, content: content)],
            comment: comment, preview: preview, thread: threadDecorator, body: decorators)
        thread = ExchangeThread(of: offer, parentThreadID: parentThreadID)
    }

    /// Judges a message on the exchange's thread: a request is answered with the signed
    /// credential (asking for an ack); the holder's ack ends the exchange (`nil` to send); its
    /// problem report abandons it.
    public mutating func receive(
        _ message: DIDCommMessage, issuer: AnonCredsIssuer
    ) throws(AriesError) -> DIDCommMessage? {
        guard thread.contains(message) else { throw .unexpectedMessage(reason: "\(message.type) is not on thread \(thread.threadID)") }
        if let abandonment = ExchangeThread.peerAbandonment(message) {
            state = .abandoned
            self.abandonment = abandonment
            throw abandonment
        }
        if version.issueCredential.contains(message.type), Ack.isOK(message), state == .credentialIssued {
            state = .done
            return nil
        }
        guard state == .offerSent else {
            // Refused and told, but what the exchange reached stands (a replay changes nothing).
            let error = AriesError.unexpectedMessage(reason: "\(message.type) in state \(state.rawValue)")
            problemReport = report(for: error)
            throw error
        }
        do { return try issue(answering: message, issuer: issuer) } catch { throw abandon(for: error) }
    }

    private mutating func issue(answering message: DIDCommMessage, issuer: AnonCredsIssuer) throws(AriesError) -> DIDCommMessage {
        let read = try FormattedMessage(message, kind: .credentialRequest)
        guard read.version == version else { throw .unexpectedMessage(reason: "a \(read.version) request for a \(version) offer") }
        guard let answer = format.answer, let attachment = read.attachment(answer) else {
            throw .unsupportedFormat("the request is not \(format.answer?.identifier ?? "?") (got \(read.attachments.map(\.format.identifier)))")
        }
        let request = try CredentialExchange.read(CredentialRequest.self, attachment)
        guard request.credentialDefinitionID == anonCredsOffer.credentialDefinitionID else {
            throw .anonCreds(.credentialDefinitionMismatch(expected: anonCredsOffer.credentialDefinitionID, found: request.credentialDefinitionID))
        }
        if format == .indyOffer {
            guard request.proverDID != nil, request.entropy == nil else {
                throw .malformedMessage(reason: "a \(version == .v1 ? "1.0" : "hlindy") credential request carries prover_did, not entropy")
            }
        } else {
            guard request.entropy != nil, request.proverDID == nil else {
                throw .malformedMessage(reason: "an anoncreds credential request carries entropy, not prover_did")
            }
        }
        var generator = SystemRandomNumberGenerator()
        let credential: Credential
        do { credential = try issuer.issue(values, for: request, offer: anonCredsOffer, using: &generator) } catch { throw .anonCreds(error) }
        state = .credentialIssued
        return FormattedMessage.make(
            .credentialIssue, version: version,
            attachments: [FormattedAttachment(format: answer.answer!, content: try CredentialExchange.json(credential.jsonData()))],
            thread: thread.decorator, body: ["~please_ack": ["on": ["OUTCOME"]]])
    }

    private mutating func abandon(for error: AriesError) -> AriesError {
        state = .abandoned
        problemReport = report(for: error)
        return error
    }

    private func report(for error: AriesError) -> DIDCommMessage {
        thread.problemReport(version.issueCredential, code: Self.abandonCode, explanation: error.description)
    }
}
