import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// One recipient of a JWE in the general JSON serialization.
public struct JWERecipient: Sendable {
    /// The recipient's public key or shared key.
    public var key: JWEKey
    /// How the content key reaches this recipient. `ECDH-ES` and `dir` fix the content key
    /// themselves, so with several recipients only the wrapping algorithms are possible.
    public var keyManagement: JWEKeyManagementAlgorithm
    /// Per-recipient unprotected members (`kid`, `apu`, `apv`, ...).
    public var header: JSONObject

    /// A recipient.
    public init(key: JWEKey, keyManagement: JWEKeyManagementAlgorithm, header: JSONObject = JSONObject()) {
        self.key = key
        self.keyManagement = keyManagement
        self.header = header
    }
}

extension JWE {
    /// Encrypts once for several recipients into the general JSON serialization
    /// (RFC 7516 §7.2.1): one content key, wrapped for each recipient.
    ///
    /// `header` is the protected header (it gets `enc`; `zip` goes here too); each
    /// recipient's `alg` and `epk` (or `iv`/`tag`) go in its own unprotected header.
    public static func encryptJSON(
        _ plaintext: Data, recipients: [JWERecipient], contentEncryption: JWEContentEncryptionAlgorithm,
        header: JOSEHeader = JOSEHeader(), unprotected: JSONObject? = nil, additionalData: Data? = nil,
        limits: JOSELimits = .default
    ) throws(JOSEError) -> Data {
        guard !recipients.isEmpty else { throw .malformed("no recipients") }
        guard recipients.count <= limits.maximumSignatures else {
            throw .limitExceeded("more than \(limits.maximumSignatures) recipients")
        }
        var protected = header
        protected.encryption = contentEncryption.rawValue
        try protected.validateRegisteredMemberTypes()
        let shared: Data? = recipients.count > 1 ? SecureRandom.bytes(contentEncryption.keyByteCount) : nil
        var contentKey = shared
        var entries = [JSONValue]()
        for recipient in recipients {
            var own = recipient.header
            own["alg"] = .string(recipient.keyManagement.rawValue)
            var parts = [protected.members]
            if let unprotected { parts.append(unprotected) }
            parts.append(own)
            let merged = try JOSEHeader.merging(parts)
            let wrapped = try JWEKeyManagement.wrap(
                algorithm: recipient.keyManagement, encryption: contentEncryption, key: recipient.key,
                header: merged, sharedContentKey: shared)
            for (name, value) in wrapped.headerMembers { own[name] = value }
            parts[parts.count - 1] = own
            _ = try JOSEHeader.merging(parts)
            contentKey = wrapped.contentKey
            var entry = JSONObject()
            entry["header"] = .object(own)
            if !wrapped.encryptedKey.isEmpty { entry["encrypted_key"] = .string(Base64URL.encode(wrapped.encryptedKey)) }
            entries.append(.object(entry))
        }
        guard let contentKey else { throw .malformed("no content key") }
        var content = plaintext
        switch protected.compression {
        case nil: break
        case "DEF"?: content = try JWECompression.compress(plaintext)
        case let other?: throw .unsupportedAlgorithm("zip \(other)")
        }
        let encodedProtected = Base64URL.encode(protected.serialized())
        var aad = Data(encodedProtected.utf8)
        if let additionalData {
            aad.append(UInt8(ascii: "."))
            aad.append(contentsOf: Base64URL.encode(additionalData).utf8)
        }
        let iv = SecureRandom.bytes(contentEncryption.ivByteCount)
        let sealed = try contentEncryption.seal(content, key: contentKey, iv: iv, additionalData: aad)
        var object = JSONObject()
        object["protected"] = .string(encodedProtected)
        if let unprotected, !unprotected.isEmpty { object["unprotected"] = .object(unprotected) }
        object["recipients"] = .array(entries)
        if let additionalData { object["aad"] = .string(Base64URL.encode(additionalData)) }
        object["iv"] = .string(Base64URL.encode(iv))
        object["ciphertext"] = .string(Base64URL.encode(sealed.ciphertext))
        object["tag"] = .string(Base64URL.encode(sealed.tag))
        return JSONValue.object(object).serialized(.compact)
    }
}
