import CryptoKeys
import Foundation
import JSONModel

/// The invitee's side of DID exchange 1.0 (Aries RFC 0023) as a state machine with no I/O:
/// it makes the request, judges the response, and makes the complete message; sending is the
/// caller's (``ReturnRouteTransport`` over HTTP).
///
/// The request names an unqualified DID of the holder's Ed25519 key with a legacy DIDDoc
/// attached and signed by that key. The response must be on the request's thread, its DIDDoc
/// attachment signed by the invitation key (the one key the holder had reason to trust, from
/// the invitation it chose to accept), its `did` the DIDDoc's, and its envelope sent from a key
/// of that DIDDoc or the invitation key; anything else is refused and the exchange abandoned.
public struct DIDExchangeInvitee: Sendable, InviteeHandshake {
    /// Where the exchange is.
    public enum State: String, Sendable, Hashable {
        /// Nothing sent yet.
        case start
        /// The request was made; a response is awaited.
        case requestSent = "request-sent"
        /// The response was accepted and the complete message made.
        case completed
        /// A refusal, ours or theirs, ended the exchange.
        case abandoned
    }

    /// DID exchange 1.0's message types.
    public static let protocolIdentifier = ProtocolIdentifier.didExchange

    /// The current state.
    public internal(set) var state: State = .start
    /// The invitation accepted.
    public let invitation: OutOfBandInvitation
    /// The inviter's inline service from the invitation: where the request goes, and whose
    /// first recipient key is the invitation key.
    public let invitationService: DIDCommService
    /// Our key for this connection.
    public let myVerkey: Verkey
    /// Our unqualified DID.
    public var myDID: String { myVerkey.unqualifiedDID }
    /// The request's `@id`, the thread's id.
    public internal(set) var requestID: String?
    /// The connection, once ``State/completed``.
    public internal(set) var connection: DIDCommConnection?

    let key: PrivateKey
    /// The complete message is answered with nothing worth reading: the return route stays `all`.
    let completionReturnRoute = ReturnRoute.all

    /// An exchange for `invitation` with our new Ed25519 `key`; the invitation must offer DID
    /// exchange 1.x and an inline service.
    public init(invitation: OutOfBandInvitation, key: PrivateKey) throws(DIDCommError) {
        guard invitation.handshakeProtocols.contains(where: { $0.protocolName == "didexchange" && $0.major == 1 }) else {
            throw .malformedInvitation(reason: "the invitation does not offer DID exchange 1.x")
        }
        guard let service = invitation.inlineService else {
            throw .malformedInvitation(reason: "the invitation names no inline service (public DIDs are not resolved)")
        }
        self.invitation = invitation
        invitationService = service
        myVerkey = try Verkey(of: key)
        self.key = key
    }

    /// The invitation's `@id`, the request's parent thread.
    var invitationID: String { invitation.id }

    /// The invitation key: the response's DIDDoc must be signed by it.
    public var invitationKey: Verkey { invitationService.recipientKeys[0] }

    /// The request, to be sent to ``invitationService`` from our key.
    public mutating func request(label: String) throws(DIDCommError) -> DIDCommMessage {
        let document = LegacyDIDDoc(did: myDID, verkey: myVerkey)
        let attachment = Attachment(
            id: UUID().uuidString.lowercased(), mimeType: "application/json",
            data: try SignedAttachment.sign(document.jsonValue.serialized(), with: key))
        return try makeRequest(body: ["label": .string(label), "did": .string(myDID), "did_doc~attach": attachment.jsonValue])
    }

    /// Judges the inviter's answer to the request (`sender` as the envelope authenticated it):
    /// a response is checked and answered with the complete message to send; a problem report
    /// abandons the exchange.
    ///
    /// - Throws: ``DIDCommError/protocolFailure(reason:)`` for a problem report or a message
    ///   off the thread, ``DIDCommError/signatureNotVerified(reason:)`` for a DIDDoc not signed
    ///   by the invitation key; the state is then ``State/abandoned``.
    public mutating func receive(_ message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommMessage {
        try takeAnswer(message, sender: sender)
    }

    func completion(requestID: String) -> DIDCommMessage {
        DIDCommMessage(
            type: Self.protocolIdentifier.messageType("complete"),
            thread: ThreadDecorator(threadID: requestID, parentThreadID: invitation.id))
    }

    func judge(response message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommConnection {
        guard Self.protocolIdentifier.contains(message.type), message.type.name == "response" else {
            throw .protocolFailure(reason: "expected a DID exchange response, got \(message.type)")
        }
        guard let attachment = try message.attachments(named: "did_doc~attach").first else {
            throw .malformedMessage(reason: "the response has no did_doc~attach")
        }
        let signed = try SignedAttachment.verify(attachment.data, signer: invitationKey)
        let document: LegacyDIDDoc
        do { document = try LegacyDIDDoc(try MessageLimits.default.parser.parse(signed)) } catch let error as DIDCommError { throw error } catch {
            throw .malformedMessage(reason: "the DIDDoc is not JSON")
        }
        return try makeConnection(to: try MessageField.string(message.object, "did", in: "DID exchange response"), document: document, sender: sender)
    }

    /// The problem report that tells the inviter why its response was refused (RFC 0023's
    /// `problem_report`, code `response_not_accepted`, on the request's thread).
    public func problemReport(for error: DIDCommError) -> DIDCommMessage? {
        responseNotAccepted(error)
    }
}
