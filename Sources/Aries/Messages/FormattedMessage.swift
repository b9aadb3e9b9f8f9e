import DIDComm
import JSONModel

/// A credential-protocol message that carries format-tagged attachments — an offer, request or
/// issued credential of issue-credential, a request or presentation of present-proof — in 1.0
/// or 2.0, read strictly.
///
/// In 2.0 every `formats` entry (`attach_id`, `format`) must name exactly one attachment of the
/// kind's member and every attachment must be named, as ACA-Py checks; a known format of
/// another message kind is refused. Unknown formats are kept: the exchange refuses them only
/// when it finds none it reads. In 1.0 each attachment is of the Indy format the kind implies.
public struct FormattedMessage: Sendable, Hashable {
    /// Which message.
    public let kind: MessageKind
    /// The protocol version it is written in.
    public let version: AriesProtocolVersion
    /// The message as received.
    public let message: DIDCommMessage
    /// The attachments with their formats, in the order of `formats` (of the member in 1.0).
    public let attachments: [FormattedAttachment]
    /// `comment`.
    public let comment: String?
    /// `credential_preview` (offers).
    public let preview: CredentialPreview?

    /// At most this many `formats` entries are read.
    public static let maximumFormats = 16

    /// Reads `message` as a message of `kind`.
    public init(_ message: DIDCommMessage, kind: MessageKind) throws(AriesError) {
        guard let version = AriesProtocolVersion.allCases.first(where: { message.type.isCompatible(with: kind.type($0)) }) else {
            throw .unexpectedMessage(reason: "\(message.type) is not \(kind.messageName) of \(kind.isIssuance ? "issue-credential" : "present-proof") 1.x or 2.x")
        }
        self.kind = kind
        self.version = version
        self.message = message
        let attached: [Attachment]
        do { attached = try message.attachments(named: kind.attachmentMember) } catch { throw AriesError(error) }
        guard !attached.isEmpty else { throw .malformedMessage(reason: "\(kind.messageName) has no \(kind.attachmentMember)") }
        switch message["comment"] {
        case nil, .null?: comment = nil
        case .string(let text)?: comment = text
        default: throw .malformedMessage(reason: "comment is not a string")
        }
        preview = try message["credential_preview"].flatMap { value throws(AriesError) in
            value.isNull ? nil : try CredentialPreview(value)
        }
        switch version {
        case .v1:
            attachments = attached.map { FormattedAttachment(format: kind.formats[0], attachment: $0) }
        case .v2:
            attachments = try Self.formatted(message, attached: attached, kind: kind)
        }
    }

    private static func formatted(_ message: DIDCommMessage, attached: [Attachment], kind: MessageKind) throws(AriesError) -> [FormattedAttachment] {
        guard let entries = message["formats"]?.arrayValue else { throw .malformedMessage(reason: "\(kind.messageName) has no formats array") }
        guard entries.count <= maximumFormats else { throw .malformedMessage(reason: "more than \(maximumFormats) formats") }
        guard entries.count == attached.count else {
            throw .malformedMessage(reason: "\(entries.count) formats for \(attached.count) attachments")
        }
        let ids = attached.compactMap(\.id)
        guard ids.count == attached.count, Set(ids).count == ids.count else {
            throw .malformedMessage(reason: "the attachments' @id values are missing or repeated")
        }
        var named = Set<String>()
        return try entries.map { entry throws(AriesError) in
            guard let id = entry["attach_id"]?.stringValue, let identifier = entry["format"]?.stringValue, !identifier.isEmpty else {
                throw .malformedMessage(reason: "a formats entry lacks attach_id or format")
            }
            guard named.insert(id).inserted, let attachment = attached.first(where: { $0.id == id }) else {
                throw .malformedMessage(reason: "formats names attachment \(id) twice or names none")
            }
            let format = AttachmentFormat(identifier)
            let known = MessageKind.allCases.flatMap(\.formats)
            guard !known.contains(format) || kind.formats.contains(format) else {
                throw .malformedMessage(reason: "\(format) is not a format of \(kind.messageName)")
            }
            return FormattedAttachment(format: format, attachment: attachment)
        }
    }

    /// The first attachment of `format`.
    public func attachment(_ format: AttachmentFormat) -> FormattedAttachment? {
        attachments.first { $0.format == format }
    }

    /// A message of `kind` in `version` carrying `attachments` (1.0 writes the single Indy
    /// attachment under the `@id` 1.0 agents use); `body` adds members such as `~please_ack`.
    public static func make(
        _ kind: MessageKind, version: AriesProtocolVersion, attachments: [FormattedAttachment], comment: String? = nil,
        preview: CredentialPreview? = nil, thread: ThreadDecorator? = nil, body: JSONObject = [:]
    ) -> DIDCommMessage {
        var members = JSONObject()
        if let comment { members.updateValue(.string(comment), forName: "comment") }
        if let preview { members.updateValue(preview.json(version), forName: "credential_preview") }
        var written = attachments.map(\.attachment)
        switch version {
        case .v1:
            if written.count == 1 { written[0].id = kind.legacyAttachmentID }
        case .v2:
            members.updateValue(.array(attachments.map { attachment in
                ["attach_id": .string(attachment.attachment.id ?? ""), "format": .string(attachment.format.identifier)]
            }), forName: "formats")
        }
        members.updateValue(.array(written.map(\.jsonValue)), forName: kind.attachmentMember)
        for (name, value) in body { members.updateValue(value, forName: name) }
        return DIDCommMessage(type: kind.type(version), body: members, thread: thread)
    }
}
