import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing

@testable import JOSE

/// A caller that reads the payload before choosing a key verifies through ``DecodedJWS``,
/// which only decoding can make: the payload is decoded once, and the signature is checked
/// exactly as ``JWSObject/verify(key:detachedPayload:policy:)`` checks it.
@Suite("DecodedJWS: a payload decoded once, verified without decoding it again")
struct DecodedJWSTests {
    let payload = Data(#"{"iss":"https://issuer.example","vct":"urn:example:pid"}"#.utf8)

    @Test("decoding lends the payload's bytes, and the proof verifies as the JWS itself does")
    func decodesOnceAndVerifies() async throws {
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.p256))
        let object = try JWSObject(compact: token)
        var lent = Data()
        let decoded = try object.decodingPayload { lent = Data($0) }
        #expect(lent == payload)
        let verified = try decoded.verify { _ in JWSVerificationKey(Fixtures.p256.publicKey) }
        #expect(verified.payload == payload)
        #expect(verified.algorithm == .es256)
        #expect(verified.signatureIndex == 0)
    }

    @Test("a forged signature is refused through the proof as it is through the JWS")
    func forgedSignatureRefused() async throws {
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.p256))
        let forged = try Fixtures.flippingBit(token, part: 2, byte: 5)
        let decoded = try JWSObject(compact: forged).decodingPayload { _ in }
        #expect(throws: JOSEError.invalidSignature) {
            try decoded.verify { _ in JWSVerificationKey(Fixtures.p256.publicKey) }
        }
        // A payload swapped under a valid signature: it decodes, and the signature refuses it.
        let swapped = Fixtures.replacingPart(token, 1, with: Base64URL.encode(Data(#"{"iss":"https://evil.example"}"#.utf8)))
        let swappedDecoded = try JWSObject(compact: swapped).decodingPayload { _ in }
        #expect(throws: JOSEError.invalidSignature) {
            try swappedDecoded.verify { _ in JWSVerificationKey(Fixtures.p256.publicKey) }
        }
    }

    @Test("a key from another signer, no key, or an algorithm the policy refuses: the same errors as verify(key:)")
    func sameRefusalsAsVerify() async throws {
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.p256))
        let decoded = try JWSObject(compact: token).decodingPayload { _ in }
        #expect(throws: JOSEError.invalidSignature) {
            try decoded.verify { _ in JWSVerificationKey(PrivateKey(curve: .p256).publicKey) }
        }
        #expect(throws: JOSEError.keyNotFound) { try decoded.verify { _ in nil } }
        let policy = JWSPolicy(allowedAlgorithms: [.edDSA])
        let viaProof = #expect(throws: JOSEError.self) {
            try decoded.verify(policy: policy) { _ in JWSVerificationKey(Fixtures.p256.publicKey) }
        }
        let viaJWS = #expect(throws: JOSEError.self) {
            try JWSObject(compact: token).verify(key: JWSVerificationKey(Fixtures.p256.publicKey), policy: policy)
        }
        #expect(viaProof == viaJWS)
    }

    @Test("a payload that is not strict base64url, or none at all, gives no proof")
    func undecodablePayloadGivesNoProof() async throws {
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.p256))
        let padded = Fixtures.replacingPart(token, 1, with: token.components(separatedBy: ".")[1] + "=")
        var called = false
        #expect(throws: JOSEError.invalidBase64URL(part: "payload")) {
            try JWSObject(compact: padded).decodingPayload { _ in called = true }
        }
        #expect(!called)
        let detached = Fixtures.replacingPart(token, 1, with: "")
        #expect(throws: JOSEError.self) { try JWSObject(compact: detached).decodingPayload { _ in } }
    }

    @Test("b64:false (RFC 7797): the proof verifies the text as the payload, as the JWS does")
    func unencodedPayload() throws {
        // Text that happens to be base64url too, so a proof can be made of it.
        let text = Data("abcd".utf8)
        let token = try Fixtures.forge(
            header: #"{"alg":"ES256","b64":false,"crit":["b64"]}"#, payload: text, key: Fixtures.p256,
            encodePayload: false)
        let object = try JWSObject(compact: token)
        let decoded = try object.decodingPayload { _ in }
        let verified = try decoded.verify { _ in JWSVerificationKey(Fixtures.p256.publicKey) }
        #expect(verified.payload == text)
        #expect(try object.verify(key: JWSVerificationKey(Fixtures.p256.publicKey)).payload == text)
    }
}
