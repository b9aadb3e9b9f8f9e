import CryptoKeys
import Foundation
import Multiformats
import Testing
import VellumTestSupport

/// The did:key test vectors (w3c-ccg/did-method-key) exercise the multicodec bridge: the
/// bytes after `did:key:z` must decode to the same key as the vector's JWK or base58 key,
/// and re-encode to the same bytes.
@Suite("did:key vectors through the multicodec bridge")
struct DIDKeyVectorTests {
    static let folder = "did-key/w3c-ccg-did-method-key/test-vectors/"

    static func multicodec(fromDID did: String) throws -> Data {
        let prefix = "did:key:z"
        try #require(did.hasPrefix(prefix))
        return try Base58BTC.decode(String(did.dropFirst(prefix.count)))
    }

    @Test("NIST curves and RSA: did bytes ⇔ publicKeyJwk", .enabled(if: Vectors.isAvailable, Vectors.skipMessage),
          arguments: ["nist-curves.json", "rsa.json"])
    func jwkVectors(file: String) throws {
        let document = try #require(Vectors.json(Self.folder + file) as? [String: Any])
        var count = 0
        for (did, value) in document {
            let entry = try #require(value as? [String: Any])
            let method = (entry["verificationMethod"] as? [String: Any]) ?? entry
            let bytes = try Self.multicodec(fromDID: did)
            let key = try PublicKey(multicodec: bytes)
            if let jwkObject = method["publicKeyJwk"] {
                let expected = try JWK(jsonData: JSONSerialization.data(withJSONObject: jwkObject)).publicKey()
                #expect(key == expected, "\(did)")
            } else {
                // One entry gives the SEC1 point in base58 instead.
                let point = try Base58BTC.decode(try #require(method["publicKeyBase58"] as? String))
                #expect(try PublicKey(sec1Representation: point, curve: try #require(key.curve)) == key, "\(did)")
            }
            // RSA private keys are out of scope (verification only).
            if let privateObject = method["privateKeyJwk"], key.keyType != .rsa {
                let privateKey = try JWK(jsonData: JSONSerialization.data(withJSONObject: privateObject)).privateKey()
                #expect(privateKey.publicKey == key, "\(did)")
            }
            #expect(key.multicodecBytes == bytes, "\(did)")
            count += 1
        }
        print("did:key \(file): \(count) keys checked")
        #expect(count == document.count && count > 0)
    }

    @Test("Ed25519, X25519 and secp256k1: did bytes ⇔ publicKeyBase58", .enabled(if: Vectors.isAvailable, Vectors.skipMessage),
          arguments: ["ed25519-x25519.json", "secp256k1.json"])
    func base58Vectors(file: String) throws {
        let document = try #require(Vectors.json(Self.folder + file) as? [String: Any])
        var count = 0
        for (_, value) in document {
            let entry = try #require(value as? [String: Any])
            for pairName in ["verificationKeyPair", "keyAgreementKeyPair"] {
                guard let pair = entry[pairName] as? [String: Any],
                      let id = pair["id"] as? String, let base58 = pair["publicKeyBase58"] as? String else { continue }
                let bytes = try Self.multicodec(fromDID: "did:key:" + id.dropFirst())
                let key = try PublicKey(multicodec: bytes)
                let expected = try Base58BTC.decode(base58)
                #expect(key.sec1CompressedRepresentation ?? key.rawRepresentation == expected, "\(id)")
                #expect(key.multicodecBytes == bytes)
                if let privateBase58 = pair["privateKeyBase58"] as? String, let curve = key.curve, curve != .x25519 {
                    let secret = try Base58BTC.decode(privateBase58)
                    let privateKey = try PrivateKey(rawRepresentation: Data(secret.prefix(32)), curve: curve)
                    #expect(privateKey.publicKey == key)
                }
                count += 1
            }
        }
        print("did:key \(file): \(count) keys checked")
        #expect(count > 0)
    }
}
