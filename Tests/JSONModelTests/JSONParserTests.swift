import Foundation
import JSONModel
import Testing

@Suite("Strict JSON parser")
struct JSONParserTests {
    func parse(_ text: String, limits: JSONParser.Limits = .default) throws(JSONError) -> JSONValue {
        try JSONValue(parsing: text, limits: limits)
    }

    @Test("Errors name the byte offset")
    func offsets() {
        #expect(throws: JSONError.unexpectedByte(UInt8(ascii: "]"), offset: 4)) { try parse("[1, ]") }
        #expect(throws: JSONError.unexpectedEnd(offset: 3)) { try parse("[1,") }
        #expect(throws: JSONError.trailingContent(offset: 3)) { try parse("{} x") }
        #expect(throws: JSONError.invalidNumber(offset: 1)) { try parse("[01]") }
        #expect(throws: JSONError.invalidNumber(offset: 0)) { try parse("1.") }
        #expect(throws: JSONError.unexpectedByte(UInt8(ascii: "+"), offset: 0)) { try parse("+1") }
        #expect(throws: JSONError.controlCharacterInString(offset: 2)) { try parse("\"a\tb\"") }
        #expect(throws: JSONError.invalidEscape(offset: 1)) { try parse(#""\x""#) }
        #expect(throws: JSONError.unexpectedEnd(offset: 0)) { try parse("") }
        #expect(throws: JSONError.unexpectedEnd(offset: 3)) { try parse("   ") }
    }

