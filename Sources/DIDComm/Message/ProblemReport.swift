import JSONModel

/// A problem report (Aries RFC 0035): how every refusal is told to the peer, on the thread of
/// the message refused. Protocols have their own `problem-report` (or `problem_report`) types
/// of the same shape; ``init(_:)`` reads any of them.
public struct ProblemReport: Sendable, Hashable {
    /// `description.code`: a machine-readable code (`message_parse_error`, `request_not_accepted` …).
    public var code: String
    /// `description.en`: what a person reads.
    public var explanation: String?

    /// A report from its parts.
    public init(code: String, explanation: String? = nil) {
        self.code = code
        self.explanation = explanation
    }

    /// Reads a problem report of any protocol (its message name is `problem-report` or
    /// `problem_report`).
    public init(_ message: DIDCommMessage) throws(DIDCommError) {
        guard Self.isProblemReport(message.type) else { throw .malformedMessage(reason: "\(message.type) is not a problem report") }
        guard let description = try MessageField.object(message.object, "description", in: "problem report") else {
            throw .malformedMessage(reason: "problem report has no description")
        }
        code = try MessageField.string(description, "code", in: "problem report description")
        explanation = try MessageField.optionalString(description, "en", in: "problem report description")
    }

    /// Whether a type names a problem report.
    public static func isProblemReport(_ type: MessageType) -> Bool {
        type.name == "problem-report" || type.name == "problem_report"
    }

    /// The report as a message of `type` (RFC 0035's own by default) on the thread of `refused`.
    public func message(replyingTo refused: DIDCommMessage, type: MessageType = .problemReport) -> DIDCommMessage {
        message(type: type, thread: ThreadDecorator(threadID: refused.threadID, parentThreadID: refused.thread?.parentThreadID))
    }

    /// The report as a message of `type` on `thread`.
    public func message(type: MessageType = .problemReport, thread: ThreadDecorator) -> DIDCommMessage {
        var description: JSONObject = ["code": .string(code)]
        if let explanation { description.updateValue(.string(explanation), forName: "en") }
        return DIDCommMessage(type: type, body: ["description": .object(description)], thread: thread)
    }
}

/// An ack (Aries RFC 0015): the answer to `~please_ack`, and the last message of many protocols.
public enum Ack {
    /// An `https://didcomm.org/notification/1.0/ack` (or a protocol's own ack `type`) with
    /// `status` `OK` on the thread of `acknowledged`.
    public static func message(acknowledging acknowledged: DIDCommMessage, type: MessageType = .ack) -> DIDCommMessage {
        DIDCommMessage(type: type, body: ["status": "OK"], thread: ThreadDecorator(threadID: acknowledged.threadID))
    }

    /// Whether `message` is an ack (any protocol's) with status `OK`.
    public static func isOK(_ message: DIDCommMessage) -> Bool {
        message.type.name == "ack" && message["status"]?.stringValue == "OK"
    }
}
