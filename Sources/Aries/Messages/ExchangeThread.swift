import DIDComm
import JSONModel

/// The thread an exchange runs on (RFC 0008): `thid`, the `@id` of the message that began it
/// (or the `thid` it names), and `pthid`, the out-of-band invitation a connectionless exchange
/// came from. Every message the holder sends carries it, so the peer finds its record.
public struct ExchangeThread: Sendable, Hashable, Codable {
    /// `thid`.
    public let threadID: String
    /// `pthid`.
    public let parentThreadID: String?

    /// The thread of `first`, the message that began the exchange; `parentThreadID` (the
    /// invitation's `@id`) when `first` came without one, as in a connectionless invitation's
    /// `requests~attach`.
    public init(of first: DIDCommMessage, parentThreadID: String? = nil) {
        threadID = first.threadID
        self.parentThreadID = first.thread?.parentThreadID ?? parentThreadID
    }

    /// The `~thread` decorator.
    public var decorator: ThreadDecorator { ThreadDecorator(threadID: threadID, parentThreadID: parentThreadID) }

    /// Whether `message` belongs to this thread.
    public func contains(_ message: DIDCommMessage) -> Bool { message.thread?.threadID == threadID }

    /// A protocol's `problem-report` on this thread: `code` and a person's explanation.
    func problemReport(_ protocolIdentifier: ProtocolIdentifier, code: String, explanation: String) -> DIDCommMessage {
        ProblemReport(code: code, explanation: explanation).message(
            type: protocolIdentifier.messageType("problem-report"), thread: decorator)
    }

    /// A protocol's `ack` with status `OK` on this thread.
    func ack(_ protocolIdentifier: ProtocolIdentifier) -> DIDCommMessage {
        DIDCommMessage(type: protocolIdentifier.messageType("ack"), body: ["status": "OK"], thread: decorator)
    }

    /// The peer's problem report on this thread, read into the error that abandons the exchange.
    static func peerAbandonment(_ message: DIDCommMessage) -> AriesError? {
        guard ProblemReport.isProblemReport(message.type) else { return nil }
        guard let report = try? ProblemReport(message) else {
            return .abandonedByPeer(code: "unreadable", explanation: "a problem report without a description")
        }
        return .abandonedByPeer(code: report.code, explanation: report.explanation)
    }
}
