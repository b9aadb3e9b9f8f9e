import CryptoKeys
import Foundation
import Testing
import VellumTestSupport

/// AES-ECB and AES-CBC as Open DID's `ReqE2e` uses them (`AES-128/256-ECB/CBC`,
/// `PKCS5` or `NOPAD`), checked against NIST SP 800-38A Appendix F.
@Suite("AES-ECB and AES-CBC block modes")
struct BlockCipherModeTests {
    struct KnownAnswer: CustomTestStringConvertible, Sendable {
        let name: String
        let key: String
        let iv: String?
        let ciphertext: String
        var testDescription: String { name }
    }

    /// The four plaintext blocks every SP 800-38A example encrypts.
    static let plaintext = "6bc1bee22e409f96e93d7e117393172a" + "ae2d8a571e03ac9c9eb76fac45af8e51"
        + "30c81c46a35ce411e5fbc1191a0a52ef" + "f69f2445df4f9b17ad2b417be66c3710"
    static let key128 = "2b7e151628aed2a6abf7158809cf4f3c"
    static let key192 = "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
    static let key256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
    static let iv = "000102030405060708090a0b0c0d0e0f"

    static let ecb: [KnownAnswer] = [
        KnownAnswer(name: "F.1.1 ECB-AES128", key: key128, iv: nil, ciphertext: "3ad77bb40d7a3660a89ecaf32466ef97"
            + "f5d3d58503b9699de785895a96fdbaaf" + "43b1cd7f598ece23881b00e3ed030688" + "7b0c785e27e8ad3f8223207104725dd4"),
        KnownAnswer(name: "F.1.3 ECB-AES192", key: key192, iv: nil, ciphertext: "bd334f1d6e45f25ff712a214571fa5cc"
            + "974104846d0ad3ad7734ecb3ecee4eef" + "ef7afd2270e2e60adce0ba2face6444e" + "9a4b41ba738d6c72fb16691603c18e0e"),
        KnownAnswer(name: "F.1.5 ECB-AES256", key: key256, iv: nil, ciphertext: "f3eed1bdb5d2a03c064b5a7e3db181f8"
            + "591ccb10d410ed26dc5ba74a31362870" + "b6ed21b99ca6f4f9f153e7b1beafed1d" + "23304b7a39f9f3ff067d8d8f9e24ecc7"),
    ]

    static let cbc: [KnownAnswer] = [
        KnownAnswer(name: "F.2.1 CBC-AES128", key: key128, iv: iv, ciphertext: "7649abac8119b246cee98e9b12e9197d"
            + "5086cb9b507219ee95db113a917678b2" + "73bed6b8e3c1743b7116e69e22229516" + "3ff1caa1681fac09120eca307586e1a7"),
        KnownAnswer(name: "F.2.5 CBC-AES256", key: key256, iv: iv, ciphertext: "f58c4c04d6e5f1ba779eabfb5f7bfbd6"
            + "9cfc4e967edb808d679f777bc6702c7d" + "39f23369a9d9bacfa530e26304231461" + "b2eb05e2c39be9fcda6c19078c6a9d1b"),
    ]

