import AnonCredsLedger
import CryptoKeys
import DIDComm
import Foundation
import JSONModel

/// The sandbox's Aries agent: its invitations and the sessions that follow them, the keys it
/// may be written to, and the messages queued for holders that have no endpoint (RFC 0092's
/// return route: each POST from a holder is answered with the next message queued for its key,
/// or nothing).
///
/// Every POST is one envelope: it must open with one of our keys (authcrypt, or anoncrypt with a
/// `~service` naming where to answer) and hold a DIDComm message within ``MessageLimits``; what
/// does not is refused with a typed ``DIDCommError`` (HTTP 400), and a message that opens but
/// cannot be accepted is answered with a problem report on its thread.
struct SandboxAriesAgent: Sendable {
    /// At most this many invitations are kept (1 024 by default); the oldest is forgotten first,
    /// with its keys, so a message for it no longer opens.
    let maximumSessions: Int
    /// At most this many messages wait for one holder; more refuse the message that caused them.
    static let maximumQueue = 16
    /// The envelope limits: the sandbox server reads at most 1 MiB anyway.
    static let envelopeLimits = EnvelopeLimits(maximumEnvelopeSize: 1 << 20, maximumRecipients: 16)
    /// At most this many refusals are remembered, for the admin view.
    static let maximumRefusals = 256

    private(set) var sessions: [String: SandboxAriesSession] = [:]
    private var order: [String] = []
    /// Every key we may be written to, by base58 verkey.
    private var keys: [String: PrivateKey] = [:]
    /// The invitation of each thread (steps' threads), and of each connected holder key.
    private var threads: [String: String] = [:]
    private var connections: [String: String] = [:]
    /// Envelopes waiting for each holder key (base58).
    private var queues: [String: [Data]] = [:]
    /// Why messages were refused, latest last.
    private(set) var refusals: [String] = []

    init(maximumSessions: Int = 1024) { self.maximumSessions = max(1, maximumSessions) }

    /// What one POST comes to.
    enum Outcome: Sendable {
        /// 200 with this envelope.
        case answer(Data)
        /// 202: nothing to answer now.
        case accepted
        /// 400: the envelope or message could not be read (``DIDCommError``).
        case refused(DIDCommError)
    }

    /// Makes an invitation for `plan`: its key, and for a connectionless plan the first step's
    /// message attached with our `~service`; the `~ledger` decorator on the invitation and on
    /// every offer and proof request.
    mutating func invite(
        _ plan: SandboxAriesPlan, material: SandboxAriesMaterial, endpoint: String, linkBase: String, ledger: LedgerDecorator
    ) throws(SandboxError) -> SandboxAriesInvitation {
        let invitationKey = PrivateKey(curve: .ed25519)
        do {
            let verkey = try Verkey(of: invitationKey)
            let ourService = DIDCommService(id: "#inline", recipientKeys: [verkey], serviceEndpoint: endpoint)
            var requests: [Attachment] = []
            var first: SandboxAriesSession.Started?
            let invitationID = UUID().uuidString.lowercased()
            if plan.connectionless, let step = plan.steps.first {
                let started = try SandboxAriesSession.firstMessage(
                    of: step, plan: plan, material: material,
                    decorators: [LedgerDecorator.decoratorName: ledger.json, "~service": ourService.jsonValue], parentThreadID: invitationID)
                first = started
                requests = [Attachment(id: "request-0", mimeType: "application/json", data: AttachmentData(json: .object(started.message.object)))]
            }
            var invitation = try OutOfBandInvitation.make(
                label: "Vellum sandbox", service: ourService, handshakeProtocols: plan.connectionless ? [] : [.didExchange],
                requests: requests, goalCode: plan.steps.first?.isIssuance == true ? "issue-vc" : "request-proof")
            var object = invitation.message.object
            object["@id"] = .string(invitationID)
            object[LedgerDecorator.decoratorName] = ledger.json
            invitation = try OutOfBandInvitation(DIDCommMessage(object: object))
            var pairwiseKey: PrivateKey?
            var inviter: DIDExchangeInviter?
            if !plan.connectionless {
                let key = PrivateKey(curve: .ed25519)
                pairwiseKey = key
                inviter = try DIDExchangeInviter(invitation: invitation, invitationKey: invitationKey, key: key, serviceEndpoint: endpoint)
                keys[try Verkey(of: key).base58] = key
            }
            var session = SandboxAriesSession(
                invitation: invitation, invitationKey: invitationKey, plan: plan, pairwiseKey: pairwiseKey, inviter: inviter,
                service: plan.connectionless ? ourService : nil)
            if let first {
                threads[session.start(first).id] = invitationID
            }
            keys[verkey.base58] = invitationKey
            remember(session)
            guard let url = URL(string: invitation.link(base: linkBase)) else { throw SandboxError.invalidState("the invitation link is not a URL") }
            return SandboxAriesInvitation(id: invitationID, url: url, invitation: .object(invitation.message.object))
        } catch let error as SandboxError {
            throw error
        } catch {
            throw .invalidRequest("the invitation could not be made: \(error)")
        }
    }

