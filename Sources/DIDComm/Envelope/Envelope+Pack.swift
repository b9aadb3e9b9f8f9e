import CryptoKeys
import Foundation
import JSONModel
import Multiformats

extension Envelope {
    /// Packs `message` (the plaintext DIDComm message's JSON bytes) for `recipients`:
    /// authcrypt from `sender` when one is given, anoncrypt otherwise; the envelope's JSON.
    ///
    /// A fresh content key and payload nonce per envelope; per recipient, authcrypt puts the
    /// content key in a `crypto_box` (fresh 24-byte nonce) from the sender's X25519 key and the
    /// sender's verkey in a sealed box, anoncrypt puts the content key in a sealed box. The
    /// protected header, recipients included, is the payload's additional authenticated data.
    public static func pack(
        _ message: Data, for recipients: [Verkey], from sender: PrivateKey? = nil
    ) throws(DIDCommError) -> Data {
        try packValue(message, for: recipients, from: sender).serialized()
    }

    /// ``pack(_:for:from:)`` as a JSON value, for a forward message that carries it.
    static func packValue(
        _ message: Data, for recipients: [Verkey], from sender: PrivateKey?
    ) throws(DIDCommError) -> JSONValue {
        guard !recipients.isEmpty else { throw .malformedEnvelope(reason: "an envelope needs a recipient") }
        let contentKey = Sodium.randomBytes(Sodium.keyBytes)
        let senderKeys = try sender.map { key throws(DIDCommError) in try X25519KeyPair(key) }

        var entries: [JSONValue] = []
        for recipient in recipients {
            let recipientX = try X25519KeyPair.publicKey(of: recipient)
            var header: JSONObject = ["kid": .string(recipient.base58)]
            let encryptedKey: Data
            if let senderKeys {
                let nonce = Sodium.randomBytes(Sodium.boxNonceBytes)
                guard let box = Sodium.box(contentKey, nonce: nonce, to: recipientX, from: senderKeys.secretKey),
                    let sealedSender = Sodium.seal(Data(senderKeys.verkey.base58.utf8), to: recipientX)
                else { throw .invalidKey(reason: "libsodium refused the recipient key \(recipient)") }
                encryptedKey = box
                header.updateValue(.string(Base64URL.encode(sealedSender)), forName: "sender")
                header.updateValue(.string(Base64URL.encode(nonce)), forName: "iv")
            } else {
                guard let sealed = Sodium.seal(contentKey, to: recipientX) else {
                    throw .invalidKey(reason: "libsodium refused the recipient key \(recipient)")
                }
                encryptedKey = sealed
            }
            entries.append(["encrypted_key": .string(Base64URL.encode(encryptedKey)), "header": .object(header)])
        }
        let protected: JSONValue = [
            "enc": .string(encryptionLabel), "typ": .string(messageType),
            "alg": .string((sender == nil ? EnvelopeAlgorithm.anoncrypt : .authcrypt).rawValue),
            "recipients": .array(entries),
        ]
        let protectedText = Base64URL.encode(protected.serialized())
        let nonce = Sodium.randomBytes(Sodium.aeadNonceBytes)
        guard let sealed = Sodium.aeadEncrypt(message, additionalData: Data(protectedText.utf8), nonce: nonce, key: contentKey) else {
            throw .malformedEnvelope(reason: "libsodium could not encrypt the payload")
        }
        return [
            "protected": .string(protectedText), "iv": .string(Base64URL.encode(nonce)),
            "ciphertext": .string(Base64URL.encode(sealed.ciphertext)), "tag": .string(Base64URL.encode(sealed.tag)),
        ]
    }
}
