import Foundation
import JSONModel
import Testing
import VellumTestSupport

/// RFC 8785, the JSON Canonicalization Scheme.
@Suite("JCS (RFC 8785)")
struct CanonicalizationTests {
    func jcs(_ text: String) throws -> String {
        String(decoding: try JSONValue(parsing: text).canonicalized(), as: UTF8.self)
    }

    @Test("§3.2.2: whitespace removed, numbers as ECMAScript, minimal escaping")
    func section3_2_2() throws {
        let input = #"""
        {
          "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
          "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
          "literals": [null, true, false]
        }
        """#
        let expected = #"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
        #expect(try jcs(input) == expected)
    }

    @Test("§3.2.3: member names sort by UTF-16 code units, so U+1F600 comes before U+FB33")
    func section3_2_3() throws {
        let input = #"""
        {
          "\u20ac": "Euro Sign",
          "\r": "Carriage Return",
          "\ufb33": "Hebrew Letter Dalet With Dagesh",
          "1": "One",
          "\ud83d\ude00": "Emoji: Grinning Face",
          "\u0080": "Control",
          "\u00f6": "Latin Small Letter O With Diaeresis"
        }
        """#
        let names = try JSONValue(parsing: JSONValue(parsing: input).canonicalized()).objectValue?.keys
        #expect(names == ["\r", "1", "\u{80}", "\u{f6}", "\u{20ac}", "\u{1F600}", "\u{fb33}"])
        // The Open DID form sorts by code point instead: U+FB33 before U+1F600.
        let sorted = try JSONValue(parsing: JSONValue(parsing: input).serialized(.sortedKeys)).objectValue?.keys
        #expect(sorted == ["\r", "1", "\u{80}", "\u{f6}", "\u{20ac}", "\u{fb33}", "\u{1F600}"])
    }

    /// Appendix B: IEEE 754 bit patterns and their ECMAScript serialization.
    static let appendixB: [(UInt64, String)] = [
        (0x0000000000000000, "0"), (0x8000000000000000, "0"), (0x0000000000000001, "5e-324"),
        (0x8000000000000001, "-5e-324"), (0x7fefffffffffffff, "1.7976931348623157e+308"),
        (0xffefffffffffffff, "-1.7976931348623157e+308"), (0x4340000000000000, "9007199254740992"),
        (0xc340000000000000, "-9007199254740992"), (0x4430000000000000, "295147905179352830000"),
        (0x44b52d02c7e14af5, "9.999999999999997e+22"), (0x44b52d02c7e14af6, "1e+23"),
        (0x44b52d02c7e14af7, "1.0000000000000001e+23"), (0x444b1ae4d6e2ef4e, "999999999999999700000"),
        (0x444b1ae4d6e2ef4f, "999999999999999900000"), (0x444b1ae4d6e2ef50, "1e+21"),
        (0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"), (0x3eb0c6f7a0b5ed8d, "0.000001"),
        (0x41b3de4355555553, "333333333.3333332"), (0x41b3de4355555554, "333333333.33333325"),
        (0x41b3de4355555555, "333333333.3333333"), (0x41b3de4355555556, "333333333.3333334"),
        (0x41b3de4355555557, "333333333.33333343"), (0xbecbf647612f3696, "-0.0000033333333333333333"),
        (0x43143ff3c1cb0959, "1424953923781206.2"),
    ]

    @Test("Appendix B number samples")
    func appendixBNumbers() throws {
        for (bits, expected) in Self.appendixB {
            let number = try #require(JSONNumber(Double(bitPattern: bits)))
            #expect(try JSONValue.number(number).canonicalized() == Data(expected.utf8), "0x\(String(bits, radix: 16))")
            // And from text, through the parser.
            #expect(try jcs("[\(expected)]") == "[\(expected)]")
        }
    }

    @Test("NaN and infinities cannot be JSON; numbers beyond Double cannot be canonicalized")
    func nonFinite() throws {
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(Double.infinity) == nil)
        let huge = try JSONValue(parsing: "[1e400]")
        #expect(throws: JSONError.numberNotRepresentable("1e400")) { try huge.canonicalized() }
        // The order-keeping form still writes it as it came.
        #expect(huge.serializedString() == "[1e400]")
    }

    @Test("Exponent forms, integers and fractions follow ECMAScript's layout")
    func layouts() throws {
        #expect(try jcs("[1.0, -0, -0.0, 100, 1e21, 1e20, 123e-2, 0.0000001, 0.000001, 1E-7, 12345678901234567890]")
            == "[1,0,0,100,1e+21,100000000000000000000,1.23,1e-7,0.000001,1e-7,12345678901234567000]")
    }

    @Test("Data Integrity JCS vectors: the canonical document and proof configuration",
          .enabled(if: Vectors.isAvailable, Vectors.skipMessage))
    func dataIntegrityVectors() throws {
        let folders = [
            "vc-data-integrity/w3c+vc-di-eddsa/TestVectors/eddsa-jcs-2022",
            "vc-data-integrity/w3c+vc-di-ecdsa/TestVectors/ecdsa-jcs-2019-p256",
            "vc-data-integrity/w3c+vc-di-ecdsa/TestVectors/ecdsa-jcs-2019-p384",
        ]
        var checked = 0
        for folder in folders {
            let files = try Vectors.files(in: folder)
            func file(_ prefix: String) throws -> URL {
                try #require(files.first { $0.lastPathComponent.hasPrefix(prefix) }, "\(folder)/\(prefix)")
            }
            // The document is the signed credential without its proof.
            var signed = try #require(try JSONValue(parsing: Data(contentsOf: file("signed"))).objectValue)
            signed["proof"] = nil
            let canonDoc = try String(contentsOf: file("canonDoc"), encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            #expect(String(decoding: try JSONValue.object(signed).canonicalized(), as: UTF8.self) == canonDoc, "\(folder)")
            let proofConfig = try JSONValue(parsing: Data(contentsOf: file("proofConfig")))
            let proofCanon = try String(contentsOf: file("proofCanon"), encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            #expect(String(decoding: try proofConfig.canonicalized(), as: UTF8.self) == proofCanon, "\(folder)")
            checked += 2
        }
        #expect(checked == 6)
    }
}
