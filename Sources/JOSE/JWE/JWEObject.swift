import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// A JWE read from the compact or JSON (flattened or general) serialization, structurally
/// checked but not decrypted.
public struct JWEObject: Sendable {
    /// One recipient: its unprotected header and encrypted key.
    public struct Recipient: Sendable {
        /// The per-recipient unprotected header (JSON serialization only).
        public let header: JSONObject?
        /// The encrypted content key (empty for `ECDH-ES` and `dir`).
        public let encryptedKey: Data
    }

    /// The integrity-protected header members.
    public let protectedHeader: JSONObject
    /// The protected header as received, which is part of the authenticated data.
    public let encodedProtectedHeader: String
    /// The shared unprotected header (`unprotected`, JSON serialization only).
    public let sharedUnprotectedHeader: JSONObject?
    /// The recipients, at least one.
    public let recipients: [Recipient]
    /// The initialization vector.
    public let iv: Data
    /// The ciphertext.
    public let ciphertext: Data
    /// The authentication tag.
    public let tag: Data
    /// The `aad` member as received (JSON serialization only), authenticated too.
    public let encodedAdditionalData: String?

    /// Parses a compact JWE: `header.encryptedKey.iv.ciphertext.tag`.
    public init(compact token: String, limits: JOSELimits = .default) throws(JOSEError) {
        guard token.utf8.count <= limits.maximumTokenSize else {
            throw .limitExceeded("token is larger than \(limits.maximumTokenSize) bytes")
        }
        let parts = token.split(separator: ".", maxSplits: 5, omittingEmptySubsequences: false)
        guard parts.count == 5 else { throw .malformed("a compact JWE has 5 parts") }
        guard !parts[0].isEmpty else { throw .malformed("the protected header is empty") }
        encodedProtectedHeader = String(parts[0])
        protectedHeader = try JWEObject.decodeProtected(encodedProtectedHeader, limits: limits)
        sharedUnprotectedHeader = nil
        recipients = [Recipient(header: nil, encryptedKey: try Base64URL.decodeSegment(parts[1], part: "encrypted key"))]
        iv = try Base64URL.decodeSegment(parts[2], part: "iv")
        ciphertext = try Base64URL.decodeSegment(parts[3], part: "ciphertext")
        tag = try Base64URL.decodeSegment(parts[4], part: "tag")
        encodedAdditionalData = nil
    }

    /// Parses a JWE JSON serialization, general (`recipients` array) or flattened.
    public init(json: Data, limits: JOSELimits = .default) throws(JOSEError) {
        guard json.count <= limits.maximumTokenSize else {
            throw .limitExceeded("JSON serialization is larger than \(limits.maximumTokenSize) bytes")
        }
        let object = try JSONObject.parsing(json, part: "JWE JSON serialization", limits: limits.documentParserLimits)
        func string(_ name: String, required: Bool) throws(JOSEError) -> String? {
            guard let value = object[name] else {
                if required { throw .malformed("\(name) is missing") }
                return nil
            }
            guard let text = value.stringValue else { throw .malformed("\(name) is not a string") }
            return text
        }
        func headerObject(_ value: JSONValue?, name: String) throws(JOSEError) -> JSONObject? {
            guard let value else { return nil }
            guard let header = value.objectValue else { throw .malformed("\(name) is not an object") }
            guard value.serialized(.compact).count <= limits.maximumHeaderSize else {
                throw .limitExceeded("\(name) is larger than \(limits.maximumHeaderSize) bytes")
            }
            return header
        }
        encodedProtectedHeader = try string("protected", required: false) ?? ""
        protectedHeader = encodedProtectedHeader.isEmpty
            ? JSONObject() : try JWEObject.decodeProtected(encodedProtectedHeader, limits: limits)
        sharedUnprotectedHeader = try headerObject(object["unprotected"], name: "unprotected")
        var recipients = [Recipient]()
        if let list = object["recipients"] {
            for name in ["header", "encrypted_key"] where object.contains(name) {
                throw .malformed("general serialization with a top-level \(name)")
            }
            guard let entries = list.arrayValue, !entries.isEmpty else {
                throw .malformed("recipients is not a non-empty array")
            }
            guard entries.count <= limits.maximumSignatures else {
                throw .limitExceeded("more than \(limits.maximumSignatures) recipients")
            }
            for entry in entries {
                guard let entryObject = entry.objectValue else { throw .malformed("a recipient is not an object") }
                var encryptedKey = Data()
                if let value = entryObject["encrypted_key"] {
                    guard let text = value.stringValue else { throw .malformed("encrypted_key is not a string") }
                    encryptedKey = try Base64URL.decodeSegment(text, part: "encrypted key")
                }
                recipients.append(Recipient(header: try headerObject(entryObject["header"], name: "header"), encryptedKey: encryptedKey))
            }
        } else {
            var encryptedKey = Data()
            if let text = try string("encrypted_key", required: false) {
                encryptedKey = try Base64URL.decodeSegment(text, part: "encrypted key")
            }
            recipients.append(Recipient(header: try headerObject(object["header"], name: "header"), encryptedKey: encryptedKey))
        }
        self.recipients = recipients
        iv = try Base64URL.decodeSegment(try string("iv", required: true) ?? "", part: "iv")
        ciphertext = try Base64URL.decodeSegment(try string("ciphertext", required: true) ?? "", part: "ciphertext")
        tag = try Base64URL.decodeSegment(try string("tag", required: true) ?? "", part: "tag")
        encodedAdditionalData = try string("aad", required: false)
        if let encodedAdditionalData { _ = try Base64URL.decodeSegment(encodedAdditionalData, part: "aad") }
    }

    /// The merged header of recipient `index`: protected, shared and per-recipient members,
    /// which must not overlap.
    public func header(forRecipient index: Int) throws(JOSEError) -> JOSEHeader {
        guard recipients.indices.contains(index) else { throw .malformed("no recipient \(index)") }
        var parts = [protectedHeader]
        if let sharedUnprotectedHeader { parts.append(sharedUnprotectedHeader) }
        if let own = recipients[index].header { parts.append(own) }
        return try JOSEHeader.merging(parts)
    }

    /// The additional authenticated data: the encoded protected header, then `.aad` if any.
    var additionalAuthenticatedData: Data {
        var data = Data(encodedProtectedHeader.utf8)
        if let encodedAdditionalData {
            data.append(UInt8(ascii: "."))
            data.append(contentsOf: encodedAdditionalData.utf8)
        }
        return data
    }

    private static func decodeProtected(_ text: String, limits: JOSELimits) throws(JOSEError) -> JSONObject {
        guard text.utf8.count <= (limits.maximumHeaderSize * 4 + 2) / 3 else {
            throw .limitExceeded("protected header is larger than \(limits.maximumHeaderSize) bytes")
        }
        return try JSONObject.parsing(segment: text, part: "protected header", limits: limits.headerParserLimits)
    }
}
