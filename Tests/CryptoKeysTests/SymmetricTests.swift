import CryptoKeys
import Foundation
import Multiformats
import Testing
import VellumTestSupport

@Suite("Symmetric primitives and KDFs")
struct SymmetricTests {
    static let kerckhoffs = Data("A cipher system must not be required to be secret, and it must be able to fall into the hands of the enemy without inconvenience".utf8)
    static let secondPrinciple = Data("The second principle of Auguste Kerckhoffs".utf8)

    @Test("RFC 7518 B.1: A128CBC-HS256 test case")
    func aesCBCHMACExample() throws {
        let key = Data(0..<32)
        let iv = try #require(Data(testHex: "1af38c2dc2b96ffdd86694092341bc04"))
        let sealed = try AESCBCHMACCipher.seal(Self.kerckhoffs, key: key, iv: iv, additionalData: Self.secondPrinciple)
        #expect(sealed.ciphertext.testHex.hasPrefix("c80edfa32ddf39d5ef00c0b468834279a2e46a1b8049f792f76bfe54b903a9c9"))
        #expect(sealed.ciphertext.count == 144)
        #expect(sealed.tag.testHex == "652c3fa36b0a7c5b3219fab3a30bc1c4")
        #expect(try AESCBCHMACCipher.open(sealed, key: key, iv: iv, additionalData: Self.secondPrinciple) == Self.kerckhoffs)
    }

