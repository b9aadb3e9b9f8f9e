import DIDComm
import Foundation
import JSONModel

/// One attachment of a credential-protocol message with the format its `formats` entry gives
/// it (implied for 1.0): what a handler dispatches on.
public struct FormattedAttachment: Sendable, Hashable {
    /// The attachment's format.
    public let format: AttachmentFormat
    /// The attachment.
    public let attachment: Attachment

    /// An attachment of `format`.
    public init(format: AttachmentFormat, attachment: Attachment) {
        self.format = format
        self.attachment = attachment
    }

    /// An attachment of `format` with `content` inline, as standard padded base64 (what
    /// ACA-Py's attachment schema validates; base64url is refused there).
    public init(format: AttachmentFormat, id: String = UUID().uuidString.lowercased(), content: JSONValue) {
        var data = AttachmentData(bytes: Data())
        data.base64 = content.serialized().base64EncodedString()
        self.init(format: format, attachment: Attachment(id: id, mimeType: "application/json", data: data))
    }

    /// The content as JSON (inline `json`, or `base64` decoded and parsed within `limits`).
    public func json(limits: MessageLimits = .default) throws(AriesError) -> JSONValue {
        do { return try attachment.data.jsonContent(limits: limits) } catch { throw AriesError(error) }
    }

    /// The content as a JSON object.
    public func object(limits: MessageLimits = .default) throws(AriesError) -> JSONObject {
        guard let object = try json(limits: limits).objectValue else {
            throw .malformedMessage(reason: "the \(format) attachment is not a JSON object")
        }
        return object
    }
}
