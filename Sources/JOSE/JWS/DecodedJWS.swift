import Foundation
import Multiformats

/// A JWS whose attached payload has been decoded from base64url: the evidence that lets
/// verification skip checking the payload a second time.
///
/// A caller that must read the payload before it can pick a key (an SD-JWT's issuer is in
/// its claims) has already decoded it once; checking that it decodes again, only to throw
/// the bytes away, is wasted work on every credential verified. A flag saying "I decoded it"
/// would let any caller skip the check by saying so. This value can only be made by
/// ``JWSObject/decodingPayload(_:)``, which does the decoding, so holding one *is* the proof.
///
/// It says nothing about the signature: nothing read from it may be trusted until
/// ``verify(policy:keyAt:)`` returns.
public struct DecodedJWS: Sendable {
    /// The JWS whose payload decoded.
    public let jws: JWSObject
    /// The payload text that decoded, a slice of the token.
    private let payloadText: Substring

    /// Only ``JWSObject/decodingPayload(_:)`` makes one.
    fileprivate init(jws: JWSObject, payloadText: Substring) {
        self.jws = jws
        self.payloadText = payloadText
    }

    /// Verifies as ``JWSObject/verify(detachedPayload:policy:keyFor:)`` does, without
    /// decoding the payload again.
    ///
    /// - Parameter keyAt: the key for the signature at a position in ``JWSObject/signatures``
    ///   (keys looked up ahead, perhaps asynchronously), `nil` where there is none.
    public func verify(
        policy: JWSPolicy = .default, keyAt: (Int) -> JWSVerificationKey?
    ) throws(JOSEError) -> VerifiedJWS {
        // RFC 7797: with `b64: false` the text is the payload itself, whatever it decodes to.
        let payload: VerifiedJWS.SignedPayload =
            try jws.usesUnencodedPayload() ? .bytes(Data(payloadText.utf8)) : .encoded(payloadText)
        return try jws.verify(signedPayload: payload, detached: false, policy: policy) {
            (index: Int, _: JOSEHeader) throws(JOSEError) -> JWSVerificationKey? in keyAt(index)
        }
    }
}

extension JWSObject {
    /// Decodes the attached payload from strict base64url and lends the bytes to `body`
    /// (they live in a temporary buffer, never copied out), returning the proof that it did.
    ///
    /// - Throws: ``JOSEError/malformed(_:)`` when the payload is detached,
    ///   ``JOSEError/invalidBase64URL(part:)`` when it is not strict base64url.
    public func decodingPayload(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(JOSEError) -> DecodedJWS {
        guard let payloadText else { throw .malformed("the payload is detached") }
        do {
            try Base64URL.withDecoded(payloadText, body)
        } catch {
            throw .invalidBase64URL(part: "payload")
        }
        return DecodedJWS(jws: self, payloadText: payloadText)
    }
}