    static func bytes(_ hex: String) throws -> Data { try #require(Data(testHex: hex)) }

    @Test("ECB without padding reproduces SP 800-38A", arguments: ecb)
    func ecbKnownAnswer(vector: KnownAnswer) throws {
        let key = try Self.bytes(vector.key), plaintext = try Self.bytes(Self.plaintext)
        #expect(try AESECBCipher.encrypt(plaintext, key: key, padding: .none).testHex == vector.ciphertext)
        #expect(try AESECBCipher.decrypt(Self.bytes(vector.ciphertext), key: key, padding: .none) == plaintext)
    }

    @Test("CBC without padding reproduces SP 800-38A", arguments: cbc)
    func cbcKnownAnswer(vector: KnownAnswer) throws {
        let key = try Self.bytes(vector.key), plaintext = try Self.bytes(Self.plaintext)
        let iv = try Self.bytes(try #require(vector.iv))
        #expect(try AESCBCCipher.encrypt(plaintext, key: key, iv: iv, padding: .none).testHex == vector.ciphertext)
        #expect(try AESCBCCipher.decrypt(Self.bytes(vector.ciphertext), key: key, iv: iv, padding: .none) == plaintext)
    }

    @Test("PKCS#7 adds a whole block to aligned input: the SP 800-38A blocks come first", arguments: ecb)
    func ecbPaddedPrefix(vector: KnownAnswer) throws {
        let key = try Self.bytes(vector.key), plaintext = try Self.bytes(Self.plaintext)
        let padded = try AESECBCipher.encrypt(plaintext, key: key)
        #expect(padded.count == plaintext.count + 16)
        #expect(padded.prefix(64).testHex == vector.ciphertext)
        // The extra block is sixteen 0x10 bytes encrypted on their own.
        let padBlock = try AESECBCipher.encrypt(Data(repeating: 16, count: 16), key: key, padding: .none)
        #expect(padded.suffix(16) == padBlock)
        #expect(try AESECBCipher.decrypt(padded, key: key) == plaintext)
    }

    @Test("CBC with PKCS#7 (the default) still pads and round-trips", arguments: cbc)
    func cbcPadded(vector: KnownAnswer) throws {
        let key = try Self.bytes(vector.key), iv = try Self.bytes(try #require(vector.iv))
        let plaintext = try Self.bytes(Self.plaintext)
        let padded = try AESCBCCipher.encrypt(plaintext, key: key, iv: iv)
        #expect(padded.prefix(64).testHex == vector.ciphertext)
        #expect(padded.count == 80)
        #expect(try AESCBCCipher.decrypt(padded, key: key, iv: iv) == plaintext)
    }

    @Test("every length 0...33 round-trips with PKCS#7 in ECB", arguments: [16, 32])
    func ecbLengths(keyLength: Int) throws {
        let key = Data((0..<keyLength).map { UInt8($0) })
        for length in 0...33 {
            let message = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let ciphertext = try AESECBCipher.encrypt(message, key: key)
            #expect(ciphertext.count == (length / 16 + 1) * 16)
            #expect(try AESECBCipher.decrypt(ciphertext, key: key) == message)
        }
    }

    @Test("ECB shows equal blocks as equal ciphertext: why it is only for ReqE2e interop")
    func ecbLeaksEquality() throws {
        let ciphertext = try AESECBCipher.encrypt(Data(repeating: 0x41, count: 32), key: Data(count: 16), padding: .none)
        #expect(ciphertext.prefix(16) == ciphertext.suffix(16))
    }

    @Test("unpadded input must be whole blocks, in both modes and directions")
    func unpaddedPartialBlock() throws {
        let key = Data(count: 16), iv = Data(count: 16)
        for length in [1, 15, 17, 31] {
            let data = Data(count: length)
            #expect(throws: CryptoKeysError.self) { try AESECBCipher.encrypt(data, key: key, padding: .none) }
            #expect(throws: CryptoKeysError.self) { try AESECBCipher.decrypt(data, key: key, padding: .none) }
            #expect(throws: CryptoKeysError.self) { try AESCBCCipher.encrypt(data, key: key, iv: iv, padding: .none) }
            #expect(throws: CryptoKeysError.self) { try AESCBCCipher.decrypt(data, key: key, iv: iv, padding: .none) }
        }
        #expect(try AESECBCipher.encrypt(Data(), key: key, padding: .none).isEmpty)
        #expect(try AESCBCCipher.encrypt(Data(), key: key, iv: iv, padding: .none).isEmpty)
    }

    @Test("bad PKCS#7 padding, empty or partial input fail as authenticationFailure")
    func badPadding() throws {
        let key = Data(repeating: 7, count: 32), iv = Data(repeating: 1, count: 16)
        // Blocks whose decryption ends in a pad of 0, 17 and a mismatched pair.
        for lastBlock in [Data(count: 16), Data(repeating: 17, count: 16), Data(count: 14) + Data([1, 2])] {
            let ecb = try AESECBCipher.encrypt(lastBlock, key: key, padding: .none)
            #expect(throws: CryptoKeysError.authenticationFailure) { try AESECBCipher.decrypt(ecb, key: key) }
            let cbc = try AESCBCCipher.encrypt(lastBlock, key: key, iv: iv, padding: .none)
            #expect(throws: CryptoKeysError.authenticationFailure) { try AESCBCCipher.decrypt(cbc, key: key, iv: iv) }
        }
        for malformed in [Data(), Data(count: 15), Data(count: 17)] {
            #expect(throws: CryptoKeysError.authenticationFailure) { try AESECBCipher.decrypt(malformed, key: key) }
        }
    }

    @Test("keys other than 16, 24 or 32 bytes are refused", arguments: [0, 8, 15, 17, 31, 33, 64])
    func badKeys(length: Int) throws {
        #expect(throws: CryptoKeysError.self) { try AESECBCipher.encrypt(Data(count: 16), key: Data(count: length)) }
        #expect(throws: CryptoKeysError.self) { try AESECBCipher.decrypt(Data(count: 16), key: Data(count: length)) }
    }
}
