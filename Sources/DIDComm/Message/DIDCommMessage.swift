import Foundation
import JSONModel

/// A plaintext DIDComm v1 message: `@type`, `@id`, the protocol's own members and the
/// decorators every protocol shares, read strictly (each decorator of the right shape, every
/// attachment well formed, within ``MessageLimits``) and kept as received otherwise.
///
/// Decorators read: `~thread` (RFC 0008), `~please_ack` (RFC 0317), `~transport`'s
/// `return_route` (RFC 0092), `~service` (RFC 0056), `~timing` (RFC 0032, kept as JSON) and
/// attachments in `~attach` or any `<name>~attach` member (RFC 0017).
public struct DIDCommMessage: Sendable, Hashable {
    /// `@type`, with the legacy prefix normalised.
    public let type: MessageType
    /// `@id`.
    public let id: String
    /// `~thread`.
    public let thread: ThreadDecorator?
    /// Every member as received (or built), decorators included, `@type` as written.
    public private(set) var object: JSONObject

    /// Reads a message's JSON.
    public init(json: Data, limits: MessageLimits = .default) throws(DIDCommError) {
        guard json.count <= limits.maximumSize else { throw .tooLarge(what: "message", size: json.count, limit: limits.maximumSize) }
        let value: JSONValue
        do { value = try limits.parser.parse(json) } catch { throw .malformedMessage(reason: "not JSON: \(error)") }
        guard let object = value.objectValue else { throw .malformedMessage(reason: "not a JSON object") }
        try self.init(object: object, limits: limits)
    }

    /// Reads a message already parsed (a forward's `msg`, an attachment's `json`).
    public init(object: JSONObject, limits: MessageLimits = .default) throws(DIDCommError) {
        type = try MessageType(try MessageField.string(object, "@type", in: "message"))
        id = try MessageField.string(object, "@id", in: "message")
        guard !id.isEmpty, id.utf8.count <= 256 else { throw .malformedMessage(reason: "@id empty or longer than 256 characters") }
        thread = try object["~thread"].map { value throws(DIDCommError) in try ThreadDecorator(value) }
        self.object = object
        // Check every decorator and attachment now, so a handler reading them later finds them sound.
        _ = try returnRoute
        _ = try service
        _ = try pleaseAck
        if let timing = object["~timing"], timing.objectValue == nil { throw .malformedMessage(reason: "~timing is not an object") }
        var count = 0
        for (name, _) in object where name.hasSuffix("~attach") {
            count += try attachments(named: name).count
            guard count <= limits.maximumAttachments else {
                throw .malformedMessage(reason: "more than \(limits.maximumAttachments) attachments")
            }
        }
    }

    /// A new message: `@type` (written with the `https://didcomm.org/` prefix), `@id` (a fresh
    /// UUID unless given), `body`'s members, then the decorators given.
    public init(
        type: MessageType, id: String = UUID().uuidString.lowercased(), body: JSONObject = [:],
        thread: ThreadDecorator? = nil, returnRoute: ReturnRoute? = nil
    ) {
        var object: JSONObject = ["@type": .string(type.uri), "@id": .string(id)]
        for (name, value) in body { object.updateValue(value, forName: name) }
        if let thread { object.updateValue(thread.json, forName: "~thread") }
        if let returnRoute { object.updateValue(["return_route": .string(returnRoute.rawValue)], forName: "~transport") }
        self.type = type
        self.id = id
        self.thread = thread
        self.object = object
    }

    /// This message with the member `name` set to `value` (a decorator added on the way out).
    func setting(_ value: JSONValue, forName name: String) -> DIDCommMessage {
        var copy = self
        copy.object.updateValue(value, forName: name)
        return copy
    }

    /// The member `name`.
    public subscript(name: String) -> JSONValue? { object[name] }

    /// The message's JSON.
    public var json: Data { JSONValue.object(object).serialized() }

    /// The thread this message belongs to: `~thread.thid`, or its own `@id` when it begins one.
    public var threadID: String { thread?.threadID ?? id }

    /// `~transport.return_route`, when given.
    public var returnRoute: ReturnRoute? {
        get throws(DIDCommError) {
            guard let transport = try MessageField.object(object, "~transport", in: "message") else { return nil }
            guard let value = try MessageField.optionalString(transport, "return_route", in: "~transport") else { return nil }
            guard let route = ReturnRoute(rawValue: value) else { throw .malformedMessage(reason: "~transport: return_route \(value)") }
            return route
        }
    }

    /// `~please_ack.on` when the decorator is present (`[]` when it names no event): the
    /// sender asks for an ack (RFC 0015) at those events (`RECEIPT`, `OUTCOME`).
    public var pleaseAck: [String]? {
        get throws(DIDCommError) {
            guard let decorator = try MessageField.object(object, "~please_ack", in: "message") else { return nil }
            return try MessageField.stringArray(decorator, "on", in: "~please_ack") ?? []
        }
    }

    /// `~service`: where to answer a connectionless message.
    public var service: DIDCommService? {
        get throws(DIDCommError) {
            guard let value = object["~service"] else { return nil }
            return try DIDCommService(value)
        }
    }

    /// The attachments of the member `name` (`~attach`, `offers~attach`, `did_doc~attach` …):
    /// an array of attachments, or one (DID exchange's `did_doc~attach`); `[]` when absent.
    public func attachments(named name: String = "~attach") throws(DIDCommError) -> [Attachment] {
        guard let value = object[name] else { return [] }
        if let array = value.arrayValue {
            var attachments: [Attachment] = []
            for element in array { attachments.append(try Attachment(element)) }
            return attachments
        }
        return [try Attachment(value)]
    }
}

/// `~transport.return_route` (RFC 0092): which messages the receiver may answer on the
/// connection a message arrived on — the only way to reach a holder with no endpoint.
public enum ReturnRoute: String, Sendable, Hashable {
    /// Any message, on this and later connections.
    case all
    /// None.
    case none
    /// Messages on the thread named by the decorator (not used by Vellum).
    case thread
}
