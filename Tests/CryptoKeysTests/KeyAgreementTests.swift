import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

@Suite("Key agreement")
struct KeyAgreementTests {
    @Test("both sides derive the same secret", arguments: [KeyCurve.p256, .p384, .p521, .secp256k1, .x25519])
    func agreement(curve: KeyCurve) throws {
        let alice = PrivateKey(curve: curve), bob = PrivateKey(curve: curve)
        let secret = try alice.sharedSecret(with: bob.publicKey)
        #expect(secret.count == curve.coordinateByteCount)
        #expect(try bob.sharedSecret(with: alice.publicKey) == secret)
        #expect(try alice.sharedSecret(with: PrivateKey(curve: curve).publicKey) != secret)
    }

    @Test("mismatched curves and signing-only keys are refused")
    func refusals() {
        let p256 = PrivateKey(curve: .p256)
        #expect(throws: CryptoKeysError.self) { try p256.sharedSecret(with: PrivateKey(curve: .p384).publicKey) }
        let ed = PrivateKey(curve: .ed25519)
        #expect(throws: CryptoKeysError.self) { try ed.sharedSecret(with: PrivateKey(curve: .ed25519).publicKey) }
    }

    @Test("an X25519 small-order peer key (all-zero result) is refused")
    func smallOrder() throws {
        let zeroPoint = try PublicKey(rawRepresentation: Data(count: 32), curve: .x25519)
        #expect(throws: CryptoKeysError.self) { try PrivateKey(curve: .x25519).sharedSecret(with: zeroPoint) }
    }

    @Test("secp256k1 ECDH is the raw x-coordinate, not libsecp256k1's hashed default")
    func secp256k1RawX() throws {
        // d = 1 makes the shared point the peer's own point, so Z must equal its x.
        let one = Data(repeating: 0, count: 31) + Data([1])
        let peer = PrivateKey(curve: .secp256k1).publicKey
        let secret = try PrivateKey(rawRepresentation: one, curve: .secp256k1).sharedSecret(with: peer)
        #expect(secret == peer.coordinates?.x)
    }
}
