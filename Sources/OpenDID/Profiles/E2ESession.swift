import CryptoKeys
import Foundation
import Multiformats

/// How the ECDH shared secret enters the session-key hash.
public enum SharedSecretEncoding: Sendable, Hashable {
    /// The x-coordinate at the curve's full width (32 bytes): what Open DID's iOS and
    /// Android SDKs hash.
    case fixedWidth
    /// The x-coordinate without leading zero bytes: what Open DID's Java servers hash
    /// (`BigInteger.toByteArray()` with the sign byte dropped). Differs from
    /// ``fixedWidth`` in one case out of 256; use it to talk to such a server.
    case minimalUnsigned
}

/// One Open DID end-to-end encryption session (`ReqE2e` → `AccE2e`).
///
/// The server offers an ephemeral public key and a nonce (``ReqE2e``); the wallet answers
/// with its own ephemeral public key and an IV (``AccE2e``, signed with its key-agreement
/// key). Both sides compute `SHA-256(X ‖ multibase-decoded nonce)`, where X is the ECDH
/// x-coordinate, and use its first 16 or 32 bytes as the AES key for the offered cipher;
/// payloads travel as multibase base58btc (`z`) strings.
public struct E2ESession: Sendable {
    /// The offer this session answers.
    public let request: ReqE2e
    /// The wallet's answer; sign it with ``ProofContainer/sign(with:created:)`` before sending.
    public var acceptance: AccE2e
    /// The AES key (16 or 32 bytes).
    public let sessionKey: Data
    /// The 16-byte IV (unused by the ECB ciphers, but always sent).
    public let iv: Data

    /// Wallet side: answers `request` with an ephemeral key and IV (fresh random ones unless
    /// given, which tests do to reproduce vectors).
    public static func accept(
        _ request: ReqE2e, ephemeralKey: PrivateKey? = nil, iv: Data? = nil,
        secretEncoding: SharedSecretEncoding = .fixedWidth
    ) throws(OpenDIDError) -> E2ESession {
        let curve = request.curve.keyCurve
        let mine = ephemeralKey ?? PrivateKey(curve: curve)
        guard mine.curve == curve else { throw .e2eFailed("ephemeral key is not on \(request.curve.rawValue)") }
        let chosenIV = iv ?? randomBytes(16)
        guard chosenIV.count == 16 else { throw .e2eFailed("IV must be 16 bytes") }
        guard let compressed = mine.publicKey.sec1CompressedRepresentation else {
            throw .e2eFailed("cannot compress the ephemeral key")
        }
        let theirs = try decodePublicKey(request.publicKey, curve: curve)
        let key = try sessionKey(mine: mine, theirs: theirs, request: request, secretEncoding: secretEncoding)
        let acceptance = AccE2e(
            publicKey: Multibase.encode(compressed, as: .base58btc), iv: Multibase.encode(chosenIV, as: .base58btc))
        return E2ESession(request: request, acceptance: acceptance, sessionKey: key, iv: chosenIV)
    }

    /// Server side: the session a wallet's `acceptance` of `request` set up, using the
    /// server's ephemeral private key.
    public init(
        request: ReqE2e, acceptance: AccE2e, serverKey: PrivateKey, secretEncoding: SharedSecretEncoding = .fixedWidth
    ) throws(OpenDIDError) {
        let curve = request.curve.keyCurve
        guard serverKey.curve == curve else { throw .e2eFailed("server key is not on \(request.curve.rawValue)") }
        let theirs = try Self.decodePublicKey(acceptance.publicKey, curve: curve)
        let decodedIV = try Self.decodeMultibase(acceptance.iv, what: "iv")
        guard decodedIV.count == 16 else { throw .e2eFailed("IV must be 16 bytes") }
        self.init(
            request: request, acceptance: acceptance,
            sessionKey: try Self.sessionKey(mine: serverKey, theirs: theirs, request: request, secretEncoding: secretEncoding),
            iv: decodedIV)
    }

    init(request: ReqE2e, acceptance: AccE2e, sessionKey: Data, iv: Data) {
        self.request = request
        self.acceptance = acceptance
        self.sessionKey = sessionKey
        self.iv = iv
    }

    /// Encrypts `plaintext` (typically a VP's sorted compact JSON) to a multibase string.
    public func encrypt(_ plaintext: Data) throws(OpenDIDError) -> String {
        do {
            let ciphertext: Data
            if request.cipher.usesInitializationVector {
                ciphertext = try AESCBCCipher.encrypt(plaintext, key: sessionKey, iv: iv, padding: request.padding.blockPadding)
            } else {
                ciphertext = try AESECBCipher.encrypt(plaintext, key: sessionKey, padding: request.padding.blockPadding)
            }
            return Multibase.encode(ciphertext, as: .base58btc)
        } catch {
            throw .e2eFailed("encryption: \(error)")
        }
    }

    /// Decrypts a multibase payload. A wrong key or a tampered payload fails the padding
    /// check (with `PKCS5`); note that AES-CBC/ECB are not authenticated, so with `NOPAD`
    /// tampering goes unnoticed here and only the signature inside the payload catches it.
    public func decrypt(_ payload: String) throws(OpenDIDError) -> Data {
        let ciphertext = try Self.decodeMultibase(payload, what: "payload")
        do {
            if request.cipher.usesInitializationVector {
                return try AESCBCCipher.decrypt(ciphertext, key: sessionKey, iv: iv, padding: request.padding.blockPadding)
            }
            return try AESECBCipher.decrypt(ciphertext, key: sessionKey, padding: request.padding.blockPadding)
        } catch {
            throw .e2eFailed("decryption failed (wrong key or corrupted payload)")
        }
    }

    // MARK: Key schedule

    static func sessionKey(
        mine: PrivateKey, theirs: PublicKey, request: ReqE2e, secretEncoding: SharedSecretEncoding
    ) throws(OpenDIDError) -> Data {
        var secret: Data
        do {
            secret = try mine.sharedSecret(with: theirs)
        } catch {
            throw .e2eFailed("key agreement: \(error)")
        }
        if secretEncoding == .minimalUnsigned {
            secret = Data(secret.drop { $0 == 0 })
        }
        let nonce = try decodeMultibase(request.nonce, what: "nonce")
        return Data(DigestAlgorithm.sha256.hash(secret + nonce).prefix(request.cipher.keySize))
    }

    static func decodePublicKey(_ multibase: String, curve: KeyCurve) throws(OpenDIDError) -> PublicKey {
        let bytes = try decodeMultibase(multibase, what: "public key")
        do {
            return try PublicKey(sec1Representation: bytes, curve: curve)
        } catch {
            throw .e2eFailed("public key: \(error)")
        }
    }

    static func decodeMultibase(_ text: String, what: String) throws(OpenDIDError) -> Data {
        guard text.utf8.count <= 64 * 1024 * 1024 else { throw .e2eFailed("\(what) is too large") }
        do {
            return try LenientMultibase.decode(text).data
        } catch {
            throw .e2eFailed("\(what) is not multibase: \(error)")
        }
    }

    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

extension EllipticCurveType {
    var keyCurve: KeyCurve {
        switch self {
        case .secp256r1: .p256
        case .secp256k1: .secp256k1
        }
    }
}

extension SymmetricPaddingType {
    var blockPadding: BlockCipherPadding {
        switch self {
        case .pkcs5: .pkcs7
        case .noPad: .none
        }
    }
}
