import CryptoKeys
import Foundation
import JSONModel
import Multiformats
import Testing

@testable import JOSE

@Suite("JWE encryption and decryption (RFC 7516, RFC 7518)")
struct JWETests {
    let plaintext = Data("{\"vp_token\":\"eyJ...\",\"state\":\"s/1\"}".utf8)

    static let agreementCases: [(KeyCurve, JWEKeyManagementAlgorithm)] = [KeyCurve.p256, .p384, .p521, .x25519].flatMap { curve in
        [JWEKeyManagementAlgorithm.ecdhES, .ecdhESA128KW, .ecdhESA192KW, .ecdhESA256KW].map { (curve, $0) }
    }

    @Test("ECDH-ES round-trips on every curve, with and without key wrap", arguments: agreementCases)
    func keyAgreement(curve: KeyCurve, algorithm: JWEKeyManagementAlgorithm) throws {
        let recipient = PrivateKey(curve: curve)
        for encryption in JWEContentEncryptionAlgorithm.allCases {
            var header = JOSEHeader(keyID: "r1")
            header["apu"] = .string(Base64URL.encode(Data("Alice".utf8)))
            header["apv"] = .string(Base64URL.encode(Data("Bob".utf8)))
            let token = try JWE.encryptCompact(
                plaintext, to: .publicKey(recipient.publicKey), keyManagement: algorithm,
                contentEncryption: encryption, header: header)
            let parts = token.components(separatedBy: ".")
            #expect(parts.count == 5)
            #expect(parts[1].isEmpty == (algorithm == .ecdhES))
            let decrypted = try JWE.decryptCompact(token, key: .privateKey(recipient))
            #expect(decrypted.plaintext == plaintext)
            #expect(decrypted.header.keyID == "r1")
            #expect(decrypted.keyManagement == algorithm && decrypted.contentEncryption == encryption)
            #expect(decrypted.header["epk"]?["crv"] == .string(curve.rawValue))
        }
    }

    @Test("shared-key algorithms round-trip", arguments: [
        (JWEKeyManagementAlgorithm.a128KW, 16), (.a192KW, 24), (.a256KW, 32), (.a128GCMKW, 16), (.a256GCMKW, 32),
    ])
    func sharedKey(algorithm: JWEKeyManagementAlgorithm, keySize: Int) throws {
        let key = JWEKey.symmetric(SecureRandom.bytes(keySize))
        let token = try JWE.encryptCompact(plaintext, to: key, keyManagement: algorithm, contentEncryption: .a256GCM)
        #expect(try JWE.decryptCompact(token, key: key).plaintext == plaintext)
        let direct = JWEKey.symmetric(SecureRandom.bytes(32))
        let dir = try JWE.encryptCompact(plaintext, to: direct, keyManagement: .direct, contentEncryption: .a128CBCHS256)
        #expect(try JWE.decryptCompact(dir, key: direct).plaintext == plaintext)
    }

    @Test("encrypting to a JWK copies its kid")
    func jwkKid() throws {
        let recipient = Fixtures.p256
        let jwk = JWK(publicKey: recipient.publicKey, keyID: "verifier-enc-1")
        let token = try JWE.encryptCompact(plaintext, to: jwk, keyManagement: .ecdhES, contentEncryption: .a128GCM)
        #expect(try JWE.decryptCompact(token, key: .privateKey(recipient)).header.keyID == "verifier-enc-1")
    }

