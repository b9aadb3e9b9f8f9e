import CryptoKeys
import Foundation

/// The X25519 key pair of an Ed25519 key, as libsodium converts it: RFC 0019 names keys by
/// their Ed25519 verkeys but boxes with the X25519 keys of the same secrets.
struct X25519KeyPair: Sendable {
    /// The Ed25519 verkey this pair was derived from.
    let verkey: Verkey
    let publicKey: Data
    let secretKey: Data

    init(_ privateKey: PrivateKey) throws(DIDCommError) {
        verkey = try Verkey(of: privateKey)
        publicKey = try Self.publicKey(of: verkey)
        guard let secret = Sodium.curve25519SecretKey(fromEd25519Seed: privateKey.rawRepresentation, publicKey: verkey.rawRepresentation)
        else { throw .invalidKey(reason: "libsodium could not convert the Ed25519 secret key") }
        secretKey = secret
    }

    /// The X25519 public key of a verkey; libsodium refuses keys of small order.
    static func publicKey(of verkey: Verkey) throws(DIDCommError) -> Data {
        guard let key = Sodium.curve25519PublicKey(fromEd25519: verkey.rawRepresentation) else {
            throw .invalidKey(reason: "verkey \(verkey) has no X25519 form")
        }
        return key
    }
}
