import Foundation
import Multiformats
import Testing

@Suite("Base58btc, base32, base64")
struct BaseEncodingTests {
    @Test("Base58btc: leading zero bytes are leading '1's, both ways")
    func base58LeadingZeros() throws {
        #expect(Base58BTC.encode([]) == "")
        #expect(Base58BTC.encode([0]) == "1")
        #expect(Base58BTC.encode([0, 0, 0]) == "111")
        #expect(Base58BTC.encode([0, 0, 1]) == "112")
        #expect(Base58BTC.encode(Array("Hello World!".utf8)) == "2NEpo7TZRRrLZSi2U")
        #expect(try Base58BTC.decode("111") == Data([0, 0, 0]))
        #expect(try Base58BTC.decode("1112") == Data([0, 0, 0, 1]))
        #expect(try Base58BTC.decode("2NEpo7TZRRrLZSi2U") == Data("Hello World!".utf8))
        // The largest single byte: 255 = 4*58 + 23.
        #expect(Base58BTC.encode([255]) == "5Q")
    }

    @Test("Base58btc rejects 0, O, I, l and anything outside the alphabet", arguments: ["0", "O", "I", "l", " ", "+", "é"])
    func base58InvalidCharacters(character: String) {
        #expect(throws: MultiformatsError.invalidCharacter(encoding: "base58btc", character: Character(character))) {
            try Base58BTC.decode("2NE" + character + "po")
        }
    }

    @Test("Base58btc refuses oversized input instead of spending quadratic time")
    func base58Limit() {
        let text = String(repeating: "2", count: Base58BTC.maximumLength + 1)
        #expect(throws: MultiformatsError.inputTooLarge(encoding: "base58btc", limit: Base58BTC.maximumLength)) {
            try Base58BTC.decode(text)
        }
    }

    @Test("Base32 follows the RFC 4648 §10 test vectors")
    func base32RFC4648() throws {
        let vectors = [("", ""), ("f", "MY======"), ("fo", "MZXQ===="), ("foo", "MZXW6==="),
                       ("foob", "MZXW6YQ="), ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI======")]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8), padded: true, uppercase: true) == encoded)
            #expect(try Base32.decode(encoded, padded: true) == Data(plain.utf8))
            #expect(try Base32.decode(encoded.lowercased(), padded: true) == Data(plain.utf8))
            let unpadded = String(encoded.prefix(while: { $0 != "=" }))
            #expect(try Base32.decode(unpadded) == Data(plain.utf8))
        }
        let hex = [("f", "CO======"), ("foobar", "CPNMUOJ1E8======")]
        for (plain, encoded) in hex {
            #expect(Base32.encode(Array(plain.utf8), alphabet: .hex, padded: true, uppercase: true) == encoded)
        }
    }

    @Test("Base64 follows the RFC 4648 §10 test vectors")
    func base64RFC4648() throws {
        let vectors = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                       ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded) == Data(plain.utf8))
            let unpadded = String(encoded.prefix(while: { $0 != "=" }))
            #expect(Base64.encode(Array(plain.utf8), padded: false) == unpadded)
            #expect(try Base64.decode(unpadded, padded: false) == Data(plain.utf8))
        }
        #expect(Base64.encode([0xfb, 0xff]) == "+/8=")
        #expect(throws: MultiformatsError.invalidCharacter(encoding: "base64pad", character: "-")) {
            try Base64.decode("-_8=")
        }
        #expect(throws: MultiformatsError.invalidCharacter(encoding: "base64pad", character: " ")) {
            try Base64.decode("Zm9v Yg==")
        }
    }

    @Test("Base64 and base64url agree with Foundation's encoder at every length and byte value", arguments: 0...40)
    func base64MatchesFoundation(length: Int) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let reference = Data(bytes).base64EncodedString()
            #expect(Base64.encode(bytes) == reference)
            #expect(try Base64.decode(reference) == Data(bytes))
            let url = reference.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == url)
            #expect(try Base64URL.decode(url) == Data(bytes))
            // Not contiguous: the general path must give the same text.
            #expect(Base64URL.encode(AnySequence(bytes)) == url)
            // Into a caller's buffer of exactly the announced size.
            let written = bytes.withUnsafeBytes { source in
                [UInt8](unsafeUninitializedCapacity: Base64URL.encodedCount(of: length)) { buffer, count in
                    count = Base64URL.encode(source, into: buffer)
                }
            }
            #expect(written.count == url.utf8.count)
            #expect(String(decoding: written, as: UTF8.self) == url)
        }
    }

    @Test("Base64url names the first bad character wherever it sits, and rejects impossible lengths and stray bits")
    func base64URLRejections() throws {
        // 27 characters: three eight-character steps, a block of four and a tail of three.
        let text = Base64URL.encode(Array("any carnal pleasure.".utf8))
        for offset in 0..<text.count {
            var characters = Array(text)
            characters[offset] = "+"
            // A second bad character later on must not be the one named.
            if offset < text.count - 1 { characters[text.count - 1] = "*" }
            #expect(throws: MultiformatsError.invalidCharacter(encoding: "base64url", character: "+"), "at \(offset)") {
                try Base64URL.decode(String(characters))
            }
        }
        #expect(throws: MultiformatsError.invalidCharacter(encoding: "base64url", character: "é")) {
            try Base64URL.decode("QUJDé")
        }
        #expect(throws: MultiformatsError.invalidLength(encoding: "base64url")) { try Base64URL.decode("QUJDR") }
        // "QQ" is the canonical "A"; "QR" sets a bit past the byte, "QUI" likewise for "AB".
        #expect(try Base64URL.decode("QQ") == Data("A".utf8))
        #expect(throws: MultiformatsError.nonCanonical(encoding: "base64url")) { try Base64URL.decode("QR") }
        #expect(throws: MultiformatsError.nonCanonical(encoding: "base64url")) { try Base64URL.decode("QUJ") }
        #expect(try Base64URL.decodeLenient("QUJ=") == Data("AB".utf8))
        #expect(throws: MultiformatsError.invalidLength(encoding: "base64pad")) { try Base64.decode("QUI") }
        #expect(throws: MultiformatsError.invalidLength(encoding: "base64pad")) { try Base64.decode("====") }
    }
}