    @Test("UTF-8 must be well formed: overlong, surrogate, truncated and out-of-range sequences fail")
    func utf8() {
        let cases: [[UInt8]] = [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded U+D800
            [0x22, 0xE2, 0x82, 0x22],  // truncated €
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // > U+10FFFF
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xFF, 0x22],
        ]
        for bytes in cases {
            #expect(throws: JSONError.invalidUTF8(offset: 1)) { try JSONValue(parsing: Data(bytes)) }
        }
        #expect(throws: JSONError.unexpectedByte(0xEF, offset: 0)) { try JSONValue(parsing: Data([0xEF, 0xBB, 0xBF, 0x7B, 0x7D])) }
        #expect((try? JSONValue(parsing: Data("\"€𝄞\"".utf8))) == .string("€𝄞"))
    }

    /// Strings without escapes are read in one run even when they hold non-ASCII; a bad
    /// sequence after good ones, an escape after them, or an overlong string must come out
    /// exactly as the byte-by-byte reading reports them.
    @Test("Non-ASCII runs: later errors keep their offsets, escapes after them still resolve")
    func nonASCIIRuns() throws {
        #expect(try parse(#""Köln, Heidestraße 17, 서울""#) == .string("Köln, Heidestraße 17, 서울"))
        #expect(try parse(#""Köln\n서울\u00e9""#) == .string("Köln\n서울é"))
        #expect(throws: JSONError.invalidUTF8(offset: 4)) { try JSONValue(parsing: Data([0x22, 0x4B, 0xC3, 0xB6, 0xC0, 0xAF, 0x22])) }
        #expect(throws: JSONError.controlCharacterInString(offset: 3)) { try JSONValue(parsing: Data([0x22, 0xC3, 0xB6, 0x01, 0x22])) }
        #expect(throws: JSONError.unexpectedEnd(offset: 3)) { try JSONValue(parsing: Data([0x22, 0xC3, 0xB6])) }
        let small = JSONParser.Limits(maximumStringLength: 3)
        #expect(throws: JSONError.stringTooLong(offset: 0, limit: 3)) { try parse(#""éé""#, limits: small) }
        #expect(throws: JSONError.stringTooLong(offset: 0, limit: 3)) {
            try JSONParser(limits: small).parse(Data([0x22, 0xC3, 0xB6, 0xC3, 0xB6, 0xC0, 0xAF, 0x22]))
        }
        #expect(try parse(#""é""#, limits: small) == .string("é"))
    }

    /// The plain run is read eight bytes at a time and jumps to the first byte that needs a
    /// look; wherever that byte sits in a word, and whatever follows it in the same word,
    /// the result must be the byte-by-byte reading's.
    @Test("Quotes, escapes, non-ASCII and control bytes are found at every offset of a word", arguments: 0..<20)
    func plainRunEnds(prefix: Int) throws {
        let lead = String(repeating: "a", count: prefix)
        // Bytes after the one that matters: more specials, so a borrow from the first
        // cannot be mistaken for it.
        #expect(try parse("\"\(lead)\"") == .string(lead))
        #expect(try parse("[\"\(lead)\",\"\\\"\"]") == .array([.string(lead), "\""]))
        #expect(try parse("\"\(lead)\\n\\\\\"") == .string(lead + "\n\\"))
        #expect(try parse("\"\(lead)é\\\"ü\"") == .string(lead + "é\"ü"))
        #expect(try parse("\"\(lead)\u{7F}~!\"") == .string(lead + "\u{7F}~!"))
        #expect(throws: JSONError.controlCharacterInString(offset: prefix + 1)) {
            try JSONValue(parsing: Data(("\"" + lead).utf8) + Data([0x1F, 0x22, 0x01, 0x22]))
        }
        #expect(throws: JSONError.invalidUTF8(offset: prefix + 1)) {
            try JSONValue(parsing: Data(("\"" + lead).utf8) + Data([0xC0, 0xAF, 0x22]))
        }
    }

    @Test("Surrogate escapes must pair; a pair becomes one scalar")
    func surrogates() throws {
        #expect(try parse(#""\ud834\udd1e""#) == .string("\u{1D11E}"))
        #expect(try parse(#""\u00e9\u0000""#) == .string("é\u{0}"))
        #expect(throws: JSONError.unpairedSurrogate(offset: 1)) { try parse(#""\ud834""#) }
        #expect(throws: JSONError.unpairedSurrogate(offset: 1)) { try parse(#""\udd1e\ud834""#) }
        #expect(throws: JSONError.unpairedSurrogate(offset: 1)) { try parse(#""\ud834\u0041""#) }
    }

    @Test("Duplicate member names are refused unless last-wins is asked for")
    func duplicates() throws {
        let text = #"{"a":1,"b":2,"a":3}"#
        #expect(throws: JSONError.duplicateMember("a", offset: 13)) { try parse(text) }
        let lastWins = try JSONValue(parsing: text, duplicateMembers: .lastWins)
        #expect(lastWins["a"] == 3)
        #expect(lastWins.objectValue?.keys == ["a", "b"])
        // NFC and NFD spellings are different names, not duplicates.
        let nfcNfd = try parse("{\"\u{e9}\":1,\"e\u{301}\":2}")
        #expect(nfcNfd.objectValue?.count == 2)
    }

    @Test("A hundred thousand '[' is a depth error, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.tooDeep(offset: 256, limit: 256)) { try parse(deep) }
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: JSONError.tooDeep(offset: 256 * 5, limit: 256)) { try parse(objects) }
        // The ceiling holds even when a caller asks for more.
        var limits = JSONParser.Limits()
        limits.maximumDepth = .max
        #expect(throws: JSONError.tooDeep(offset: 1_000, limit: 1_000)) { try parse(deep, limits: limits) }
        // Exactly at the limit is fine.
        let atLimit = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect((try? parse(atLimit)) != nil)
    }

    @Test("Size, string length and member count limits")
    func limits() {
        let small = JSONParser.Limits(maximumSize: 10, maximumStringLength: 3, maximumMembers: 2)
        #expect(throws: JSONError.tooLarge(limit: 10)) { try parse("[1,2,3,4,5,6]", limits: small) }
        #expect(throws: JSONError.stringTooLong(offset: 0, limit: 3)) { try parse(#""abcd""#, limits: small) }
        #expect((try? parse(#""abc""#, limits: small)) == .string("abc"))
        #expect(throws: JSONError.tooManyMembers(offset: 5, limit: 2)) { try parse("[1,2,3]", limits: small) }
        #expect(throws: JSONError.tooManyMembers(offset: 13, limit: 2)) {
            try parse(#"{"a":1,"b":2,"c":3}"#, limits: JSONParser.Limits(maximumMembers: 2))
        }
    }

    @Test("Numbers keep their text; equality is by value")
    func numbers() throws {
        let value = try parse("[1.0, 1, 1e0, 9007199254740993, -0]")
        #expect(value.serializedString() == "[1.0,1,1e0,9007199254740993,-0]")
        #expect(value[0] == value[1])
        #expect(value[2] == value[1])
        #expect(value[3]?.int64Value == 9_007_199_254_740_993)
        #expect(value[3] != .number(JSONNumber(Int64(9_007_199_254_740_992))))
        #expect(JSONNumber("01") == nil)
        #expect(JSONNumber("-1.5e+3")?.doubleValue == -1500)
    }

    @Test("Compact output of a compact input is the input")
    func faithful() throws {
        let text = #"{"z":[1.50,"a/b","é\n"],"a":{"y":null,"x":true},"m":-0.0e-0}"#
        #expect(try parse(text).serializedString() == text)
        #expect(try parse(text).serializedString(.pretty) == """
        {
          "z": [
            1.50,
            "a/b",
            "é\\n"
          ],
          "a": {
            "y": null,
            "x": true
          },
          "m": -0.0e-0
        }
        """)
    }
}
