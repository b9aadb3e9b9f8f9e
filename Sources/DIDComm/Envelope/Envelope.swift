import Foundation
import JSONModel
import Multiformats

/// A DIDComm v1 envelope (Aries RFC 0019) as read from the wire, before any key is tried.
///
/// The JSON form ACA-Py/Askar, Credo and libindy write: `protected` (base64url of a JSON header
/// with `enc`, `typ` `JWM/1.0`, `alg` and the `recipients`, so the recipient list is covered by
/// the payload's authentication tag), `iv`, `ciphertext` and `tag`. Reading checks the size
/// limit first, then every member's shape; ``open(with:)`` does the cryptography.
///
/// `enc` is read as `xchacha20poly1305_ietf` (what every implementation writes) or
/// `chacha20poly1305_ietf`: both name ChaCha20-Poly1305 IETF with a 12-byte nonce in practice
/// (libindy chose the first label, Askar keeps it, and reads either).
public struct Envelope: Sendable {
    /// `Authcrypt` or `Anoncrypt`.
    public let algorithm: EnvelopeAlgorithm
    /// The recipients' verkeys as the envelope names them (`kid`s), in order.
    public var recipientKids: [String] { recipients.map(\.kid) }

    let protectedHeader: String
    let recipients: [EnvelopeRecipient]
    let iv: Data
    let ciphertext: Data
    let tag: Data

    /// The `enc` labels read, both ChaCha20-Poly1305 IETF.
    static let encryptionLabels: Set<String> = ["xchacha20poly1305_ietf", "chacha20poly1305_ietf"]
    /// The `enc` label written.
    static let encryptionLabel = "xchacha20poly1305_ietf"
    /// The `typ` written and, when present, required.
    static let messageType = "JWM/1.0"

    /// Reads an envelope's JSON (bytes as received).
    public init(json: Data, limits: EnvelopeLimits = .default) throws(DIDCommError) {
        guard json.count <= limits.maximumEnvelopeSize else {
            throw .tooLarge(what: "envelope", size: json.count, limit: limits.maximumEnvelopeSize)
        }
        let outer = try Self.parseObject(json, what: "envelope", limit: limits.maximumEnvelopeSize)
        protectedHeader = try Self.string(outer, "protected")
        iv = try Self.bytes(outer, "iv")
        ciphertext = try Self.bytes(outer, "ciphertext")
        tag = try Self.bytes(outer, "tag")
        guard iv.count == Sodium.aeadNonceBytes else { throw .malformedEnvelope(reason: "iv must be 12 bytes, not \(iv.count)") }
        guard tag.count == Sodium.aeadTagBytes else { throw .malformedEnvelope(reason: "tag must be 16 bytes, not \(tag.count)") }
        guard outer["recipients"] == nil, outer["encrypted_key"] == nil else {
            throw .malformedEnvelope(reason: "recipients must be in the protected header")
        }

        let header = try Self.parseObject(try Self.decode(protectedHeader, "protected"), what: "protected header", limit: limits.maximumEnvelopeSize)
        let alg = try Self.string(header, "alg")
        guard let algorithm = EnvelopeAlgorithm(rawValue: alg) else { throw .unsupportedEnvelope(reason: "alg \(alg)") }
        self.algorithm = algorithm
        let enc = try Self.string(header, "enc")
        guard Self.encryptionLabels.contains(enc) else { throw .unsupportedEnvelope(reason: "enc \(enc)") }
        if let typ = header["typ"], typ.stringValue != Self.messageType {
            throw .unsupportedEnvelope(reason: "typ \(typ.serializedString())")
        }
        guard let list = header["recipients"]?.arrayValue, !list.isEmpty else {
            throw .malformedEnvelope(reason: "protected header has no recipients")
        }
        guard list.count <= limits.maximumRecipients else {
            throw .tooManyRecipients(count: list.count, limit: limits.maximumRecipients)
        }
        var recipients: [EnvelopeRecipient] = []
        var seen: Set<String> = []
        for entry in list {
            let recipient = try Self.recipient(entry, algorithm: algorithm)
            guard seen.insert(recipient.kid).inserted else { throw .malformedEnvelope(reason: "recipient \(recipient.kid) named twice") }
            recipients.append(recipient)
        }
        self.recipients = recipients
    }

    /// One `recipients` entry, with the members its algorithm requires and no others.
    private static func recipient(_ entry: JSONValue, algorithm: EnvelopeAlgorithm) throws(DIDCommError) -> EnvelopeRecipient {
        guard let object = entry.objectValue, let header = object["header"]?.objectValue else {
            throw .malformedEnvelope(reason: "a recipient has no header")
        }
        var recipient = EnvelopeRecipient(kid: try string(header, "kid"), encryptedKey: try bytes(object, "encrypted_key"))
        if header["sender"] != nil { recipient.sender = try bytes(header, "sender") }
        if header["iv"] != nil { recipient.iv = try bytes(header, "iv") }
        switch algorithm {
        case .authcrypt:
            guard let sender = recipient.sender, let nonce = recipient.iv else {
                throw .malformedEnvelope(reason: "an Authcrypt recipient needs sender and iv")
            }
            guard nonce.count == Sodium.boxNonceBytes else { throw .malformedEnvelope(reason: "recipient iv must be 24 bytes") }
            guard sender.count > Sodium.sealBytes else { throw .malformedEnvelope(reason: "recipient sender too short") }
            guard recipient.encryptedKey.count == Sodium.keyBytes + Sodium.boxMACBytes else {
                throw .malformedEnvelope(reason: "encrypted_key must be 48 bytes")
            }
        case .anoncrypt:
            guard recipient.sender == nil, recipient.iv == nil else {
                throw .malformedEnvelope(reason: "an Anoncrypt recipient has no sender or iv")
            }
            guard recipient.encryptedKey.count == Sodium.keyBytes + Sodium.sealBytes else {
                throw .malformedEnvelope(reason: "encrypted_key must be 80 bytes")
            }
        }
        return recipient
    }

    static func parseObject(_ bytes: Data, what: String, limit: Int) throws(DIDCommError) -> JSONObject {
        let value: JSONValue
        do { value = try JSONParser(limits: .init(maximumSize: limit, maximumDepth: 64)).parse(bytes) } catch {
            throw .malformedEnvelope(reason: "\(what) is not JSON: \(error)")
        }
        guard let object = value.objectValue else { throw .malformedEnvelope(reason: "\(what) is not a JSON object") }
        return object
    }

    static func string(_ object: JSONObject, _ name: String) throws(DIDCommError) -> String {
        guard let value = object[name]?.stringValue else { throw .malformedEnvelope(reason: "\(name) missing or not a string") }
        return value
    }

    static func bytes(_ object: JSONObject, _ name: String) throws(DIDCommError) -> Data {
        try decode(try string(object, name), name)
    }

    /// Unpadded base64url, as every implementation writes it; `=` padding (which some older
    /// agents add) is tolerated, other deviations are not, so each value has one reading.
    static func decode(_ text: String, _ name: String) throws(DIDCommError) -> Data {
        var unpadded = Substring(text)
        var padding = 0
        while unpadded.last == "=", padding < 2 { unpadded.removeLast(); padding += 1 }
        do { return try Base64URL.decode(String(unpadded)) } catch {
            throw .malformedEnvelope(reason: "\(name) is not base64url")
        }
    }
}
