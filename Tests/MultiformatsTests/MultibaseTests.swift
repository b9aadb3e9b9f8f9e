import Foundation
import Multiformats
import Testing

@Suite("Multibase")
struct MultibaseTests {
    @Test("Every encoding round-trips every short byte string, leading zeros included")
    func roundTrip() throws {
        let samples: [[UInt8]] = [[], [0], [0, 0], [0, 0, 1], [0xff], Array(0..<40), [0, 0xff, 0, 0xff, 7]]
        for encoding in MultibaseEncoding.allCases {
            for sample in samples {
                let text = Multibase.encode(sample, as: encoding)
                let decoded = try Multibase.decode(text)
                #expect(decoded.encoding == encoding)
                #expect(Array(decoded.data) == sample, "\(encoding) \(sample)")
            }
        }
    }

    @Test("An empty string and an unknown prefix are typed errors")
    func unknownPrefix() {
        #expect(throws: MultiformatsError.emptyMultibase) { try Multibase.decode("") }
        #expect(throws: MultiformatsError.unknownMultibasePrefix("x")) { try Multibase.decode("xabc") }
        #expect(throws: MultiformatsError.unknownMultibasePrefix("1")) { try Multibase.decode("1abc") }
        #expect(throws: MultiformatsError.unknownMultibasePrefix("😀")) { try Multibase.decode("😀🏃") }
        // base45 and proquint are in the multibase table but not supported.
        #expect(throws: MultiformatsError.unknownMultibasePrefix("R")) { try Multibase.decode("RBB8") }
        #expect(throws: MultiformatsError.unknownMultibasePrefix("p")) { try Multibase.decode("pro-lusab") }
    }

    @Test("A format that fixes the encoding rejects the others")
    func expecting() throws {
        let bytes: [UInt8] = [1, 2, 3]
        #expect(try Multibase.decode("z" + Base58BTC.encode(bytes), expecting: .base58btc) == Data(bytes))
        #expect(throws: MultiformatsError.unexpectedMultibaseEncoding(expected: .base58btc, found: .base64url)) {
            try Multibase.decode(Multibase.encode(bytes, as: .base64url), expecting: .base58btc)
        }
    }

    @Test("Padding must be exactly as the variant says")
    func padding() {
        // "M" is padded base64: missing or extra '=' is rejected; "m" must not be padded.
        #expect(throws: MultiformatsError.invalidLength(encoding: "base64pad")) { try Multibase.decode("MAA") }
        #expect(throws: MultiformatsError.invalidLength(encoding: "base64pad")) { try Multibase.decode("MAA===") }
        #expect(throws: MultiformatsError.invalidCharacter(encoding: "base64", character: "=")) {
            try Multibase.decode("mAA==")
        }
        #expect(throws: MultiformatsError.invalidLength(encoding: "base32pad")) { try Multibase.decode("cae") }
        #expect(throws: MultiformatsError.invalidCharacter(encoding: "base32", character: "=")) {
            try Multibase.decode("bae======")
        }
    }

    @Test("Non-zero trailing bits and impossible lengths are rejected")
    func nonCanonical() {
        // One byte is two base32 characters; "af" sets bits that no byte produced.
        #expect(throws: MultiformatsError.nonCanonical(encoding: "base32")) { try Multibase.decode("baf") }
        #expect(throws: MultiformatsError.nonCanonical(encoding: "base64")) { try Multibase.decode("mAB") }
        #expect(throws: MultiformatsError.invalidLength(encoding: "base32")) { try Multibase.decode("baaa") }
        #expect(throws: MultiformatsError.invalidLength(encoding: "base64")) { try Multibase.decode("mA") }
        #expect(throws: MultiformatsError.invalidLength(encoding: "base16")) { try Multibase.decode("fabc") }
    }

    @Test("Characters outside the alphabet are rejected, not skipped", arguments: [
        ("z1110", "base58btc", "0"), ("0012", "base2", "2"), ("78", "base8", "8"), ("kabé", "base36", "é"),
        ("uAB+", "base64url", "+"), ("🚀🚀a", "base256emoji", "a"),
    ] as [(String, String, Character)])
    func invalidCharacters(input: String, encoding: String, character: Character) {
        #expect(throws: MultiformatsError.invalidCharacter(encoding: encoding, character: character)) {
            try Multibase.decode(input)
        }
    }
}
