import CryptoKeys
import DIDComm
import Foundation

/// Ed25519 keys from fixed seeds, so a failing run names the same keys again and the Python peer
/// can be handed the seed.
struct TestKey {
    let seed: Data
    let privateKey: PrivateKey
    let verkey: Verkey

    init(_ byte: UInt8) {
        seed = Data(repeating: byte, count: 32)
        privateKey = try! PrivateKey(rawRepresentation: seed, curve: .ed25519)
        verkey = try! Verkey(of: privateKey)
    }

    var seedHex: String { seed.map { String(format: "%02x", $0) }.joined() }

    static let alice = TestKey(0xA1)
    static let bob = TestKey(0xB0)
    static let carol = TestKey(0xC0)
    static let mallory = TestKey(0x66)
    static let mediator = TestKey(0x3D)
    static let relay = TestKey(0x4E)
}
