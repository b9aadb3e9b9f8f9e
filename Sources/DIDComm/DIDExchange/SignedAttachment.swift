import CryptoKeys
import Foundation
import JSONModel
import Multiformats

/// An attachment's content signed as a JWS with an Ed25519 key (RFC 0017's `data.jws`, as
/// DID exchange 1.0 signs the DIDDoc): the payload is the attachment's `base64` content
/// (written base64url, unpadded), the protected header `{"alg":"EdDSA","jwk":{…,"kid":did:key}}`,
/// the unprotected `header.kid` the signer's `did:key`.
///
/// Who must have signed is the caller's to say: DID exchange's response must be signed by the
/// invitation key the invitee chose to trust, so ``verify(_:signer:)`` takes that key and
/// refuses a signature by any other, however valid.
public enum SignedAttachment {
    /// `content` as attachment data, signed with `key` (Ed25519).
    public static func sign(_ content: Data, with key: PrivateKey) throws(DIDCommError) -> AttachmentData {
        let verkey = try Verkey(of: key)
        let payload = Base64URL.encode(content)
        let protected: JSONValue = [
            "alg": "EdDSA",
            "jwk": ["kty": "OKP", "crv": "Ed25519", "x": .string(Base64URL.encode(verkey.rawRepresentation)), "kid": .string(verkey.didKey)],
        ]
        let protectedText = Base64URL.encode(protected.serialized())
        let signature: Data
        do { signature = try key.sign(Data("\(protectedText).\(payload)".utf8)) } catch {
            throw .invalidKey(reason: "signing failed: \(error)")
        }
        var data = AttachmentData(bytes: content)
        data.jws = [
            "header": ["kid": .string(verkey.didKey)], "protected": .string(protectedText),
            "signature": .string(Base64URL.encode(signature)),
        ]
        return data
    }

    /// Verifies `data`'s single JWS and that it was made by `signer` (its `jwk` and every `kid`
    /// name that key); the signed content.
    public static func verify(_ data: AttachmentData, signer: Verkey) throws(DIDCommError) -> Data {
        guard let base64 = data.base64 else { throw .signatureNotVerified(reason: "the attachment has no base64 content") }
        guard let jws = data.jws?.objectValue else { throw .signatureNotVerified(reason: "the attachment is not signed") }
        guard jws["signatures"] == nil else { throw .signatureNotVerified(reason: "multiple signatures are not read") }
        let protectedText = try MessageField.string(jws, "protected", in: "attachment jws")
        let signatureText = try MessageField.string(jws, "signature", in: "attachment jws")
        let protected: JSONValue, signature: Data
        do {
            protected = try JSONParser(limits: .init(maximumSize: 4096, maximumDepth: 8)).parse(try Base64URL.decode(protectedText))
            signature = try Base64URL.decode(signatureText)
        } catch {
            throw .signatureNotVerified(reason: "the jws is not base64url JSON: \(error)")
        }
        guard protected["alg"]?.stringValue == "EdDSA", let jwk = protected["jwk"]?.objectValue,
            jwk["kty"]?.stringValue == "OKP", jwk["crv"]?.stringValue == "Ed25519", let x = jwk["x"]?.stringValue
        else { throw .signatureNotVerified(reason: "the jws is not EdDSA with an Ed25519 jwk") }
        let jwkKey: Verkey
        do { jwkKey = try Verkey(rawRepresentation: try Base64URL.decode(x)) } catch {
            throw .signatureNotVerified(reason: "the jwk's x is not an Ed25519 key")
        }
        guard jwkKey == signer else {
            throw .signatureNotVerified(reason: "signed by \(jwkKey), not by \(signer)")
        }
        let kids = [jws["header"]?["kid"], jwk["kid"]].compactMap { $0 }
        for kid in kids {
            guard let text = kid.stringValue, (try? Verkey(reference: text)) == signer else {
                throw .signatureNotVerified(reason: "a kid names another key than \(signer)")
            }
        }
        // The payload is the base64 content as agents write it, turned into unpadded base64url.
        let payload = String(base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").prefix { $0 != "=" })
        guard signer.publicKey.verify(signature, for: Data("\(protectedText).\(payload)".utf8)) else {
            throw .signatureNotVerified(reason: "the signature does not verify")
        }
        return try data.content()
    }
}
