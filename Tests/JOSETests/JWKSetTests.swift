import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing

@testable import JOSE

@Suite("JWK sets as key resolvers")
struct JWKSetTests {
    let payload = Data("{}".utf8)

    @Test("the key is chosen by kid; an unknown kid finds none")
    func selectByKeyID() async throws {
        let set = try JWKSet(keys: [
            JWK(publicKey: Fixtures.p256.publicKey, keyID: "a"), JWK(publicKey: Fixtures.ed25519.publicKey, keyID: "b"),
        ])
        let token = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.ed25519, keyID: "b"))
        #expect(try await JWS.verifyCompact(token, resolver: set).payload == payload)
        let wrongKid = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.ed25519, keyID: "a"))
        await #expect(throws: JOSEError.self) { try await JWS.verifyCompact(wrongKid, resolver: set) }
        let noKid = try await JWS.signCompact(payload: payload, signer: Fixtures.signer(Fixtures.ed25519))
        await #expect(throws: JOSEError.keyNotFound) { try await JWS.verifyCompact(noKid, resolver: set) }
    }

    @Test("a set with a repeated kid or mixing secret and public keys is refused")
    func ambiguousSets() {
        let secret = JWK(symmetricKey: Data(repeating: 1, count: 32), keyID: "s")
        #expect(throws: JOSEError.self) {
            try JWKSet(keys: [JWK(publicKey: Fixtures.p256.publicKey, keyID: "a"), JWK(publicKey: Fixtures.p384.publicKey, keyID: "a")])
        }
        #expect(throws: JOSEError.self) { try JWKSet(keys: [secret, JWK(publicKey: Fixtures.p256.publicKey, keyID: "a")]) }
        #expect(throws: JOSEError.self) { try JWKSet(json: Data("{\"keys\":{}}".utf8)) }
        #expect(throws: JOSEError.self) { try JWKSet(json: Data("{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AA==\"}]}".utf8)) }
    }

    @Test("an RSA modulus with the ROCA fingerprint is detected; ordinary moduli are not")
    func roca() throws {
        // 1 = 65537⁰ lies in the subgroup modulo every prime, as a ROCA modulus does.
        #expect(ROCAFingerprint.matches(modulus: Data([1])))
        // 65537 itself, written over 256 bytes, too.
        #expect(ROCAFingerprint.matches(modulus: Data(count: 253) + Data([0x01, 0x00, 0x01])))
        // 2^2048 - 1 fails the test modulo 3 (it is 0 there).
        #expect(!ROCAFingerprint.matches(modulus: Data(repeating: 0xff, count: 256)))
        var generator = SystemRandomNumberGenerator()
        var hits = 0
        for _ in 0..<200 {
            let random = Data((0..<256).map { _ in UInt8.random(in: 0...255, using: &generator) })
            if ROCAFingerprint.matches(modulus: random) { hits += 1 }
        }
        #expect(hits == 0)
    }
}