    @Test("zip DEF compresses and inflates, bounded by the decompressed-size limit")
    func compression() throws {
        let big = Data(repeating: 0x61, count: 200_000)
        let key = JWEKey.symmetric(SecureRandom.bytes(32))
        var header = JOSEHeader()
        header.compression = "DEF"
        let token = try JWE.encryptCompact(big, to: key, keyManagement: .direct, contentEncryption: .a256GCM, header: header)
        #expect(token.utf8.count < 2_000)
        #expect(try JWE.decryptCompact(token, key: key).plaintext == big)
        let tight = JWEPolicy(limits: JOSELimits(maximumDecompressedSize: 100_000))
        #expect(throws: JOSEError.decompressionFailed("the DEFLATE data inflates beyond 100000 bytes")) {
            try JWE.decryptCompact(token, key: key, policy: tight)
        }
        #expect(throws: JOSEError.algorithmNotAllowed("zip DEF")) {
            try JWE.decryptCompact(token, key: key, policy: JWEPolicy(allowsCompression: false))
        }
    }

    @Test("raw DEFLATE rejects corrupt, truncated and trailing-garbage streams")
    func deflateNegative() throws {
        let compressed = try JWECompression.compress(plaintext)
        #expect(try JWECompression.decompress(compressed, limit: 1000) == plaintext)
        #expect(throws: JOSEError.self) { try JWECompression.decompress(compressed.dropLast(3), limit: 1000) }
        #expect(throws: JOSEError.self) { try JWECompression.decompress(compressed + Data([0]), limit: 1000) }
        #expect(throws: JOSEError.self) { try JWECompression.decompress(Data([0xff, 0xff, 0xff]), limit: 1000) }
        #expect(throws: JOSEError.self) { try JWECompression.decompress(compressed, limit: 10) }
    }

    @Test("flattened JSON with aad and an unprotected header round-trips")
    func jsonSerialization() throws {
        let recipient = Fixtures.x25519
        let json = try JWE.encryptJSON(
            plaintext, to: .publicKey(recipient.publicKey), keyManagement: .ecdhESA256KW,
            contentEncryption: .a256GCM, unprotected: ["kid": "x"], additionalData: Data("context".utf8))
        let decrypted = try JWE.decryptJSON(json, key: .privateKey(recipient))
        #expect(decrypted.plaintext == plaintext && decrypted.header.keyID == "x")
        var object = try #require(try JSONValue(parsing: json).objectValue)
        object["aad"] = .string(Base64URL.encode(Data("contexT".utf8)))
        #expect(throws: JOSEError.decryptionFailed) {
            try JWE.decryptJSON(JSONValue.object(object).serialized(), key: .privateKey(recipient))
        }
    }

    @Test("general JSON serialization encrypts once for several recipients")
    func severalRecipients() throws {
        let secret = SecureRandom.bytes(32)
        let json = try JWE.encryptJSON(
            plaintext,
            recipients: [
                JWERecipient(key: .publicKey(Fixtures.p256.publicKey), keyManagement: .ecdhESA256KW, header: ["kid": "p"]),
                JWERecipient(key: .publicKey(Fixtures.x25519.publicKey), keyManagement: .ecdhESA128KW, header: ["kid": "x"]),
                JWERecipient(key: .symmetric(secret), keyManagement: .a256GCMKW, header: ["kid": "s"]),
            ],
            contentEncryption: .a128CBCHS256, unprotected: ["cty": "json"], additionalData: Data("ctx".utf8))
        let object = try JWEObject(json: json)
        #expect(object.recipients.count == 3)
        let byP256 = try object.decrypt(key: .privateKey(Fixtures.p256))
        #expect(byP256.plaintext == plaintext && byP256.recipientIndex == 0 && byP256.header.keyID == "p")
        #expect(try object.decrypt(key: .privateKey(Fixtures.x25519)).recipientIndex == 1)
        #expect(try object.decrypt(key: .symmetric(secret)).recipientIndex == 2)
        #expect(throws: JOSEError.self) { try object.decrypt(key: .privateKey(Fixtures.p384)) }
        #expect(throws: JOSEError.self) {
            try JWE.encryptJSON(
                plaintext,
                recipients: [
                    JWERecipient(key: .publicKey(Fixtures.p256.publicKey), keyManagement: .ecdhES),
                    JWERecipient(key: .symmetric(secret), keyManagement: .a256KW),
                ],
                contentEncryption: .a256GCM)
        }
        // A recipient header may not repeat a protected or shared member.
        #expect(throws: JOSEError.self) {
            try JWE.encryptJSON(
                plaintext, recipients: [JWERecipient(key: .symmetric(secret), keyManagement: .a256KW, header: ["cty": "x"])],
                contentEncryption: .a256GCM, unprotected: ["cty": "json"])
        }
    }

    @Test("tampering with tag, ciphertext, iv, header or wrapped key fails to decrypt")
    func tampering() throws {
        let recipient = Fixtures.p256
        for encryption in [JWEContentEncryptionAlgorithm.a256GCM, .a128CBCHS256] {
            let token = try JWE.encryptCompact(
                plaintext, to: .publicKey(recipient.publicKey), keyManagement: .ecdhESA256KW, contentEncryption: encryption)
            for part in [1, 2, 3, 4] {
                let tampered = try Fixtures.flippingBit(token, part: part, byte: 5)
                #expect(throws: JOSEError.decryptionFailed) { try JWE.decryptCompact(tampered, key: .privateKey(recipient)) }
            }
            let truncatedTag = Fixtures.replacingPart(token, 4, with: String(token.components(separatedBy: ".")[4].prefix(10)))
            #expect(throws: JOSEError.self) { try JWE.decryptCompact(truncatedTag, key: .privateKey(recipient)) }
            var header = try JSONValue(parsing: Base64URL.decode(token.components(separatedBy: ".")[0])).objectValue ?? [:]
            header["kid"] = "changed"
            let rewritten = Fixtures.replacingPart(token, 0, with: Base64URL.encode(JSONValue.object(header).serialized()))
            #expect(throws: JOSEError.decryptionFailed) { try JWE.decryptCompact(rewritten, key: .privateKey(recipient)) }
            #expect(throws: JOSEError.self) { try JWE.decryptCompact(token, key: .privateKey(PrivateKey(curve: .p256))) }
        }
    }

    /// Re-encodes the protected header of `token` with `epk` replaced.
    func replacingEPK(_ token: String, with epk: JSONValue) throws -> String {
        var header = try JSONValue(parsing: Base64URL.decode(token.components(separatedBy: ".")[0])).objectValue ?? [:]
        header["epk"] = epk
        return Fixtures.replacingPart(token, 0, with: Base64URL.encode(JSONValue.object(header).serialized()))
    }

    @Test("an epk off the curve or on another curve is refused (invalid-curve attack)")
    func invalidCurve() throws {
        let recipient = Fixtures.p256
        let token = try JWE.encryptCompact(
            plaintext, to: .publicKey(recipient.publicKey), keyManagement: .ecdhES, contentEncryption: .a128GCM)
        // A point with a valid x and a y that is not on P-256.
        let good = try JSONValue(parsing: JWK(publicKey: PrivateKey(curve: .p256).publicKey).jsonData())
        var offCurve = try #require(good.objectValue)
        var y = try Base64URL.decode(try #require(offCurve["y"]?.stringValue))
        y[y.startIndex + 31] ^= 1
        offCurve["y"] = .string(Base64URL.encode(y))
        let p384 = try JSONValue(parsing: JWK(publicKey: Fixtures.p384.publicKey).jsonData())
        let x25519 = try JSONValue(parsing: JWK(publicKey: Fixtures.x25519.publicKey).jsonData())
        let zeroX = ["kty": "OKP", "crv": "X25519", "x": .string(Base64URL.encode(Data(count: 32)))] as JSONValue
        for epk in [JSONValue.object(offCurve), p384, x25519, ["kty": "EC", "crv": "P-256"]] {
            let forged = try replacingEPK(token, with: epk)
            #expect {
                try JWE.decryptCompact(forged, key: .privateKey(recipient))
            } throws: { error in
                guard case .invalidEphemeralKey? = error as? JOSEError else { return false }
                return true
            }
        }
        let xToken = try JWE.encryptCompact(
            plaintext, to: .publicKey(Fixtures.x25519.publicKey), keyManagement: .ecdhES, contentEncryption: .a128GCM)
        #expect(throws: JOSEError.self) {
            try JWE.decryptCompact(try replacingEPK(xToken, with: zeroX), key: .privateKey(Fixtures.x25519))
        }
        let notAnObject = try replacingEPK(token, with: "not an object")
        #expect(throws: JOSEError.invalidHeader("epk is not an object")) {
            try JWE.decryptCompact(notAnObject, key: .privateKey(recipient))
        }
    }

    @Test("wrong key kinds and unsupported or disallowed algorithms are refused")
    func policy() throws {
        let recipient = Fixtures.p256
        #expect(throws: JOSEError.self) {
            try JWE.encryptCompact(plaintext, to: .symmetric(Data(count: 32)), keyManagement: .ecdhES, contentEncryption: .a128GCM)
        }
        #expect(throws: JOSEError.self) {
            try JWE.encryptCompact(plaintext, to: .publicKey(Fixtures.ed25519.publicKey), keyManagement: .ecdhES, contentEncryption: .a128GCM)
        }
        #expect(throws: JOSEError.self) {
            try JWE.encryptCompact(plaintext, to: .symmetric(Data(count: 16)), keyManagement: .direct, contentEncryption: .a256GCM)
        }
        let token = try JWE.encryptCompact(
            plaintext, to: .publicKey(recipient.publicKey), keyManagement: .ecdhES, contentEncryption: .a128GCM)
        #expect(throws: JOSEError.algorithmNotAllowed("ECDH-ES")) {
            try JWE.decryptCompact(token, key: .privateKey(recipient), policy: JWEPolicy(allowedKeyManagement: [.ecdhESA256KW]))
        }
        #expect(throws: JOSEError.algorithmNotAllowed("A128GCM")) {
            try JWE.decryptCompact(token, key: .privateKey(recipient), policy: JWEPolicy(allowedContentEncryption: [.a256GCM]))
        }
        #expect(throws: JOSEError.self) { try JWE.decryptCompact(token, key: .symmetric(Data(count: 16))) }
        for header in ["{\"alg\":\"RSA1_5\",\"enc\":\"A128GCM\"}", "{\"alg\":\"dir\",\"enc\":\"A128CTR\"}",
                       "{\"alg\":\"dir\"}", "{\"enc\":\"A128GCM\"}", "{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"zip\":\"GZ\"}",
                       "{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"crit\":[\"x\"],\"x\":1}", "{\"alg\":\"dir\",\"enc\":\"A128GCM\",\"alg\":\"dir\"}"] {
            let forged = Fixtures.replacingPart(token, 0, with: Base64URL.encode(Data(header.utf8)))
            #expect(throws: JOSEError.self) { try JWE.decryptCompact(forged, key: .symmetric(Data(count: 16))) }
        }
    }

    @Test("malformed JSON serializations are refused", arguments: [
        "[]", "{}", "{\"protected\":1,\"iv\":\"AA\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
        "{\"protected\":\"eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
        "{\"protected\":\"eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0\",\"recipients\":[],\"iv\":\"AA\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
        "{\"protected\":\"eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0\",\"recipients\":[1],\"iv\":\"AA\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
        "{\"protected\":\"eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0\",\"unprotected\":{\"alg\":\"dir\"},\"iv\":\"AA\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
        "{\"protected\":\"eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0\",\"iv\":\"AA=\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
        "{\"protected\":\"eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0\",\"iv\":\"AA\",\"iv\":\"AA\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
        "{\"protected\":\"eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0\",\"aad\":\"A\",\"iv\":\"AA\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}",
    ])
    func malformedJSON(text: String) {
        #expect(throws: JOSEError.self) { try JWE.decryptJSON(Data(text.utf8), key: .symmetric(Data(count: 16))) }
    }

    @Test("more recipients than the limit are refused before any work")
    func tooManyRecipients() {
        let entry = "{\"header\":{\"alg\":\"A128KW\"},\"encrypted_key\":\"AA\"}"
        let text = "{\"protected\":\"eyJlbmMiOiJBMTI4R0NNIn0\",\"recipients\":[" + Array(repeating: entry, count: 17).joined(separator: ",")
            + "],\"iv\":\"AA\",\"ciphertext\":\"AA\",\"tag\":\"AA\"}"
        #expect(throws: JOSEError.limitExceeded("more than 16 recipients")) { try JWEObject(json: Data(text.utf8)) }
    }

    @Test("malformed compact and JSON JWEs are refused", arguments: [
        "", "....", "a.b.c.d", "a.b.c.d.e.f", "e30.AA.AA.AA.AA", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0.AA=.AA.AA.AA",
    ])
    func malformed(token: String) {
        #expect(throws: JOSEError.self) { try JWE.decryptCompact(token, key: .symmetric(Data(count: 16))) }
    }
}
