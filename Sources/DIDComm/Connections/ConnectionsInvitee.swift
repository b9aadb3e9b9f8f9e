import CryptoKeys
import Foundation
import JSONModel

/// The invitee's side of Connections 1.0 (Aries RFC 0160, the handshake of `?c_i=`
/// invitations) as a state machine with no I/O: it makes the request, judges the response,
/// and makes the trust ping that completes the connection; sending is the caller's
/// (``ReturnRouteTransport``, or ``connect(label:over:maximumPolls:pollInterval:)``).
///
/// The request's `connection` names an unqualified DID of the holder's new Ed25519 key and its
/// ``LegacyDIDDoc`` (whose endpoint asks for answers on the holder's own connection, RFC 0092).
/// The response's `connection~sig` (``SignedField``) must be signed by the invitation key —
/// the one key the holder had reason to trust, from the invitation it chose to accept — and
/// verify; the response must be on the request's thread, its `DID` its DIDDoc's, and its
/// envelope sent from a key of that DIDDoc or the invitation key. Anything else is refused and
/// the exchange abandoned, with ``problemReport(for:)`` to tell the inviter why.
///
/// RFC 0160 has no message of its own to end the handshake ("any message will do"): the
/// inviter marks the connection complete on the invitee's first message, here a trust ping
/// that asks for no response.
public struct ConnectionsInvitee: Sendable, InviteeHandshake {
    /// Where the handshake is: the states of DID exchange's invitee, with the same meaning.
    public typealias State = DIDExchangeInvitee.State

    /// Connections 1.0's message types.
    public static let protocolIdentifier = ProtocolIdentifier.connections

    /// The current state.
    public internal(set) var state: State = .start
    /// The invitation's `@id`: the parent thread (`pthid`) of the request.
    public let invitationID: String
    /// The invitation's inline service: where the request goes, and whose first recipient key
    /// is the invitation key.
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
    /// The trust ping's answer would be what follows the connection (an offer the inviter
    /// queued on completion): it is left queued for the caller's pull.
    let completionReturnRoute = ReturnRoute.none

    /// A handshake for `invitation` with our new Ed25519 `key`; the invitation must carry its
    /// keys and endpoint (a public DID is not resolved).
    public init(invitation: ConnectionInvitation, key: PrivateKey) throws(DIDCommError) {
        guard case .inline(let service) = invitation.service else {
            throw .malformedInvitation(reason: "the invitation names a public DID, not keys and an endpoint (DIDs are not resolved)")
        }
        try self.init(invitationID: invitation.message.id, service: service, key: key)
    }

    /// A handshake for an out-of-band `invitation` whose `handshake_protocols` offer
    /// Connections 1.x (RFC 0434 allows it; Credo makes such invitations), with our new
    /// Ed25519 `key`; the invitation must name an inline service.
    public init(outOfBand invitation: OutOfBandInvitation, key: PrivateKey) throws(DIDCommError) {
        guard invitation.handshakeProtocols.contains(where: { $0.protocolName == "connections" && $0.major == 1 }) else {
            throw .malformedInvitation(reason: "the invitation does not offer Connections 1.x")
        }
        guard let service = invitation.inlineService else {
            throw .malformedInvitation(reason: "the invitation names no inline service (public DIDs are not resolved)")
        }
        try self.init(invitationID: invitation.id, service: service, key: key)
    }

    private init(invitationID: String, service: DIDCommService, key: PrivateKey) throws(DIDCommError) {
        self.invitationID = invitationID
        invitationService = service
        myVerkey = try Verkey(of: key)
        self.key = key
    }

    /// The invitation key: the response's `connection~sig` must be made by it.
    public var invitationKey: Verkey { invitationService.recipientKeys[0] }

    /// The request, to be sent to ``invitationService`` from our key.
    public mutating func request(label: String) throws(DIDCommError) -> DIDCommMessage {
        let document = LegacyDIDDoc(did: myDID, verkey: myVerkey)
        return try makeRequest(body: ["label": .string(label), "connection": ["DID": .string(myDID), "DIDDoc": document.jsonValue]])
    }

    /// Judges the inviter's answer to the request (`sender` as the envelope authenticated
    /// it): a response is checked and answered with the trust ping to send to the inviter's
    /// new service; a problem report abandons the handshake.
    ///
    /// - Throws: ``DIDCommError/protocolFailure(reason:)`` for a problem report, a message off
    ///   the thread or from a key the response does not name,
    ///   ``DIDCommError/signatureNotVerified(reason:)`` for a `connection~sig` made by another
    ///   key than the invitation key or not verifying over its `sig_data`,
    ///   ``DIDCommError/malformedMessage(reason:)`` for a response without its signed
    ///   `connection`; the state is then ``State/abandoned``.
    public mutating func receive(_ message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommMessage {
        try takeAnswer(message, sender: sender)
    }

    func completion(requestID: String) -> DIDCommMessage {
        DIDCommMessage(type: .trustPing, body: ["response_requested": false])
    }

    func judge(response message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommConnection {
        guard Self.protocolIdentifier.contains(message.type), message.type.name == "response" else {
            throw .protocolFailure(reason: "expected a Connections 1.0 response, got \(message.type)")
        }
        guard let signature = message["connection~sig"] else { throw .malformedMessage(reason: "the response has no connection~sig") }
        let signed = try SignedField.verify(signature, signer: invitationKey).value
        guard let details = signed.objectValue else { throw .malformedMessage(reason: "the signed connection is not an object") }
        // RFC 0160's text writes `did`/`did_doc`; the agents that implement it write `DID`/`DIDDoc`.
        let written = try MessageField.optionalString(details, "DID", in: "connection")
        let asRFCWrites = try MessageField.optionalString(details, "did", in: "connection")
        guard let did = written ?? asRFCWrites, let documentValue = details["DIDDoc"] ?? details["did_doc"]
        else { throw .malformedMessage(reason: "the signed connection has no DID and DIDDoc") }
        return try makeConnection(to: did, document: try LegacyDIDDoc(documentValue), sender: sender)
    }

    /// The problem report that tells the inviter why its response was refused (RFC 0160's
    /// `problem_report`, code `response_not_accepted`, on the request's thread).
    public func problemReport(for error: DIDCommError) -> DIDCommMessage? {
        responseNotAccepted(error)
    }

    /// Runs the handshake over `transport`: the request to the invitation's service, the
    /// response from the same POST or from up to `maximumPolls` trust pings `pollInterval`
    /// apart, then the completing trust ping to the service of the DIDDoc received (return
    /// route `none`: what the inviter sends next stays queued for the caller's pull). A refused
    /// response is answered with a problem report (best effort) before the error is thrown.
    ///
    /// `transport` must open messages with this handshake's key.
    public mutating func connect(
        label: String, over transport: ReturnRouteTransport, maximumPolls: Int = 20, pollInterval: Duration = .milliseconds(250)
    ) async throws(DIDCommError) -> DIDCommConnection {
        try await run(label: label, over: transport, maximumPolls: maximumPolls, pollInterval: pollInterval)
    }
}