    private mutating func remember(_ session: SandboxAriesSession) {
        let id = session.invitation.id
        if sessions[id] == nil { order.append(id) }
        sessions[id] = session
        while order.count > maximumSessions { forget(order.removeFirst()) }
    }

    /// Drops a session with everything that names it: its keys, threads, connection and queue.
    private mutating func forget(_ id: String) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        for key in [session.invitationKey, session.pairwiseKey].compactMap({ $0 }) {
            if let verkey = try? Verkey(of: key) { keys[verkey.base58] = nil }
        }
        threads = threads.filter { $0.value != id }
        connections = connections.filter { $0.value != id }
        if let holder = session.holder { queues[holder.base58] = nil }
    }

    /// One POSTed envelope.
    mutating func receive(_ body: Data, material: SandboxAriesMaterial, ledger: LedgerDecorator) -> Outcome {
        let opened: UnpackedMessage
        let message: DIDCommMessage
        let holder: Verkey
        do throws(DIDCommError) {
            let envelope = try Envelope(json: body, limits: Self.envelopeLimits)
            opened = try envelope.open(with: envelope.recipientKids.compactMap { keys[$0] })
            message = try DIDCommMessage(json: opened.message)
            var from = opened.sender
            if from == nil { from = try message.service?.recipientKeys.first }
            guard let from else {
                throw DIDCommError.senderNotAuthenticated(reason: "an anoncrypt message without a ~service: nowhere to answer")
            }
            holder = from
        } catch {
            refuse(error.description)
            return .refused(error)
        }
        guard let ours = keys[opened.recipient.base58] else { return .refused(.notARecipient(kids: [])) }
        let holds = dispatch(message, holder: holder, sender: opened.sender, ours: ours, material: material, ledger: ledger)
        guard (try? message.returnRoute) == .all, !holds, var queue = queues[holder.base58], !queue.isEmpty else { return .accepted }
        let envelope = queue.removeFirst()
        queues[holder.base58] = queue.isEmpty ? nil : queue
        return .answer(envelope)
    }

    /// Acts on one message; whether its POST's answer is held for the holder's next poll (after
    /// DID exchange's `complete` and an ack, which end a protocol: the holder polls for what
    /// comes next).
    private mutating func dispatch(
        _ message: DIDCommMessage, holder: Verkey, sender: Verkey?, ours: PrivateKey, material: SandboxAriesMaterial,
        ledger: LedgerDecorator
    ) -> Bool {
        let type = message.type
        if ProtocolIdentifier.didExchange.contains(type), type.name == "request" {
            exchangeRequest(message, holder: holder, sender: sender, ours: ours)
            return false
        }
        if ProtocolIdentifier.didExchange.contains(type), type.name == "complete" {
            complete(message, holder: holder, material: material, ledger: ledger)
            return true
        }
        if type.protocolName == "trust_ping", type.name == "ping" {
            if message["response_requested"] != false {
                enqueue(DIDCommMessage(type: .trustPingResponse, thread: ThreadDecorator(threadID: message.id)), to: holder, from: ours)
            }
            return false
        }
        guard let invitationID = threads[message.threadID], var session = sessions[invitationID] else {
            if ProblemReport.isProblemReport(type) { return true }
            refuse("\(type) on an unknown thread")
            enqueue(
                ProblemReport(code: "unknown-thread", explanation: "no exchange of this agent is on thread \(message.threadID)")
                    .message(replyingTo: message), to: holder, from: ours)
            return false
        }
        if session.holder == nil, session.inviter == nil { session.holder = holder }
        guard session.holder == holder, message.threadID == session.currentThreadID else {
            refuse("\(type) from another holder or on a finished thread")
            if !ProblemReport.isProblemReport(type) {
                enqueue(
                    ProblemReport(code: "not-accepted", explanation: "the exchange on this thread is not open to this message")
                        .message(replyingTo: message), to: holder, from: ours)
            }
            sessions[invitationID] = session
            return false
        }
        let step = session.current
        let reply = session.receive(message, material: material)
        if let error = session.exchanges[step].error { refuse(error) }
        if let reply { enqueue(reply, to: holder, from: session.senderKey) }
        startNext(&session, material: material, ledger: ledger)
        sessions[invitationID] = session
        return Ack.isOK(message) || ProblemReport.isProblemReport(type)
    }

    /// DID exchange's request: judged by the invitation's ``DIDExchangeInviter`` (`sender` is
    /// the authcrypt sender, which must be a key of the request's DIDDoc); the response, or the
    /// problem report, queued for the holder.
    private mutating func exchangeRequest(_ message: DIDCommMessage, holder: Verkey, sender: Verkey?, ours: PrivateKey) {
        guard let invitationID = message.thread?.parentThreadID, var session = sessions[invitationID], var inviter = session.inviter,
              (try? Verkey(of: session.invitationKey)) == (try? Verkey(of: ours))
        else {
            refuse("a DID exchange request that answers no invitation of ours")
            enqueue(
                ProblemReport(code: "request_not_accepted", explanation: "no invitation of this agent is the request's pthid")
                    .message(replyingTo: message, type: ProtocolIdentifier.didExchange.messageType("problem_report")),
                to: holder, from: ours)
            return
        }
        do {
            let response = try inviter.receive(request: message, sender: sender)
            session.holder = holder
            connections[holder.base58] = invitationID
            enqueue(response, to: holder, from: session.invitationKey)
        } catch {
            refuse(error.description)
            if let report = inviter.problemReport(for: error) { enqueue(report, to: holder, from: session.invitationKey) }
        }
        session.inviter = inviter
        sessions[invitationID] = session
    }

    private mutating func complete(_ message: DIDCommMessage, holder: Verkey, material: SandboxAriesMaterial, ledger: LedgerDecorator) {
        guard let invitationID = connections[holder.base58], var session = sessions[invitationID], var inviter = session.inviter else {
            refuse("a DID exchange complete from no connection of ours")
            return
        }
        do {
            try inviter.receive(complete: message)
            session.inviter = inviter
            startNext(&session, material: material, ledger: ledger)
        } catch {
            session.inviter = inviter
            refuse(error.description)
        }
        sessions[invitationID] = session
    }

    /// Starts the session's current step when none is running (after the connection, or after
    /// the step before ended well), queueing its first message for the holder.
    private mutating func startNext(_ session: inout SandboxAriesSession, material: SandboxAriesMaterial, ledger: LedgerDecorator) {
        guard !session.isFinished, session.exchanges[session.current].state == .waiting, let holder = session.holder else { return }
        if let inviter = session.inviter, inviter.state != .completed { return }
        var decorators: JSONObject = [LedgerDecorator.decoratorName: ledger.json]
        if let service = session.service { decorators["~service"] = service.jsonValue }
        do {
            let started = try SandboxAriesSession.firstMessage(
                of: session.exchanges[session.current].step, plan: session.plan, material: material, decorators: decorators,
                parentThreadID: session.service == nil ? nil : session.invitation.id)
            let message = session.start(started)
            threads[message.id] = session.invitation.id
            enqueue(message, to: holder, from: session.senderKey)
        } catch {
            session.exchanges[session.current].state = .abandoned
            session.exchanges[session.current].error = error.description
            session.current = session.exchanges.count
        }
    }

    /// Packs `message` for `holder` from `sender` and queues it.
    private mutating func enqueue(_ message: DIDCommMessage, to holder: Verkey, from sender: PrivateKey) {
        guard let envelope = try? Envelope.pack(message.json, for: [holder], from: sender) else { return }
        var queue = queues[holder.base58] ?? []
        guard queue.count < Self.maximumQueue else {
            refuse("the queue for \(holder.base58) is full")
            return
        }
        queue.append(envelope)
        queues[holder.base58] = queue
    }

    private mutating func refuse(_ reason: String) {
        refusals.append(reason)
        if refusals.count > Self.maximumRefusals { refusals.removeFirst(refusals.count - Self.maximumRefusals) }
    }

    /// The exchanges of one invitation, or of all (oldest invitation first).
    func exchanges(invitationID: String? = nil) -> [SandboxAriesExchange] {
        if let invitationID { return sessions[invitationID]?.exchanges ?? [] }
        return order.compactMap { sessions[$0] }.flatMap(\.exchanges)
    }
}
