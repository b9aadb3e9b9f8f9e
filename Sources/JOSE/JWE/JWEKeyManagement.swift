import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// Producing and recovering the content-encryption key (RFC 7518 §4).
enum JWEKeyManagement {
    /// The encryption side: a content key, its encrypted form (empty for `ECDH-ES` and
    /// `dir`) and the header members the recipient needs (`epk`, `iv`, `tag`).
    struct Wrapped {
        var contentKey: Data
        var encryptedKey: Data
        var headerMembers: JSONObject
    }

    /// - Parameter sharedContentKey: the content key when several recipients share one
    ///   (general JSON serialization); `nil` to make a fresh one. `ECDH-ES` and `dir` decide
    ///   the content key themselves and so cannot take one.
    static func wrap(
        algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm,
        key: JWEKey, header: JOSEHeader, sharedContentKey: Data? = nil
    ) throws(JOSEError) -> Wrapped {
        try key.checkPinned(algorithm)
        if sharedContentKey != nil, algorithm == .ecdhES || algorithm == .direct {
            throw .malformed("\(algorithm.rawValue) cannot be used with several recipients")
        }
        let freshContentKey = sharedContentKey ?? SecureRandom.bytes(encryption.keyByteCount)
        if algorithm.isKeyAgreement {
            guard case .publicKey(let recipient) = key.material, let curve = recipient.curve,
                [KeyCurve.p256, .p384, .p521, .x25519].contains(curve)
            else {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: key.kindName)
            }
            let ephemeral = PrivateKey(curve: curve)
            let sharedSecret: Data
            do {
                sharedSecret = try ephemeral.sharedSecret(with: recipient)
            } catch {
                throw .crypto(error)
            }
            var members = JSONObject()
            members["epk"] = try? JSONValue(parsing: JWK(publicKey: ephemeral.publicKey).jsonData())
            let derived = try derive(
                sharedSecret: sharedSecret, algorithm: algorithm, encryption: encryption, header: header)
            if algorithm == .ecdhES {
                return Wrapped(contentKey: derived, encryptedKey: Data(), headerMembers: members)
            }
            let contentKey = freshContentKey
            return Wrapped(contentKey: contentKey, encryptedKey: try keyWrap(contentKey, kek: derived), headerMembers: members)
        }
        guard case .symmetric(let secret) = key.material else {
            throw .keyMismatch(algorithm: algorithm.rawValue, key: key.kindName)
        }
        if algorithm == .direct {
            guard secret.count == encryption.keyByteCount else {
                throw .keyMismatch(algorithm: encryption.rawValue, key: "\(secret.count)-byte symmetric")
            }
            return Wrapped(contentKey: secret, encryptedKey: Data(), headerMembers: JSONObject())
        }
        guard secret.count == algorithm.wrappingKeyByteCount else {
            throw .keyMismatch(algorithm: algorithm.rawValue, key: "\(secret.count)-byte symmetric")
        }
        let contentKey = freshContentKey
        if algorithm.wrapsWithGCM {
            let iv = SecureRandom.bytes(12)
            do {
                let sealed = try AESGCMCipher.seal(contentKey, key: secret, nonce: iv)
                var members = JSONObject()
                members["iv"] = .string(Base64URL.encode(iv))
                members["tag"] = .string(Base64URL.encode(sealed.tag))
                return Wrapped(contentKey: contentKey, encryptedKey: sealed.ciphertext, headerMembers: members)
            } catch {
                throw .crypto(error)
            }
        }
        return Wrapped(contentKey: contentKey, encryptedKey: try keyWrap(contentKey, kek: secret), headerMembers: JSONObject())
    }

    /// The decryption side: recovers the content key from the merged header and the
    /// encrypted key.
    static func unwrap(
        algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm,
        key: JWEKey, header: JOSEHeader, encryptedKey: Data
    ) throws(JOSEError) -> Data {
        try key.checkPinned(algorithm)
        if algorithm.isKeyAgreement {
            guard case .privateKey(let privateKey) = key.material,
                [KeyCurve.p256, .p384, .p521, .x25519].contains(privateKey.curve)
            else {
                throw .keyMismatch(algorithm: algorithm.rawValue, key: key.kindName)
            }
            let ephemeral = try ephemeralKey(in: header, curve: privateKey.curve)
            let sharedSecret: Data
            do {
                sharedSecret = try privateKey.sharedSecret(with: ephemeral)
            } catch {
                throw .invalidEphemeralKey("key agreement failed")
            }
            let derived = try derive(
                sharedSecret: sharedSecret, algorithm: algorithm, encryption: encryption, header: header)
            if algorithm == .ecdhES {
                guard encryptedKey.isEmpty else { throw .malformed("ECDH-ES must have an empty encrypted key") }
                return derived
            }
            return try keyUnwrap(encryptedKey, kek: derived, expected: encryption.keyByteCount)
        }
        guard case .symmetric(let secret) = key.material else {
            throw .keyMismatch(algorithm: algorithm.rawValue, key: key.kindName)
        }
        if algorithm == .direct {
            guard encryptedKey.isEmpty else { throw .malformed("dir must have an empty encrypted key") }
            guard secret.count == encryption.keyByteCount else {
                throw .keyMismatch(algorithm: encryption.rawValue, key: "\(secret.count)-byte symmetric")
            }
            return secret
        }
        guard secret.count == algorithm.wrappingKeyByteCount else {
            throw .keyMismatch(algorithm: algorithm.rawValue, key: "\(secret.count)-byte symmetric")
        }
        if algorithm.wrapsWithGCM {
            guard let iv = try header.base64URLMember("iv"), let tag = try header.base64URLMember("tag") else {
                throw .invalidHeader("\(algorithm.rawValue) needs iv and tag")
            }
            guard iv.count == 12, tag.count == 16 else { throw .decryptionFailed }
            let contentKey: Data
            do {
                contentKey = try AESGCMCipher.open(
                    AuthenticatedCiphertext(ciphertext: encryptedKey, tag: tag), key: secret, nonce: iv)
            } catch {
                throw .decryptionFailed
            }
            guard contentKey.count == encryption.keyByteCount else { throw .decryptionFailed }
            return contentKey
        }
        return try keyUnwrap(encryptedKey, kek: secret, expected: encryption.keyByteCount)
    }

    /// Reads `epk` and checks it is a public key on the recipient's curve. `JWK.publicKey()`
    /// validates the point, so an invalid-curve attack (a point on another curve, or off
    /// every curve) stops here.
    static func ephemeralKey(in header: JOSEHeader, curve: KeyCurve) throws(JOSEError) -> PublicKey {
        guard let value = header["epk"] else { throw .invalidHeader("epk is missing") }
        guard value.objectValue != nil else { throw .invalidEphemeralKey("not an object") }
        let jwk: JWK
        do {
            jwk = try JWK(jsonData: value.serialized(.compact))
        } catch {
            throw .invalidEphemeralKey("\(error)")
        }
        guard !jwk.isPrivate else { throw .invalidEphemeralKey("carries private key material") }
        guard jwk.kty == curve.keyType, jwk.crv == curve.rawValue else {
            throw .invalidEphemeralKey("\(jwk.crv ?? jwk.kty.rawValue) is not the recipient's curve \(curve.rawValue)")
        }
        do {
            return try jwk.publicKey()
        } catch {
            throw .invalidEphemeralKey("\(error)")
        }
    }

    /// The Concat KDF of RFC 7518 §4.6.2 with `apu`/`apv` from the header.
    static func derive(
        sharedSecret: Data, algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm,
        header: JOSEHeader
    ) throws(JOSEError) -> Data {
        let partyU = try header.base64URLMember("apu") ?? Data()
        let partyV = try header.base64URLMember("apv") ?? Data()
        let direct = algorithm == .ecdhES
        do {
            return try KeyDerivation.joseConcatKDF(
                sharedSecret: sharedSecret, algorithm: direct ? encryption.rawValue : algorithm.rawValue,
                partyUInfo: partyU, partyVInfo: partyV,
                keyByteCount: direct ? encryption.keyByteCount : algorithm.wrappingKeyByteCount ?? 0)
        } catch {
            throw .crypto(error)
        }
    }

    static func keyWrap(_ key: Data, kek: Data) throws(JOSEError) -> Data {
        do {
            return try AESKeyWrapCipher.wrap(key, kek: kek)
        } catch {
            throw .crypto(error)
        }
    }

    static func keyUnwrap(_ wrapped: Data, kek: Data, expected: Int) throws(JOSEError) -> Data {
        let key: Data
        do {
            key = try AESKeyWrapCipher.unwrap(wrapped, kek: kek)
        } catch {
            throw .decryptionFailed
        }
        guard key.count == expected else { throw .decryptionFailed }
        return key
    }
}
