import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// Recoverable signatures against independent implementations: Python `cryptography`
/// (OpenSSL) for P-256 over a digest, `coincurve` (libsecp256k1) for secp256k1 recovery.
/// `Tests/Peers/recoverable_peer.py`.
@Suite("Recoverable signatures: interop with Python peers", .serialized, .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct RecoverableInteropTests {
    static func call(_ request: [String: Any]) async throws -> [String: Any] {
        try await PythonPeer.runJSON("recoverable_peer.py", input: JSONSerialization.data(withJSONObject: request))
    }

    static func hex(_ reply: [String: Any], _ name: String) throws -> Data {
        let text = try #require(reply[name] as? String)
        return try #require(Data(testHex: text))
    }

    @Test("cryptography verifies our P-256 recoverable signatures over the digest, and rejects a tampered one")
    func peerVerifiesP256() async throws {
        let key = PrivateKey(curve: .p256)
        for round in 0..<4 {
            let digest = DigestAlgorithm.sha256.hash(Data("open did \(round)".utf8))
            let signature = try key.signRecoverable(digest: digest)
            let point = try #require(key.publicKey.sec1CompressedRepresentation)
            var request: [String: Any] = [
                "op": "p256_verify", "key": point.testHex, "digest": digest.testHex,
                "sig": signature.signature.rawRepresentation.testHex,
            ]
            #expect(try await Self.call(request)["valid"] as? Bool == true)
            var wrong = digest
            wrong[31] ^= 1
            request["digest"] = wrong.testHex
            #expect(try await Self.call(request)["valid"] as? Bool == false)
        }
    }

    @Test("cryptography's P-256 signatures, high-S among them, get a recovery id that recovers its key")
    func weRecoverPeersP256() async throws {
        var sawHighS = false
        // Each signature is high-S with probability 1/2; stop at the first one.
        for round in 0..<20 where !sawHighS {
            let digest = DigestAlgorithm.sha256.hash(Data("from python \(round)".utf8))
            let reply = try await Self.call(["op": "p256_sign", "digest": digest.testHex])
            let key = try PublicKey(sec1Representation: try Self.hex(reply, "key"), curve: .p256)
            let plain = try ECDSASignature(rawRepresentation: try Self.hex(reply, "sig"), curve: .p256)
            sawHighS = !plain.isLowS
            let recoverable = try RecoverableECDSASignature(signature: plain, digest: digest, publicKey: key)
            #expect(recoverable.signature.isLowS)
            #expect(try recoverable.recoverPublicKey(digest: digest) == key)
        }
        #expect(sawHighS)
    }

    @Test("an Open DID input signed with the fixture key verifies in cryptography",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func openDIDResignVerifiedByPeer() async throws {
        let keys = try #require(try Vectors.json("opendid/synthetic/keys_PRIVATE_TEST_ONLY.json") as? [String: [String: String]])
        let inputs = try #require(try Vectors.json("opendid/synthetic/signed_inputs.json") as? [String: String])
        let entry = try #require(keys["did:omn:issuer#assert"])
        let secret = try #require(entry["privateKeyHex"])
        let key = try PrivateKey(rawRepresentation: try #require(Data(testHex: secret)), curve: .p256)
        let digest = DigestAlgorithm.sha256.hash(Data(try #require(inputs["vc.proofValue"]).utf8))
        let signature = try key.signRecoverable(digest: digest)
        #expect(try signature.recoverPublicKey(digest: digest).sec1CompressedRepresentation?.testHex
            == entry["publicKeyHex_compressed"])
        let reply = try await Self.call([
            "op": "p256_verify", "key": try #require(entry["publicKeyHex_compressed"]), "digest": digest.testHex,
            "sig": signature.signature.rawRepresentation.testHex,
        ])
        #expect(reply["valid"] as? Bool == true)
    }

    @Test("coincurve recovers the key from our secp256k1 recoverable signatures")
    func peerRecoversSecp256k1() async throws {
        let key = PrivateKey(curve: .secp256k1)
        for round in 0..<4 {
            let digest = DigestAlgorithm.sha256.hash(Data("k1 \(round)".utf8))
            let signature = try key.signRecoverable(digest: digest)
            let reply = try await Self.call([
                "op": "k1_recover", "sig": signature.signature.rawRepresentation.testHex,
                "recid": Int(signature.recoveryID), "digest": digest.testHex,
            ])
            #expect(try Self.hex(reply, "key") == key.publicKey.sec1UncompressedRepresentation)
        }
    }

    @Test("coincurve's recoverable secp256k1 signatures match ours byte for byte and recover its key")
    func weRecoverPeersSecp256k1() async throws {
        let key = PrivateKey(curve: .secp256k1)
        for round in 0..<4 {
            let digest = DigestAlgorithm.sha256.hash(Data("coincurve \(round)".utf8))
            let reply = try await Self.call(["op": "k1_sign", "secret": key.rawRepresentation.testHex, "digest": digest.testHex])
            let recoveryID = try #require(reply["recid"] as? Int)
            let theirs = try RecoverableECDSASignature(
                signature: ECDSASignature(rawRepresentation: try Self.hex(reply, "sig"), curve: .secp256k1),
                recoveryID: UInt8(recoveryID))
            #expect(try theirs.recoverPublicKey(digest: digest) == key.publicKey)
            // Both sides use libsecp256k1's RFC 6979 nonces: the same key and digest give the
            // same signature and id.
            #expect(try key.signRecoverable(digest: digest) == theirs)
        }
    }
}
