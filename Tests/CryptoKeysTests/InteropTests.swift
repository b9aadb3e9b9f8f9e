import CryptoKeys
import Foundation
import Multiformats
import Testing
import VellumTestSupport

/// Cross-checks against Python `cryptography` (OpenSSL) and `coincurve` (libsecp256k1):
/// `Tests/Peers/keys_peer.py`.
// Serialized: concurrent peer processes have made Foundation's FileHandle read hit EINTR.
@Suite("Interop with Python peers", .serialized, .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct InteropTests {
    static func call(_ request: [String: Any]) async throws -> [String: Any] {
        try await PythonPeer.runJSON("keys_peer.py", input: JSONSerialization.data(withJSONObject: request))
    }

    static func jwkObject(_ key: PublicKey) throws -> Any {
        try JSONSerialization.jsonObject(with: JWK(publicKey: key).jsonData())
    }

    @Test("the peer verifies our signatures, and rejects a tampered one", arguments: [SignatureAlgorithm.es256, .es256k, .edDSA])
    func peerVerifiesOurs(algorithm: SignatureAlgorithm) async throws {
        let key = PrivateKey(curve: try #require(algorithm.curve))
        let message = Data("signed by Vellum".utf8)
        var signature = try key.sign(message, algorithm: algorithm)
        var request: [String: Any] = [
            "op": "verify", "alg": algorithm.rawValue, "jwk": try Self.jwkObject(key.publicKey),
            "msg": Base64URL.encode(message), "sig": Base64URL.encode(signature),
        ]
        #expect(try await Self.call(request)["valid"] as? Bool == true)
        signature[5] ^= 1
        request["sig"] = Base64URL.encode(signature)
        #expect(try await Self.call(request)["valid"] as? Bool == false)
    }

    @Test("we verify the peer's signatures", arguments: [SignatureAlgorithm.es256, .es256k, .edDSA])
    func weVerifyPeers(algorithm: SignatureAlgorithm) async throws {
        let message = Data("signed by Python".utf8)
        let reply = try await Self.call(["op": "sign", "alg": algorithm.rawValue, "msg": Base64URL.encode(message)])
        let jwkData = try JSONSerialization.data(withJSONObject: try #require(reply["jwk"]))
        let key = try JWK(jsonData: jwkData).publicKey()
        let signature = try Base64URL.decode(try #require(reply["sig"] as? String))
        #expect(try key.verify(signature, for: message, algorithm: algorithm))
        #expect(try !key.verify(signature, for: message + Data("!".utf8), algorithm: algorithm))
    }

    @Test("ECDH agrees with the peer", arguments: [KeyCurve.p256, .secp256k1, .x25519])
    func ecdh(curve: KeyCurve) async throws {
        let mine = PrivateKey(curve: curve)
        let reply = try await Self.call(["op": "ecdh", "crv": curve.rawValue, "jwk": try Self.jwkObject(mine.publicKey)])
        let theirs = try JWK(jsonData: JSONSerialization.data(withJSONObject: try #require(reply["jwk"]))).publicKey()
        let shared = try mine.sharedSecret(with: theirs)
        #expect(shared.testHex == reply["shared"] as? String)
    }
}
