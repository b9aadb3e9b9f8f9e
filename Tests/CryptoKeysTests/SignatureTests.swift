import CryptoKeys
import Foundation
import Multiformats
import Testing
import VellumTestSupport

@Suite("Signing and verification")
struct SignatureTests {
    static let ecAlgorithms: [SignatureAlgorithm] = [.es256, .es384, .es512, .es256k, .edDSA]

    @Test("a signature verifies and any tampering is rejected", arguments: ecAlgorithms)
    func signVerify(algorithm: SignatureAlgorithm) throws {
        let curve = try #require(algorithm.curve)
        let key = PrivateKey(curve: curve)
        let message = Data("The quick brown fox".utf8)
        let signature = try key.sign(message, algorithm: algorithm)
        #expect(signature.count == algorithm.signatureByteCount)
        #expect(try key.publicKey.verify(signature, for: message, algorithm: algorithm))
        #expect(key.publicKey.verify(signature, for: message))

        var flipped = signature
        flipped[flipped.count / 3] ^= 0x40
        #expect(try !key.publicKey.verify(flipped, for: message, algorithm: algorithm))
        #expect(try !key.publicKey.verify(signature, for: message + Data([0]), algorithm: algorithm))
        #expect(try !key.publicKey.verify(signature.dropLast(), for: message, algorithm: algorithm))
        #expect(try !key.publicKey.verify(Data(), for: message, algorithm: algorithm))
        // Another key on the same curve must not accept it.
        #expect(try !PrivateKey(curve: curve).publicKey.verify(signature, for: message, algorithm: algorithm))
    }

    @Test("an algorithm that does not fit the key throws")
    func mismatch() throws {
        let p256 = PrivateKey(curve: .p256)
        #expect(throws: CryptoKeysError.algorithmMismatch(algorithm: "EdDSA", key: "P-256")) {
            try p256.sign(Data("x".utf8), algorithm: .edDSA)
        }
        #expect(throws: CryptoKeysError.self) { try p256.publicKey.verify(Data(count: 64), for: Data(), algorithm: .es256k) }
        #expect(throws: CryptoKeysError.self) { try p256.publicKey.verify(Data(count: 64), for: Data(), algorithm: .rs256) }
        let x25519 = PrivateKey(curve: .x25519)
        #expect(throws: CryptoKeysError.self) { try x25519.sign(Data("x".utf8)) }
        #expect(throws: CryptoKeysError.self) { try SoftwareSigner(privateKey: p256, algorithm: .es384) }
    }

    @Test("ES256K signatures are low-S; high-S still verifies (RFC 8812 has no low-S rule)")
    func secp256k1LowS() throws {
        let key = PrivateKey(curve: .secp256k1)
        let message = Data("malleable?".utf8)
        let raw = try key.sign(message, algorithm: .es256k)
        let signature = try ECDSASignature(rawRepresentation: raw, curve: .secp256k1)
        #expect(signature.isLowS)
        // (r, n − s) is the other valid signature; build it by hand.
        let order = try #require(Data(testHex: "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"))
        let highS = subtract(order, signature.s)
        let high = try ECDSASignature(rawRepresentation: signature.r + highS, curve: .secp256k1)
        #expect(!high.isLowS)
        #expect(high.normalizedLowS == signature)
        #expect(try key.publicKey.verify(high.rawRepresentation, for: message, algorithm: .es256k))
    }

    @Test("the other-S form of a P-256 signature verifies and normalises", arguments: [KeyCurve.p256, .p384, .p521])
    func nistLowS(curve: KeyCurve) throws {
        let algorithm = try #require(SignatureAlgorithm.defaultAlgorithm(for: curve))
        let key = PrivateKey(curve: curve)
        let message = Data("normalise me".utf8)
        let signature = try ECDSASignature(rawRepresentation: key.sign(message, algorithm: algorithm), curve: curve)
        let normalized = signature.normalizedLowS
        #expect(normalized.isLowS)
        #expect(normalized.normalizedLowS == normalized)
        // If our curve order were wrong, n − s would not verify.
        #expect(try key.publicKey.verify(normalized.rawRepresentation, for: message, algorithm: algorithm))
    }

    @Test("SoftwareSigner signs what the public key verifies, with its key ID")
    func softwareSigner() async throws {
        for algorithm in Self.ecAlgorithms {
            let curve = try #require(algorithm.curve)
            let signer: any Signer = try SoftwareSigner(privateKey: PrivateKey(curve: curve), keyID: "key-1")
            #expect(signer.algorithm == algorithm)
            #expect(signer.keyID == "key-1")
            let message = Data("signer".utf8)
            let signature = try await signer.sign(message)
            #expect(try signer.publicKey.verify(signature, for: message, algorithm: algorithm))
        }
    }

    @Test("RFC 8037 A.4: the Ed25519 JWS example signature is reproduced")
    func rfc8037Example() throws {
        let jwk = try JWK(jsonData: Data("""
            {"kty":"OKP","crv":"Ed25519","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A",
             "x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}
            """.utf8))
        let key = try jwk.privateKey()
        let signingInput = Data("eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc".utf8)
        let expected = "hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"
        let signature = try key.sign(signingInput, algorithm: .edDSA)
        #expect(Base64URL.encode(signature) == expected)
        #expect(try key.publicKey.verify(signature, for: signingInput, algorithm: .edDSA))
    }

    @Test("algorithm names map to curves and hashes")
    func algorithmTable() {
        #expect(SignatureAlgorithm(name: "Ed25519") == .edDSA)
        #expect(SignatureAlgorithm(name: "EdDSA") == .edDSA)
        #expect(SignatureAlgorithm(name: "es256") == nil)
        #expect(SignatureAlgorithm.es512.curve == .p521)
        #expect(SignatureAlgorithm.es512.digest == .sha512)
        #expect(SignatureAlgorithm.ps384.keyType == .rsa)
        #expect(SignatureAlgorithm.es512.signatureByteCount == 132)
    }

    private func subtract(_ lhs: Data, _ rhs: Data) -> Data {
        var result = [UInt8](repeating: 0, count: lhs.count)
        var borrow = 0
        for index in stride(from: lhs.count - 1, through: 0, by: -1) {
            var value = Int(lhs[index]) - Int(rhs[index]) - borrow
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 256 }
            result[index] = UInt8(value)
        }
        return Data(result)
    }
}
