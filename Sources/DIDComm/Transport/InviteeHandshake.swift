import CryptoKeys
import Foundation
import JSONModel

/// What DID exchange 1.0 and Connections 1.0 share on the invitee's side: a request to the
/// invitation's service, one answer on the request's thread judged against the invitation
/// key, a last message that completes the connection. ``run(label:over:maximumPolls:pollInterval:)``
/// carries them over ``ReturnRouteTransport``; the checks both protocols make on the answer
/// are here once.
protocol InviteeHandshake: Sendable {
    /// The protocol whose `request`, `response` and `problem_report` are exchanged.
    static var protocolIdentifier: ProtocolIdentifier { get }
    var state: DIDExchangeInvitee.State { get set }
    /// The invitation's `@id`: the request's parent thread.
    var invitationID: String { get }
    var requestID: String? { get set }
    var connection: DIDCommConnection? { get set }
    var invitationService: DIDCommService { get }
    /// The key the answer must be signed by: the invitation's first recipient key.
    var invitationKey: Verkey { get }
    var myDID: String { get }
    var myVerkey: Verkey { get }
    var key: PrivateKey { get }
    /// The return route the completing message asks for: `none` when the inviter answers it
    /// with what follows the connection, which the caller then pulls (a POST's answer to the
    /// completing message is not read here).
    var completionReturnRoute: ReturnRoute { get }

    mutating func request(label: String) throws(DIDCommError) -> DIDCommMessage
    mutating func receive(_ message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommMessage
    func problemReport(for error: DIDCommError) -> DIDCommMessage?
    /// The protocol's own checks of an answer already on the request's thread and not a
    /// problem report; the connection it makes.
    func judge(response message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommConnection
    /// The message that completes the handshake once the response is accepted.
    func completion(requestID: String) -> DIDCommMessage
}

extension InviteeHandshake {
    /// The request of `body`, beginning a thread under the invitation's.
    mutating func makeRequest(body: JSONObject) throws(DIDCommError) -> DIDCommMessage {
        guard state == .start else { throw .protocolFailure(reason: "a request was already made") }
        let id = UUID().uuidString.lowercased()
        let message = DIDCommMessage(
            type: Self.protocolIdentifier.messageType("request"), id: id, body: body,
            thread: ThreadDecorator(threadID: id, parentThreadID: invitationID))
        requestID = id
        state = .requestSent
        return message
    }

    /// Judges the answer to the request: on the thread, not a problem report, then the
    /// protocol's ``judge(response:sender:)``; the connection is kept and the completing
    /// message returned, or the handshake abandoned and the refusal thrown.
    mutating func takeAnswer(_ message: DIDCommMessage, sender: Verkey?) throws(DIDCommError) -> DIDCommMessage {
        guard state == .requestSent, let requestID else { throw .protocolFailure(reason: "no request awaits a response") }
        do {
            try Self.checkAnswer(message, requestID: requestID)
            connection = try judge(response: message, sender: sender)
            state = .completed
            return completion(requestID: requestID)
        } catch {
            state = .abandoned
            throw error
        }
    }

    /// The protocol's `problem_report` with code `response_not_accepted` on the request's thread:
    /// RFC 0023's code, which Credo and ACA-Py also wrote for Connections 1.0 (RFC 0160's own
    /// text says `response_rejected`; the agents that implemented it did not).
    func responseNotAccepted(_ error: DIDCommError) -> DIDCommMessage? {
        guard let requestID else { return nil }
        return ProblemReport(code: "response_not_accepted", explanation: error.description).message(
            type: Self.protocolIdentifier.messageType("problem_report"),
            thread: ThreadDecorator(threadID: requestID, parentThreadID: invitationID))
    }

    /// Sends the request, takes the answer from the same POST or from up to `maximumPolls`
    /// trust pings, judges it (a refusal is reported on the thread, best effort, then thrown)
    /// and sends the completing message to the inviter's new service.
    mutating func run(
        label: String, over transport: ReturnRouteTransport, maximumPolls: Int, pollInterval: Duration
    ) async throws(DIDCommError) -> DIDCommConnection {
        let request = try request(label: label)
        var answer = try await transport.send(request, to: invitationService, from: key)
        var polls = 0
        while answer == nil, polls < maximumPolls {
            polls += 1
            try? await Task.sleep(for: pollInterval)
            answer = try await transport.poll(invitationService, from: key)
        }
        guard let answer else {
            state = .abandoned
            throw .protocolFailure(reason: "no response to the \(request.type.protocolName) request after \(polls) polls")
        }
        let complete: DIDCommMessage
        do { complete = try receive(answer.message, sender: answer.sender) } catch {
            if let report = problemReport(for: error) { _ = try? await transport.send(report, to: invitationService, from: key) }
            throw error
        }
        guard let connection else { throw .protocolFailure(reason: "the handshake did not complete") }
        _ = try await transport.send(complete, to: connection.theirService, from: key, returnRoute: completionReturnRoute)
        return connection
    }

    /// Refuses an answer that is not on the request's thread, or that is the inviter's
    /// problem report.
    static func checkAnswer(_ message: DIDCommMessage, requestID: String) throws(DIDCommError) {
        guard message.threadID == requestID else { throw .protocolFailure(reason: "the answer is not on the request's thread") }
        if ProblemReport.isProblemReport(message.type) {
            let report = try ProblemReport(message)
            throw .protocolFailure(reason: "the inviter refused: \(report.code) \(report.explanation ?? "")")
        }
    }

    /// The connection a signed answer names: its `did` must be its DIDDoc's, the DIDDoc must
    /// name a service, and the envelope must come from a key of that DIDDoc or from the
    /// invitation key itself (ACA-Py answers on the return route from the key the request
    /// was sent to).
    func makeConnection(to did: String, document: LegacyDIDDoc, sender: Verkey?) throws(DIDCommError) -> DIDCommConnection {
        guard did == document.id || "did:sov:\(did)" == document.id else {
            throw .protocolFailure(reason: "the response's did \(did) is not its DIDDoc's \(document.id)")
        }
        guard let service = document.services.first else { throw .protocolFailure(reason: "the DIDDoc names no service") }
        let trustedSenders = Set(document.publicKeys.values).union(document.services.flatMap(\.recipientKeys)).union([invitationKey])
        guard let sender, trustedSenders.contains(sender) else {
            throw .protocolFailure(reason: "the response was not sent from the invitation key or a key of its DIDDoc")
        }
        return DIDCommConnection(
            myDID: myDID, myVerkey: myVerkey, theirDID: document.unqualifiedDID, theirService: service, invitationKey: invitationKey)
    }
}
