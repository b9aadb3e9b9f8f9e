import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing
import VellumTestSupport

@testable import JOSE

/// Both directions against jwcrypto (Tests/Peers/jose_peer.py): it verifies and decrypts
/// what we make; we verify and decrypt what it makes.
@Suite("Interop with jwcrypto", .serialized, .enabled(if: PythonPeer.isAvailable, PythonPeer.skipMessage))
struct JwcryptoInteropTests {
    func peer(_ request: JSONObject) async throws -> JSONObject {
        let output = try await PythonPeer.run("jose_peer.py", input: JSONValue.object(request).serialized())
        return try #require(try JSONValue(parsing: output).objectValue)
    }

    func jwkJSON(_ jwk: JWK) throws -> JSONValue {
        try JSONValue(parsing: jwk.jsonData())
    }

    @Test("jwcrypto verifies our JWS", arguments: [Fixtures.p256, Fixtures.secp256k1, Fixtures.ed25519])
    func theyVerify(key: PrivateKey) async throws {
        let payload = Data("{\"iss\":\"https://vellum.example/x\",\"n\":1}".utf8)
        let token = try await JWS.signCompact(
            payload: payload, header: JOSEHeader(type: "JWT"), signer: Fixtures.signer(key, keyID: "k1"))
        let result = try await peer(["op": "verify", "token": .string(token), "jwk": jwkJSON(JWK(publicKey: key.publicKey))])
        #expect(result["valid"] == true)
        #expect(result["payload"] == .string(Base64URL.encode(payload)))
        let forged = try Fixtures.flippingBit(token, part: 2, byte: 10)
        #expect(try await peer(["op": "verify", "token": .string(forged), "jwk": jwkJSON(JWK(publicKey: key.publicKey))])["valid"] == false)
    }

    @Test("we verify jwcrypto's JWS", arguments: ["ES256", "ES256K", "EdDSA", "ES384", "ES512"])
    func weVerify(algorithm: String) async throws {
        let payload = Data("hello from jwcrypto".utf8)
        let result = try await peer(["op": "sign", "alg": .string(algorithm), "payload": .string(Base64URL.encode(payload))])
        let token = try #require(result["token"]?.stringValue)
        let jwk = try JWK(jsonData: #require(result["jwk"]).serialized())
        let verified = try JWS.verifyCompact(token, jwk: jwk)
        #expect(verified.payload == payload)
        #expect(verified.header.keyID == "peer")
        #expect(throws: JOSEError.invalidSignature) {
            try JWS.verifyCompact(Fixtures.flippingBit(token, part: 1), jwk: jwk)
        }
    }

    static let ourJWECases: [(KeyCurve, JWEKeyManagementAlgorithm, JWEContentEncryptionAlgorithm)] = [
        (.p256, .ecdhES, .a256GCM), (.p256, .ecdhES, .a128CBCHS256),
        (.p256, .ecdhESA256KW, .a256GCM), (.p256, .ecdhESA256KW, .a128CBCHS256),
        (.x25519, .ecdhES, .a256GCM), (.x25519, .ecdhESA256KW, .a128CBCHS256),
        (.p384, .ecdhESA128KW, .a128GCM), (.p521, .ecdhES, .a256CBCHS512),
    ]

    @Test("jwcrypto decrypts our JWE", arguments: ourJWECases)
    func theyDecrypt(curve: KeyCurve, algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm) async throws {
        let recipient = PrivateKey(curve: curve)
        let plaintext = Data("{\"vp_token\":\"abc\",\"state\":\"xyz\"}".utf8)
        var header = JOSEHeader(keyID: "v-1")
        header["apu"] = .string(Base64URL.encode(Data("wallet".utf8)))
        header["apv"] = .string(Base64URL.encode(Data("verifier-nonce".utf8)))
        let token = try JWE.encryptCompact(
            plaintext, to: .publicKey(recipient.publicKey), keyManagement: algorithm,
            contentEncryption: encryption, header: header)
        let result = try await peer(["op": "decrypt", "token": .string(token), "jwk": jwkJSON(JWK(privateKey: recipient))])
        #expect(result["plaintext"] == .string(Base64URL.encode(plaintext)))
        #expect(result["header"]?["kid"] == "v-1")
    }

    @Test("jwcrypto decrypts our general JSON serialization for each recipient")
    func theyDecryptGeneral() async throws {
        let first = PrivateKey(curve: .p256), second = PrivateKey(curve: .x25519)
        let plaintext = Data("to both".utf8)
        let json = try JWE.encryptJSON(
            plaintext,
            recipients: [
                JWERecipient(key: .publicKey(first.publicKey), keyManagement: .ecdhESA256KW),
                JWERecipient(key: .publicKey(second.publicKey), keyManagement: .ecdhESA256KW),
            ],
            contentEncryption: .a256GCM)
        for key in [first, second] {
            let result = try await peer(["op": "decrypt", "token": .string(String(decoding: json, as: UTF8.self)), "jwk": jwkJSON(JWK(privateKey: key))])
            #expect(result["plaintext"] == .string(Base64URL.encode(plaintext)))
        }
    }

    @Test("we decrypt jwcrypto's JWE", arguments: ourJWECases)
    func weDecrypt(curve: KeyCurve, algorithm: JWEKeyManagementAlgorithm, encryption: JWEContentEncryptionAlgorithm) async throws {
        let recipient = PrivateKey(curve: curve)
        let plaintext = Data(repeating: 0x7a, count: 300)
        let result = try await peer([
            "op": "encrypt", "alg": .string(algorithm.rawValue), "enc": .string(encryption.rawValue),
            "jwk": jwkJSON(JWK(publicKey: recipient.publicKey)), "plaintext": .string(Base64URL.encode(plaintext)),
            "apu": .string(Base64URL.encode(Data("Alice".utf8))), "zip": "DEF",
        ])
        let token = try #require(result["token"]?.stringValue)
        let decrypted = try JWE.decryptCompact(token, key: .privateKey(recipient))
        #expect(decrypted.plaintext == plaintext)
        #expect(decrypted.header.keyID == "peer-enc")
        #expect(throws: JOSEError.decryptionFailed) {
            try JWE.decryptCompact(Fixtures.flippingBit(token, part: 4), key: .privateKey(recipient))
        }
    }
}
