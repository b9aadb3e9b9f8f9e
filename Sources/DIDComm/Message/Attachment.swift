import Foundation
import JSONModel
import Multiformats

/// An attachment (Aries RFC 0017): content carried inline (`base64` or `json`) or by reference
/// (`links` with a `sha256`), in a message's `~attach` or a protocol's `<name>~attach` member.
public struct Attachment: Sendable, Hashable {
    /// `@id`, which a message's `formats` refer to.
    public var id: String?
    /// `mime-type`.
    public var mimeType: String?
    /// `filename`.
    public var filename: String?
    /// `description`.
    public var description: String?
    /// `data`.
    public var data: AttachmentData

    /// An attachment from its parts.
    public init(id: String? = nil, mimeType: String? = nil, filename: String? = nil, description: String? = nil, data: AttachmentData) {
        self.id = id
        self.mimeType = mimeType
        self.filename = filename
        self.description = description
        self.data = data
    }

    init(_ value: JSONValue) throws(DIDCommError) {
        guard let object = value.objectValue else { throw .malformedMessage(reason: "an attachment is not an object") }
        id = try MessageField.optionalString(object, "@id", in: "attachment")
        mimeType = try MessageField.optionalString(object, "mime-type", in: "attachment")
        filename = try MessageField.optionalString(object, "filename", in: "attachment")
        description = try MessageField.optionalString(object, "description", in: "attachment")
        guard let data = try MessageField.object(object, "data", in: "attachment") else {
            throw .malformedMessage(reason: "attachment has no data")
        }
        self.data = try AttachmentData(data)
    }

    /// The attachment as JSON.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let id { object.updateValue(.string(id), forName: "@id") }
        if let mimeType { object.updateValue(.string(mimeType), forName: "mime-type") }
        if let filename { object.updateValue(.string(filename), forName: "filename") }
        if let description { object.updateValue(.string(description), forName: "description") }
        object.updateValue(data.jsonValue, forName: "data")
        return .object(object)
    }
}

/// An attachment's `data`: at least one of `base64`, `json` and `links`; `jws` and `sha256` kept.
public struct AttachmentData: Sendable, Hashable {
    /// `base64` as written (agents write base64url or standard base64, padded or not).
    public var base64: String?
    /// `json`: inline JSON content.
    public var inlineJSON: JSONValue?
    /// `links`.
    public var links: [String]?
    /// `sha256` of the content, hex.
    public var sha256: String?
    /// `jws`: a detached JWS over the `base64` content (a signed DIDDoc in DID exchange).
    public var jws: JSONValue?

    /// Inline bytes, written as padded standard base64: ACA-Py decodes a plain attachment with
    /// the standard alphabet and refuses base64url, while every reader (this one included)
    /// accepts standard base64.
    public init(bytes: Data) { base64 = bytes.base64EncodedString() }

    /// Inline JSON.
    public init(json: JSONValue) { inlineJSON = json }

    init(_ object: JSONObject) throws(DIDCommError) {
        base64 = try MessageField.optionalString(object, "base64", in: "attachment data")
        inlineJSON = object["json"]
        links = try MessageField.stringArray(object, "links", in: "attachment data")
        sha256 = try MessageField.optionalString(object, "sha256", in: "attachment data")
        jws = object["jws"]
        guard base64 != nil || inlineJSON != nil || links != nil else {
            throw .malformedMessage(reason: "attachment data has none of base64, json, links")
        }
    }

    /// The inline content's bytes: `base64` decoded, or `json` serialized.
    public func content() throws(DIDCommError) -> Data {
        if let base64 {
            do { return try Base64URL.decodeLenient(base64) } catch { throw .malformedMessage(reason: "attachment base64 does not decode") }
        }
        if let inlineJSON { return inlineJSON.serialized() }
        throw .malformedMessage(reason: "attachment content is only linked")
    }

    /// The inline content as JSON: `json`, or `base64` decoded and parsed.
    public func jsonContent(limits: MessageLimits = .default) throws(DIDCommError) -> JSONValue {
        if let inlineJSON { return inlineJSON }
        do { return try limits.parser.parse(try content()) } catch let error as DIDCommError { throw error } catch {
            throw .malformedMessage(reason: "attachment content is not JSON: \(error)")
        }
    }

    /// The data as JSON.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        if let base64 { object.updateValue(.string(base64), forName: "base64") }
        if let inlineJSON { object.updateValue(inlineJSON, forName: "json") }
        if let links { object.updateValue(.array(links.map(JSONValue.string)), forName: "links") }
        if let sha256 { object.updateValue(.string(sha256), forName: "sha256") }
        if let jws { object.updateValue(jws, forName: "jws") }
        return .object(object)
    }
}
