import Foundation
import Testing
@testable import CBOR

/// ``CBORCursor``: a shape-aware reader that only ever accepts what ``CBOR/decode(_:options:)``
/// accepts, and says `nil` (never crashes, never guesses) for anything else.
@Suite("Cursor")
struct CursorTests {
    /// Runs `body` with a cursor over `hex`.
    func reading<T>(
        _ hex: String, options: CBORDecodingOptions = CBORDecodingOptions(), _ body: (inout CBORCursor) -> T
    ) throws -> T {
        try Data(hex: hex).withUnsafeBytes { raw in
            var cursor = CBORCursor(raw.bindMemory(to: UInt8.self), options: options)
            return body(&cursor)
        }
    }

    @Test("A map with text, bytes, integers, a tag and a nested value reads field by field")
    func readsAShape() throws {
        // {"a": 1, "b": h'0102', "c": 24(h'a0'), "d": [true, "x"]}
        let hex = "a4" + "6161" + "01" + "6162" + "420102" + "6163" + "d81841a0" + "6164" + "82f56178"
        try reading(hex) { cursor in
            #expect(cursor.mapCount(depth: 0) == 4)
            #expect(cursor.asciiText().map { String(decoding: $0, as: UTF8.self) } == "a")
            #expect(cursor.unsigned() == 1)
            #expect(cursor.text() == "b")
            #expect(cursor.byteString() == Data([1, 2]))
            #expect(cursor.text() == "c")
            let tagStart = cursor.offset
            #expect(cursor.tag(depth: 1) == 24)
            let content = cursor.byteStringRange()
            #expect(content == (tagStart + 3)..<(tagStart + 4))
            #expect(cursor.text() == "d")
            #expect(cursor.item(depth: 1) == [true, "x"])
            #expect(cursor.isAtEnd)
        }
    }

    @Test("The wrong major type is nil and leaves the cursor where it was")
    func wrongType() throws {
        try reading("6161") { cursor in
            #expect(cursor.unsigned() == nil)
            #expect(cursor.byteString() == nil)
            #expect(cursor.mapCount(depth: 0) == nil)
            #expect(cursor.arrayCount(depth: 0) == nil)
            #expect(cursor.tag(depth: 0) == nil)
            #expect(cursor.offset == 0)
            #expect(cursor.text() == "a")
        }
    }

    @Test("Truncated heads, strings and counts beyond the input are nil")
    func truncated() throws {
        try reading("") { #expect($0.unsigned() == nil) }
        try reading("1901") { #expect($0.unsigned() == nil) }
        try reading("636162") { #expect($0.text() == nil) }
        try reading("430102") { #expect($0.byteString() == nil) }
        // A map claiming 2 entries with 3 bytes left, an array claiming 5 elements with 4.
        try reading("a2010203") { #expect($0.mapCount(depth: 0) == nil) }
        try reading("8501020304") { #expect($0.arrayCount(depth: 0) == nil) }
        try reading("a16161") { cursor in
            #expect(cursor.mapCount(depth: 0) == 1)
            #expect(cursor.text() == "a")
            #expect(cursor.item(depth: 1) == nil)
        }
    }

    @Test("Indefinite lengths are nil: the fast path handles definite ones only")
    func indefinite() throws {
        try reading("bf616101ff") { #expect($0.mapCount(depth: 0) == nil) }
        try reading("9f01ff") { #expect($0.arrayCount(depth: 0) == nil) }
        try reading("5f4101ff") { #expect($0.byteString() == nil) }
        try reading("7f6161ff") { #expect($0.text() == nil) }
    }

    @Test("Invalid UTF-8 is nil; non-ASCII text is text but not an ASCII key")
    func text() throws {
        try reading("62c328") { #expect($0.text() == nil) }
        try reading("62c3a9") { #expect($0.text() == "é") }
        try reading("62c3a9") { #expect($0.asciiText() == nil) }
        // U+212A KELVIN SIGN equals "K" as a Swift String; as a key it must not match "K" by bytes.
        try reading("63e284aa") { #expect($0.asciiText() == nil) }
    }

    @Test("Depth, length, item and input-size limits hold as in the full decoder")
    func limits() throws {
        let shallow = CBORDecodingOptions(maxDepth: 1)
        try reading("a1616181a0", options: shallow) { cursor in
            #expect(cursor.mapCount(depth: 0) == 1)
            #expect(cursor.text() == "a")
            #expect(cursor.arrayCount(depth: 1) == nil)
        }
        try reading("d81841a0", options: CBORDecodingOptions(maxDepth: 0)) { #expect($0.tag(depth: 0) == nil) }
        let nested = try Data(hex: "a1616181a0")
        #expect(throws: CBORError.self) { try CBOR.decode(nested, options: shallow) }

        let short = CBORDecodingOptions(maxLength: 2)
        try reading("43010203", options: short) { #expect($0.byteString() == nil) }
        try reading("83010203", options: short) { #expect($0.arrayCount(depth: 0) == nil) }
        try reading("a3010203040506", options: short) { #expect($0.mapCount(depth: 0) == nil) }
        try reading("63616263", options: short) { #expect($0.text() == nil) }

        try reading("820102", options: CBORDecodingOptions(maxItems: 2)) { cursor in
            #expect(cursor.arrayCount(depth: 0) == 2)
            #expect(cursor.unsigned() == 1)
            #expect(cursor.unsigned() == nil)
        }
        try reading("820102", options: CBORDecodingOptions(maxInputSize: 2)) { #expect($0.arrayCount(depth: 0) == nil) }
        try reading("820102", options: .deterministic) { #expect($0.arrayCount(depth: 0) == nil) }
    }

    @Test("A whole item is checked like the full decoder: duplicate keys, tag content, simple values")
    func wholeItems() throws {
        try reading("a2616101616102") { #expect($0.item(depth: 0) == nil) }
        try reading("c001") { #expect($0.item(depth: 0) == nil) }
        try reading("f801") { #expect($0.item(depth: 0) == nil) }
        try reading("c074323032362d30312d30315430303a30303a30305a") { #expect($0.item(depth: 0) != nil) }
    }
}
