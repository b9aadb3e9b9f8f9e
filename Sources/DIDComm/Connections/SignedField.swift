import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// A message field signed in place (the `<name>~sig` decorator of Aries RFC 0234 with the
/// `ed25519Sha512_single` scheme), as Connections 1.0 signs its response's `connection`:
/// `sig_data` is an 8-byte big-endian Unix timestamp followed by the field's JSON, `signature`
/// the Ed25519 signature of those bytes, `signer` the base58 verkey that made it, both written
/// base64url.
///
/// Who must have signed is the caller's to say, as for ``SignedAttachment``: a Connections 1.0
/// response must be signed by the invitation key the invitee chose to trust, so
/// ``verify(_:signer:limits:)`` takes that key and refuses a signature by any other, however
/// valid. The timestamp is returned, not judged: RFC 0234 sets no window, and the response is
/// bound to the invitee's request by its thread.
public enum SignedField {
    /// `https://didcomm.org/signature/1.0/ed25519Sha512_single` (the legacy `did:sov:…;spec/`
    /// prefix is read as this).
    public static let signatureType = MessageType(protocolName: "signature", major: 1, minor: 0, name: "ed25519Sha512_single")

    /// A field whose signature verified.
    public struct Verified: Sendable, Hashable {
        /// The field's value, parsed from the signed bytes.
        public var value: JSONValue
        /// The signer's timestamp, whole seconds since 1970.
        public var timestamp: UInt64
    }

    /// `value` signed with `key` at `timestamp` (seconds since 1970): the decorator's JSON, to
    /// be set as `<name>~sig` in place of the field.
    public static func sign(_ value: JSONValue, with key: PrivateKey, timestamp: UInt64) throws(DIDCommError) -> JSONValue {
        let verkey = try Verkey(of: key)
        let data = Data(withUnsafeBytes(of: timestamp.bigEndian, Array.init)) + value.serialized()
        let signature: Data
        do { signature = try key.sign(data) } catch { throw .invalidKey(reason: "signing failed: \(error)") }
        return [
            "@type": .string(signatureType.uri), "signature": .string(paddedBase64URL(signature)),
            "sig_data": .string(paddedBase64URL(data)), "signer": .string(verkey.base58),
        ]
    }

    /// Verifies a `<name>~sig` decorator: its type, that `signer` made it (the `signer` it
    /// names is that key), that the signature verifies over `sig_data`; then reads the field's
    /// JSON within `limits`.
    ///
    /// - Throws: ``DIDCommError/signatureNotVerified(reason:)`` for another scheme, another
    ///   signer, a signature that does not verify or unreadable `sig_data`;
    ///   ``DIDCommError/malformedMessage(reason:)`` for a decorator of the wrong shape.
    public static func verify(_ field: JSONValue, signer: Verkey, limits: MessageLimits = .default) throws(DIDCommError) -> Verified {
        guard let object = field.objectValue else { throw .malformedMessage(reason: "a ~sig decorator is not an object") }
        let type = try MessageType(try MessageField.string(object, "@type", in: "~sig"))
        guard type.isCompatible(with: signatureType) else {
            throw .signatureNotVerified(reason: "the field is signed with \(type), not ed25519Sha512_single")
        }
        let named = try MessageField.string(object, "signer", in: "~sig")
        guard (try? Verkey(reference: named)) == signer else {
            throw .signatureNotVerified(reason: "signed by \(named.prefix(64)), not by \(signer)")
        }
        let signatureText = try MessageField.string(object, "signature", in: "~sig")
        let dataText = try MessageField.string(object, "sig_data", in: "~sig")
        let signature: Data, data: Data
        do {
            signature = try Base64URL.decodeLenient(signatureText)
            data = try Base64URL.decodeLenient(dataText)
        } catch {
            throw .signatureNotVerified(reason: "signature or sig_data is not base64url")
        }
        guard signature.count == 64, data.count > 8 else {
            throw .signatureNotVerified(reason: "a 64-byte signature over a timestamp and a value is expected")
        }
        guard signer.publicKey.verify(signature, for: data) else {
            throw .signatureNotVerified(reason: "the signature does not verify over sig_data")
        }
        let timestamp = data.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        do { return Verified(value: try limits.parser.parse(data.dropFirst(8)), timestamp: timestamp) } catch {
            throw .signatureNotVerified(reason: "the signed value is not JSON: \(error)")
        }
    }

    /// Base64url with its padding, as agents write these fields (Python's `urlsafe_b64decode`,
    /// which older agents read them with, wants the padding).
    private static func paddedBase64URL(_ bytes: Data) -> String {
        String(Base64.encode(bytes).map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }
}
