import CryptoKeys
import Foundation

extension Envelope {
    /// Opens the envelope with the first of `keys` it names: the content key is decrypted for
    /// that key (for authcrypt, from the sender the sealed `sender` names, which the box then
    /// authenticates), then the payload, whose tag covers the protected header.
    ///
    /// - Throws: ``DIDCommError/notARecipient(kids:)`` when no key is named,
    ///   ``DIDCommError/senderNotAuthenticated(reason:)``,
    ///   ``DIDCommError/contentKeyNotDecrypted`` or ``DIDCommError/payloadNotAuthenticated``
    ///   when anything was altered.
    public func open(with keys: [PrivateKey]) throws(DIDCommError) -> UnpackedMessage {
        var ours: [String: PrivateKey] = [:]
        for key in keys { ours[try Verkey(of: key).base58] = key }
        guard let recipient = recipients.first(where: { ours[$0.kid] != nil }), let key = ours[recipient.kid] else {
            throw .notARecipient(kids: recipientKids)
        }
        let keyPair = try X25519KeyPair(key)
        let contentKey: Data
        var sender: Verkey?
        switch algorithm {
        case .authcrypt:
            guard let sealedSender = recipient.sender, let nonce = recipient.iv else {
                throw .malformedEnvelope(reason: "an Authcrypt recipient needs sender and iv")
            }
            guard let senderText = Sodium.openSeal(sealedSender, publicKey: keyPair.publicKey, secretKey: keyPair.secretKey) else {
                throw .senderNotAuthenticated(reason: "the sealed sender does not open")
            }
            let senderKey: Verkey
            do { senderKey = try Verkey(base58: String(decoding: senderText, as: UTF8.self)) } catch {
                throw .senderNotAuthenticated(reason: "the sender is not a verkey")
            }
            let senderX = try X25519KeyPair.publicKey(of: senderKey)
            guard let opened = Sodium.openBox(recipient.encryptedKey, nonce: nonce, from: senderX, to: keyPair.secretKey) else {
                throw .contentKeyNotDecrypted
            }
            contentKey = opened
            sender = senderKey
        case .anoncrypt:
            guard let opened = Sodium.openSeal(recipient.encryptedKey, publicKey: keyPair.publicKey, secretKey: keyPair.secretKey)
            else { throw .contentKeyNotDecrypted }
            contentKey = opened
        }
        guard contentKey.count == Sodium.keyBytes else { throw .contentKeyNotDecrypted }
        guard let message = Sodium.aeadDecrypt(
            ciphertext, tag: tag, additionalData: Data(protectedHeader.utf8), nonce: iv, key: contentKey)
        else { throw .payloadNotAuthenticated }
        return UnpackedMessage(message: message, recipient: keyPair.verkey, sender: sender)
    }

    /// Reads and opens an envelope in one step: ``init(json:limits:)`` then ``open(with:)``.
    public static func unpack(
        _ json: Data, with keys: [PrivateKey], limits: EnvelopeLimits = .default
    ) throws(DIDCommError) -> UnpackedMessage {
        try Envelope(json: json, limits: limits).open(with: keys)
    }
}
