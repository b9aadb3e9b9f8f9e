import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// Encrypting and decrypting JSON Web Encryption objects (RFC 7516, RFC 7518 §4–5).
///
/// The usual case in credential exchange is ECDH-ES to a verifier's or issuer's public key
/// (OpenID4VP `direct_post.jwt`, OpenID4VCI credential response encryption), so that is the
/// shortest call: ``encryptCompact(_:to:keyManagement:contentEncryption:header:)``.
public enum JWE {
    /// Encrypts `plaintext` into a compact JWE.
    ///
    /// `header` may carry `kid`, `typ`, `cty`, `apu`, `apv`, `zip: "DEF"` and extension
    /// members; `alg`, `enc` and `epk` (or `iv`/`tag` for `A*GCMKW`) are set here. All
    /// members are protected, as the compact serialization requires.
    public static func encryptCompact(
        _ plaintext: Data, to key: JWEKey, keyManagement: JWEKeyManagementAlgorithm,
        contentEncryption: JWEContentEncryptionAlgorithm, header: JOSEHeader = JOSEHeader()
    ) throws(JOSEError) -> String {
        let parts = try encrypt(
            plaintext, to: key, keyManagement: keyManagement, contentEncryption: contentEncryption,
            header: header, additionalData: nil)
        return [
            parts.encodedProtectedHeader, Base64URL.encode(parts.encryptedKey), Base64URL.encode(parts.iv),
            Base64URL.encode(parts.sealed.ciphertext), Base64URL.encode(parts.sealed.tag),
        ].joined(separator: ".")
    }

    /// Encrypts to a recipient JWK (public EC/OKP key or `oct` key), copying its `kid` into
    /// the header when the header has none.
    public static func encryptCompact(
        _ plaintext: Data, to jwk: JWK, keyManagement: JWEKeyManagementAlgorithm,
        contentEncryption: JWEContentEncryptionAlgorithm, header: JOSEHeader = JOSEHeader()
    ) throws(JOSEError) -> String {
        var header = header
        if header.keyID == nil, let kid = jwk.kid { header.keyID = kid }
        return try encryptCompact(
            plaintext, to: JWEKey(jwk: jwk), keyManagement: keyManagement,
            contentEncryption: contentEncryption, header: header)
    }

    /// Encrypts into the flattened JSON serialization, with optional additional
    /// authenticated data (`aad`) and a shared unprotected header.
    public static func encryptJSON(
        _ plaintext: Data, to key: JWEKey, keyManagement: JWEKeyManagementAlgorithm,
        contentEncryption: JWEContentEncryptionAlgorithm, header: JOSEHeader = JOSEHeader(),
        unprotected: JSONObject? = nil, additionalData: Data? = nil
    ) throws(JOSEError) -> Data {
        if let unprotected { _ = try JOSEHeader.merging([header.members, unprotected]) }
        let parts = try encrypt(
            plaintext, to: key, keyManagement: keyManagement, contentEncryption: contentEncryption,
            header: header, additionalData: additionalData)
        var object = JSONObject()
        object["protected"] = .string(parts.encodedProtectedHeader)
        if let unprotected, !unprotected.isEmpty { object["unprotected"] = .object(unprotected) }
        if !parts.encryptedKey.isEmpty { object["encrypted_key"] = .string(Base64URL.encode(parts.encryptedKey)) }
        if let additionalData { object["aad"] = .string(Base64URL.encode(additionalData)) }
        object["iv"] = .string(Base64URL.encode(parts.iv))
        object["ciphertext"] = .string(Base64URL.encode(parts.sealed.ciphertext))
        object["tag"] = .string(Base64URL.encode(parts.sealed.tag))
        return JSONValue.object(object).serialized(.compact)
    }

    /// Decrypts a compact JWE.
    public static func decryptCompact(
        _ token: String, key: JWEKey, policy: JWEPolicy = .default
    ) throws(JOSEError) -> DecryptedJWE {
        try JWEObject(compact: token, limits: policy.limits).decrypt(key: key, policy: policy)
    }

    /// Decrypts a JWE JSON serialization (general or flattened).
    public static func decryptJSON(
        _ json: Data, key: JWEKey, policy: JWEPolicy = .default
    ) throws(JOSEError) -> DecryptedJWE {
        try JWEObject(json: json, limits: policy.limits).decrypt(key: key, policy: policy)
    }

    struct EncryptedParts {
        var encodedProtectedHeader: String
        var encryptedKey: Data
        var iv: Data
        var sealed: AuthenticatedCiphertext
    }

    static func encrypt(
        _ plaintext: Data, to key: JWEKey, keyManagement: JWEKeyManagementAlgorithm,
        contentEncryption: JWEContentEncryptionAlgorithm, header: JOSEHeader, additionalData: Data?
    ) throws(JOSEError) -> EncryptedParts {
        var header = header
        header.algorithm = keyManagement.rawValue
        header.encryption = contentEncryption.rawValue
        try header.validateRegisteredMemberTypes()
        let wrapped = try JWEKeyManagement.wrap(
            algorithm: keyManagement, encryption: contentEncryption, key: key, header: header)
        for (name, value) in wrapped.headerMembers { header[name] = value }
        var content = plaintext
        switch header.compression {
        case nil: break
        case "DEF"?: content = try JWECompression.compress(plaintext)
        case let other?: throw .unsupportedAlgorithm("zip \(other)")
        }
        let encodedHeader = Base64URL.encode(header.serialized())
        var aad = Data(encodedHeader.utf8)
        if let additionalData {
            aad.append(UInt8(ascii: "."))
            aad.append(contentsOf: Base64URL.encode(additionalData).utf8)
        }
        let iv = SecureRandom.bytes(contentEncryption.ivByteCount)
        let sealed = try contentEncryption.seal(content, key: wrapped.contentKey, iv: iv, additionalData: aad)
        return EncryptedParts(
            encodedProtectedHeader: encodedHeader, encryptedKey: wrapped.encryptedKey, iv: iv, sealed: sealed)
    }
}
