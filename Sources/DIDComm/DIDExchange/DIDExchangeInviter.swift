import CryptoKeys
import Foundation
import JSONModel

/// The inviter's side of DID exchange 1.0 (Aries RFC 0023) for one invitee, as a state machine
/// with no I/O: it judges the request, makes the response, and completes on the invitee's
/// `complete`. The sandbox's Aries agent and the tests play the inviter with it.
///
/// The request must answer our invitation (its `~thread.pthid`), name a DID whose legacy
/// DIDDoc it attaches, and come in an envelope authenticated from a key of that DIDDoc — so the
/// invitee proves it holds the key it asks us to write to; a signed attachment must be signed by
/// that key too. The response's DIDDoc (our new pairwise DID) is signed with the invitation
/// key, which is how the invitee knows the answer comes from whom it chose to trust.
public struct DIDExchangeInviter: Sendable {
    /// Where the exchange is.
    public enum State: String, Sendable, Hashable {
        /// The invitation is out; no request yet.
        case awaitingRequest = "awaiting-request"
        /// The request was accepted and answered; `complete` is awaited.
        case responseSent = "response-sent"
        /// The invitee completed: the connection is usable.
        case completed
        /// A refusal ended the exchange.
        case abandoned
    }

    /// The current state.
    public private(set) var state: State = .awaitingRequest
    /// The invitation the request must answer.
    public let invitation: OutOfBandInvitation
    /// Our new pairwise key for this connection.
    public let myVerkey: Verkey
    /// Our unqualified DID.
    public var myDID: String { myVerkey.unqualifiedDID }
    /// Where the invitee sends to us (in our DIDDoc's service).
    public let serviceEndpoint: String
    /// The request's `@id`: the thread.
    public private(set) var requestID: String?
    /// The connection, from the request on (usable once ``State/completed``).
    public private(set) var connection: DIDCommConnection?

    let invitationKey: PrivateKey
    let key: PrivateKey

    /// An exchange for `invitation`, whose first inline recipient key is `invitationKey`'s; our
    /// pairwise `key` and the endpoint our DIDDoc names.
    public init(invitation: OutOfBandInvitation, invitationKey: PrivateKey, key: PrivateKey, serviceEndpoint: String) throws(DIDCommError) {
        guard let service = invitation.inlineService, service.recipientKeys.first == (try Verkey(of: invitationKey)) else {
            throw .malformedInvitation(reason: "the invitation's first recipient key is not the invitation key given")
        }
        self.invitation = invitation
        self.invitationKey = invitationKey
        self.key = key
        myVerkey = try Verkey(of: key)
        self.serviceEndpoint = serviceEndpoint
    }

    /// Judges a request (`sender` as its envelope authenticated it) and makes the response to
    /// send to the invitee's service (or back on its return route).
    ///
    /// - Throws: ``DIDCommError/protocolFailure(reason:)`` for a request off the invitation,
    ///   ``DIDCommError/malformedMessage(reason:)`` for a request without its DID or DIDDoc,
    ///   ``DIDCommError/signatureNotVerified(reason:)`` for a DIDDoc signed by another key, and
    ///   ``DIDCommError/senderNotAuthenticated(reason:)`` for an envelope not from the DIDDoc's
    ///   key; the state is then ``State/abandoned``.
    public mutating func receive(request message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommMessage {
        guard state == .awaitingRequest else { throw .protocolFailure(reason: "a request was already answered") }
        do {
            let (document, theirService) = try judge(request: message, sender: sender)
            requestID = message.id
            connection = DIDCommConnection(
                myDID: myDID, myVerkey: myVerkey, theirDID: document.unqualifiedDID, theirService: theirService,
                invitationKey: try Verkey(of: invitationKey))
            let ours = LegacyDIDDoc(did: myDID, verkey: myVerkey, serviceEndpoint: serviceEndpoint)
            let attachment = Attachment(
                id: UUID().uuidString.lowercased(), mimeType: "application/json",
                data: try SignedAttachment.sign(ours.jsonValue.serialized(), with: invitationKey))
            state = .responseSent
            return DIDCommMessage(
                type: ProtocolIdentifier.didExchange.messageType("response"),
                body: ["did": .string(myDID), "did_doc~attach": attachment.jsonValue],
                thread: ThreadDecorator(threadID: message.id, parentThreadID: invitation.id))
        } catch {
            requestID = requestID ?? message.id
            state = .abandoned
            throw error
        }
    }

    private func judge(request message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> (LegacyDIDDoc, DIDCommService) {
        guard ProtocolIdentifier.didExchange.contains(message.type), message.type.name == "request" else {
            throw .protocolFailure(reason: "expected a DID exchange request, got \(message.type)")
        }
        guard message.thread?.parentThreadID == invitation.id else {
            throw .protocolFailure(reason: "the request does not answer this invitation (pthid)")
        }
        let did = try MessageField.string(message.object, "did", in: "DID exchange request")
        guard let attachment = try message.attachments(named: "did_doc~attach").first else {
            throw .malformedMessage(reason: "the request has no did_doc~attach")
        }
        let content = try attachment.data.content()
        let document: LegacyDIDDoc
        do { document = try LegacyDIDDoc(try MessageLimits.default.parser.parse(content)) } catch let error as DIDCommError { throw error } catch {
            throw .malformedMessage(reason: "the DIDDoc is not JSON")
        }
        guard did == document.unqualifiedDID else {
            throw .protocolFailure(reason: "the request's did \(did) is not its DIDDoc's \(document.id)")
        }
        let documentKeys = Set(document.publicKeys.values).union(document.services.flatMap(\.recipientKeys))
        guard let sender, documentKeys.contains(sender) else {
            throw .senderNotAuthenticated(reason: "the request was not sent from a key of its DIDDoc")
        }
        if attachment.data.jws != nil { _ = try SignedAttachment.verify(attachment.data, signer: sender) }
        guard let service = document.services.first else { throw .protocolFailure(reason: "the DIDDoc names no service") }
        return (document, service)
    }

    /// Takes the invitee's `complete` (RFC 0023's last message, on the request's thread).
    public mutating func receive(complete message: DIDCommMessage) throws(DIDCommError) {
        guard state == .responseSent, let requestID else { throw .protocolFailure(reason: "no response awaits completion") }
        guard ProtocolIdentifier.didExchange.contains(message.type), message.type.name == "complete",
            message.threadID == requestID
        else {
            state = .abandoned
            throw .protocolFailure(reason: "expected the complete message on the request's thread, got \(message.type)")
        }
        state = .completed
    }

    /// The problem report that tells the invitee why its request was refused (code
    /// `request_not_accepted`, on the request's thread).
    public func problemReport(for error: DIDCommError) -> DIDCommMessage? {
        guard let requestID else { return nil }
        return ProblemReport(code: "request_not_accepted", explanation: error.description).message(
            type: ProtocolIdentifier.didExchange.messageType("problem_report"),
            thread: ThreadDecorator(threadID: requestID, parentThreadID: invitation.id))
    }
}