    @Test("A*CBC-HS* rejects any altered byte before decrypting", arguments: [32, 48, 64])
    func aesCBCHMACForgery(keyLength: Int) throws {
        let key = Data((0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let iv = Data(repeating: 9, count: 16)
        let sealed = try AESCBCHMACCipher.seal(Data("attack at dawn".utf8), key: key, iv: iv, additionalData: Data("hdr".utf8))
        #expect(sealed.tag.count == keyLength / 2)
        var badTag = sealed
        badTag.tag[0] ^= 1
        var badCiphertext = sealed
        badCiphertext.ciphertext[3] ^= 1
        var truncatedTag = sealed
        truncatedTag.tag = sealed.tag.dropLast()
        for forged in [badTag, badCiphertext, truncatedTag] {
            #expect(throws: CryptoKeysError.authenticationFailure) {
                try AESCBCHMACCipher.open(forged, key: key, iv: iv, additionalData: Data("hdr".utf8))
            }
        }
        #expect(throws: CryptoKeysError.authenticationFailure) {
            try AESCBCHMACCipher.open(sealed, key: key, iv: iv, additionalData: Data("hdR".utf8))
        }
        #expect(throws: CryptoKeysError.authenticationFailure) {
            try AESCBCHMACCipher.open(sealed, key: key, iv: Data(repeating: 8, count: 16), additionalData: Data("hdr".utf8))
        }
        #expect(throws: CryptoKeysError.self) { try AESCBCHMACCipher.seal(Data(), key: Data(count: 16), iv: iv, additionalData: Data()) }
    }

    @Test("AES-CBC PKCS#7 padding round-trips and rejects bad padding")
    func aesCBC() throws {
        let key = Data(repeating: 1, count: 16), iv = Data(repeating: 2, count: 16)
        for length in [0, 1, 15, 16, 17, 100] {
            let plaintext = Data(repeating: 0x61, count: length)
            let ciphertext = try AESCBCCipher.encrypt(plaintext, key: key, iv: iv)
            #expect(ciphertext.count == (length / 16 + 1) * 16)
            #expect(try AESCBCCipher.decrypt(ciphertext, key: key, iv: iv) == plaintext)
        }
        #expect(throws: CryptoKeysError.self) { try AESCBCCipher.decrypt(Data(count: 15), key: key, iv: iv) }
        #expect(throws: CryptoKeysError.self) { try AESCBCCipher.encrypt(Data(), key: key, iv: Data(count: 12)) }
        #expect(throws: CryptoKeysError.self) { try AESCBCCipher.encrypt(Data(), key: Data(count: 20), iv: iv) }
    }

    @Test("AES-GCM round-trips with AAD; tampering fails authentication", arguments: [16, 24, 32])
    func aesGCM(keyLength: Int) throws {
        let key = Data(repeating: 7, count: keyLength), nonce = Data(repeating: 1, count: 12)
        let sealed = try AESGCMCipher.seal(Data("hello".utf8), key: key, nonce: nonce, additionalData: Data("aad".utf8))
        #expect(sealed.tag.count == 16)
        #expect(try AESGCMCipher.open(sealed, key: key, nonce: nonce, additionalData: Data("aad".utf8)) == Data("hello".utf8))
        var forged = sealed
        forged.ciphertext[0] ^= 1
        #expect(throws: CryptoKeysError.authenticationFailure) {
            try AESGCMCipher.open(forged, key: key, nonce: nonce, additionalData: Data("aad".utf8))
        }
        #expect(throws: CryptoKeysError.authenticationFailure) {
            try AESGCMCipher.open(sealed, key: key, nonce: nonce, additionalData: Data())
        }
        #expect(throws: CryptoKeysError.self) { try AESGCMCipher.seal(Data(), key: key, nonce: Data(count: 8)) }
        #expect(throws: CryptoKeysError.self) {
            try AESGCMCipher.open(AuthenticatedCiphertext(ciphertext: sealed.ciphertext, tag: sealed.tag.prefix(12)), key: key, nonce: nonce)
        }
    }

    @Test("RFC 3394 §4.1: wrap 128 bits of key data with a 128-bit KEK")
    func keyWrap() throws {
        let kek = try #require(Data(testHex: "000102030405060708090A0B0C0D0E0F"))
        let key = try #require(Data(testHex: "00112233445566778899AABBCCDDEEFF"))
        let wrapped = try AESKeyWrapCipher.wrap(key, kek: kek)
        #expect(wrapped.testHex == "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5")
        #expect(try AESKeyWrapCipher.unwrap(wrapped, kek: kek) == key)
        var forged = wrapped
        forged[10] ^= 1
        #expect(throws: CryptoKeysError.authenticationFailure) { try AESKeyWrapCipher.unwrap(forged, kek: kek) }
        #expect(throws: CryptoKeysError.authenticationFailure) { try AESKeyWrapCipher.unwrap(wrapped.dropLast(8), kek: kek) }
        #expect(throws: CryptoKeysError.self) { try AESKeyWrapCipher.wrap(Data(count: 12), kek: kek) }
    }

    @Test("RFC 7518 Appendix C: ECDH-ES key agreement and Concat KDF")
    func ecdhESExample() throws {
        let alice = try JWK(jsonData: Data(#"{"kty":"EC","crv":"P-256","x":"gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0","y":"SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps","d":"0_NxaRPUMQoAJt50Gz8YiTr8gRTwyEaCumd-MToTmIo"}"#.utf8))
        let bob = try JWK(jsonData: Data(#"{"kty":"EC","crv":"P-256","x":"weNJy2HscCSM6AEDTDg04biOvhFhyyWvOHQfeF_PxMQ","y":"e8lnCO-AlStT-NJVX-crhB7QRYhiix03illJOVAOyck","d":"VEmDZpDXXK8p8N0Cndsxs924q6nS1RXFASRl6BfUqdw"}"#.utf8))
        let z = try alice.privateKey().sharedSecret(with: bob.publicKey())
        #expect(z.testHex == "9e56d91d817135d372834283bf84269cfb316ea3da806a48f6daa7798cfe90c4")
        #expect(try bob.privateKey().sharedSecret(with: alice.publicKey()) == z)
        let key = try KeyDerivation.joseConcatKDF(
            sharedSecret: z, algorithm: "A128GCM", partyUInfo: Data("Alice".utf8), partyVInfo: Data("Bob".utf8),
            keyByteCount: 16)
        #expect(Base64URL.encode(key) == "VqqN6vgjbSBcIijNcacQGg")
    }

    @Test("Concat KDF output spans several hash blocks and is a prefix-consistent stream")
    func concatKDFLengths() throws {
        let z = Data(repeating: 3, count: 32)
        let long = try KeyDerivation.concatKDF(sharedSecret: z, otherInfo: Data("info".utf8), outputByteCount: 80)
        let short = try KeyDerivation.concatKDF(sharedSecret: z, otherInfo: Data("info".utf8), outputByteCount: 40)
        #expect(long.count == 80 && long.prefix(40) == short)
        #expect(long.prefix(32) == DigestAlgorithm.sha256.hash(Data([0, 0, 0, 1]) + z + Data("info".utf8)))
        #expect(throws: CryptoKeysError.self) { try KeyDerivation.concatKDF(sharedSecret: z, otherInfo: Data(), outputByteCount: 0) }
        #expect(throws: CryptoKeysError.self) { try KeyDerivation.concatKDF(sharedSecret: z, otherInfo: Data(), outputByteCount: 5000) }
    }

    @Test("RFC 5869 A.1: HKDF-SHA-256 basic test case")
    func hkdfExample() throws {
        let okm = try KeyDerivation.hkdf(
            inputKeyMaterial: Data(repeating: 0x0b, count: 22), salt: Data(0..<13), info: Data(0xf0...0xf9),
            outputByteCount: 42)
        #expect(okm.testHex == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        #expect(throws: CryptoKeysError.self) { try KeyDerivation.hkdf(inputKeyMaterial: Data(), outputByteCount: 0) }
        #expect(throws: CryptoKeysError.self) { try KeyDerivation.hkdf(inputKeyMaterial: Data(), outputByteCount: 8161) }
        #expect(try KeyDerivation.hkdf(inputKeyMaterial: Data(), outputByteCount: 16320, digest: .sha512).count == 16320)
    }

    /// `hash(_ Data)` and `hash(utf8:)` run libcrypto's SHA-2 directly; swift-crypto's
    /// generic path (BoringSSL) is the reference, at every length around the 64- and
    /// 128-byte block boundaries and the padding limits.
    @Test("Every SHA-2 entry point agrees with swift-crypto at every length to 300 bytes")
    func digestsAgreeAcrossEntryPoints() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        for algorithm in DigestAlgorithm.allCases {
            for length in 0...300 {
                let input = Data(bytes[..<length])
                let reference = algorithm.hash(Array(input))
                #expect(algorithm.hash(input) == reference, "\(algorithm) of \(length) bytes")
                let text = String(repeating: "a", count: length)
                #expect(algorithm.hash(utf8: text) == algorithm.hash(Array(text.utf8)), "\(algorithm) of \(length) characters")
            }
        }
        #expect(DigestAlgorithm.sha384.hash(Data("abc".utf8)).testHex
            == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
        #expect(DigestAlgorithm.sha512.hash(Data("abc".utf8)).testHex
            == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    }

    @Test("HMAC and digests pick the hash at run time")
    func digests() {
        #expect(DigestAlgorithm.sha256.hash(Data("abc".utf8)).testHex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(DigestAlgorithm.sha384.hash(Data()).count == 48)
        #expect(DigestAlgorithm.sha512.hash(Data()).count == 64)
        let key = Data("key".utf8), message = Data("The quick brown fox jumps over the lazy dog".utf8)
        let mac = DigestAlgorithm.sha256.authenticationCode(for: message, key: key)
        #expect(mac.testHex == "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
        #expect(DigestAlgorithm.sha256.isValidAuthenticationCode(mac, for: message, key: key))
        #expect(!DigestAlgorithm.sha256.isValidAuthenticationCode(mac.prefix(16), for: message, key: key))
        var forged = mac
        forged[31] ^= 1
        #expect(!DigestAlgorithm.sha256.isValidAuthenticationCode(forged, for: message, key: key))
    }

    /// A truncated tag (COSE HMAC 256/64) verifies only at exactly its declared length: not
    /// shortened further, not with a flipped bit, not with a length the hash cannot give.
    @Test("truncated HMAC tags are checked at their declared length")
    func truncatedTags() {
        let key = Data("key".utf8), message = Data("The quick brown fox jumps over the lazy dog".utf8)
        let tag = Data(DigestAlgorithm.sha256.authenticationCode(for: message, key: key).prefix(8))
        #expect(DigestAlgorithm.sha256.isValidAuthenticationCode(tag, for: message, key: key, truncatedTo: 8))
        #expect(!DigestAlgorithm.sha256.isValidAuthenticationCode(tag.prefix(4), for: message, key: key, truncatedTo: 8))
        #expect(DigestAlgorithm.sha256.isValidAuthenticationCode(Data(tag.prefix(4)), for: message, key: key, truncatedTo: 4))
        #expect(!DigestAlgorithm.sha256.isValidAuthenticationCode(tag, for: message, key: key))
        var forged = tag
        forged[7] ^= 1
        #expect(!DigestAlgorithm.sha256.isValidAuthenticationCode(forged, for: message, key: key, truncatedTo: 8))
        #expect(!DigestAlgorithm.sha256.isValidAuthenticationCode(Data(), for: message, key: key, truncatedTo: 0))
        let full = DigestAlgorithm.sha256.authenticationCode(for: message, key: key)
        #expect(!DigestAlgorithm.sha256.isValidAuthenticationCode(full + [0], for: message, key: key, truncatedTo: 33))
    }
}
