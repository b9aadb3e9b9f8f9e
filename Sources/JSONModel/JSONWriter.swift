import Foundation

/// The serializers behind ``JSONValue/serialized(_:)`` and ``JSONValue/canonicalized()``.
///
/// Recursion depth equals the value's nesting depth, which the parser bounds
/// (``JSONParser/Limits/maximumDepth``); values built in code are trusted.
struct JSONWriter {
    enum Order { case stored, codePoint, utf16 }

    let order: Order
    let indent: Int?
    let canonicalNumbers: Bool
    var output: [UInt8] = []

    init(order: Order, indent: Int? = nil, canonicalNumbers: Bool = false) {
        self.order = order
        self.indent = indent
        self.canonicalNumbers = canonicalNumbers
        // Most outputs are fragments of a few hundred bytes: start past the first doublings.
        output.reserveCapacity(128)
    }

    mutating func write(_ value: JSONValue, level: Int = 0) throws(JSONError) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case let .bool(flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case let .number(number):
            if canonicalNumbers {
                let double = number.doubleValue
                guard double.isFinite else { throw .numberNotRepresentable(number.text) }
                output.append(contentsOf: ECMAScriptNumber.format(double).utf8)
            } else {
                appendUTF8(of: number.text)
            }
        case let .string(string): writeString(string)
        case let .array(elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1)
                try write(element, level: level + 1)
            }
            if !elements.isEmpty { newline(level) }
            output.append(UInt8(ascii: "]"))
        case let .object(object):
            output.append(UInt8(ascii: "{"))
            // The member order is a list of positions on the stack: sorting positions rather
            // than (name, value) pairs keeps the values from being copied and released, and
            // the list needs no heap allocation per object.
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: object.count) { order throws(JSONError) in
                sortMembers(of: object, into: order)
                for (position, index) in order.enumerated() {
                    let member = object.member(at: index)
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    newline(level + 1)
                    writeString(member.name)
                    output.append(UInt8(ascii: ":"))
                    if indent != nil { output.append(UInt8(ascii: " ")) }
                    try write(member.value, level: level + 1)
                }
            }
            if !object.isEmpty { newline(level) }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Fills `positions` with the members' positions in the order they are written.
    private func sortMembers(of object: JSONObject, into buffer: UnsafeMutableBufferPointer<Int>) {
        var positions = buffer
        for index in positions.indices { positions[index] = index }
        switch order {
        case .stored: return
        case .codePoint:
            // UTF-8 byte order is code point order.
            positions.sort { ScalarKey.precedesInCodePointOrder(object.member(at: $0).name, object.member(at: $1).name) }
        case .utf16:
            positions.sort { object.member(at: $0).name.utf16.lexicographicallyPrecedes(object.member(at: $1).name.utf16) }
        }
    }

    private mutating func newline(_ level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// Minimal escaping (RFC 8785 §3.2.2.2): `"`, `\`, the two-character forms for
    /// backspace, tab, newline, form feed and carriage return, `\u00xx` (lower-case hex) for
    /// other control characters; everything else as raw UTF-8.
    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole.
        if !Self.needsEscaping(string) {
            appendUTF8(of: string)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0a: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0c: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0d: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x00..<0x20:
                output.append(contentsOf: "\\u00".utf8)
                output.append(Self.lowerHexDigit(byte >> 4))
                output.append(Self.lowerHexDigit(byte & 0x0f))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 of `string` in one copy from its native buffer where it has one.
    private mutating func appendUTF8(of string: String) {
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { output.append(contentsOf: $0) }
        if copied == nil { output.append(contentsOf: string.utf8) }
    }

    static func needsEscaping(_ string: String) -> Bool {
        func check(_ bytes: some Sequence<UInt8>) -> Bool {
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            return false
        }
        // Native strings expose their UTF-8 buffer; scanning it eight bytes at a time beats
        // the generic view.
        return string.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                if EscapeScan.hasEscapable(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset += 8
            }
            return check(bytes[offset...])
        } ?? check(string.utf8)
    }

    private static func lowerHexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension JSONValue {
    /// Writes this value as JSON text in `format`.
    ///
    /// Numbers are written as they were parsed (or constructed), so parse → `.compact`
    /// reproduces a compact input byte for byte.
    public func serialized(_ format: JSONFormat = .compact) -> Data {
        Data(serializedBytes(format))
    }

    /// ``serialized(_:)`` as bytes, for callers that splice serialized fragments
    /// together and would otherwise copy each out of a `Data` again.
    public func serializedBytes(_ format: JSONFormat = .compact) -> [UInt8] {
        var writer: JSONWriter
        switch format {
        case .compact: writer = JSONWriter(order: .stored)
        case let .pretty(indent): writer = JSONWriter(order: .stored, indent: max(0, indent))
        case .sortedKeys: writer = JSONWriter(order: .codePoint)
        case let .prettySortedKeys(indent): writer = JSONWriter(order: .codePoint, indent: max(0, indent))
        }
        // Only canonical numbers can fail, and they are off here.
        try? writer.write(self)
        return writer.output
    }

    /// Whether `string` goes into JSON between quotes unchanged (no control character, quote
    /// or backslash to escape): for a writer that splices such strings into JSON text it
    /// writes itself.
    package static func isWrittenVerbatim(_ string: String) -> Bool {
        !JSONWriter.needsEscaping(string)
    }

    /// The JSON text as a `String`, in `format`.
    public func serializedString(_ format: JSONFormat = .compact) -> String {
        String(decoding: serialized(format), as: UTF8.self)
    }

    /// The RFC 8785 JSON Canonicalization Scheme form: no whitespace, member names sorted by
    /// UTF-16 code units, numbers written as ECMAScript writes the nearest `Double`, minimal
    /// string escaping. This is what `eddsa-jcs-2022`, `ecdsa-jcs-2019` and JWK thumbprints
    /// hash.
    ///
    /// - Throws: ``JSONError/numberNotRepresentable(_:)`` for a number with no finite
    ///   double value (e.g. `1e400`).
    public func canonicalized() throws(JSONError) -> Data {
        var writer = JSONWriter(order: .utf16, canonicalNumbers: true)
        try writer.write(self)
        return Data(writer.output)
    }
}

/// Finds, eight bytes at once, whether a word of UTF-8 holds a byte JSON must escape: a
/// control character (below 0x20), `"` or `\`.
enum EscapeScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `word` is below 0x20, `"` (0x22) or `\` (0x5C).
    static func hasEscapable(_ word: UInt64) -> Bool {
        escapableFlags(word) != 0
    }

    /// The position (0–7) of the first byte of `word` that is escapable or not ASCII (what
    /// ends the parser's fast run through a string), or `nil` when there is none; `word`
    /// holds eight bytes read little-endian, so the first in memory is the lowest.
    static func firstEscapableOrNonASCII(in word: UInt64) -> Int? {
        let flags = escapableFlags(word) | (word & highBits)
        guard flags != 0 else { return nil }
        return flags.trailingZeroBitCount / 8
    }

    /// The high bit of each byte of `word` flagged as escapable.
    ///
    /// `(x - n·0x01…) & ~x & 0x80…` is non-zero exactly when some byte of `x` is below `n`
    /// (for n ≤ 0x80); with n = 1 on `x ^ c·0x01…` it finds a byte equal to `c`. A borrow
    /// can flag bytes above a matching one that do not match, but it only runs from a
    /// matching byte towards higher ones: the lowest flag, and whether there is any, are
    /// exact, and that is all the callers use.
    private static func escapableFlags(_ word: UInt64) -> UInt64 {
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        return (control | quoteZero | backslashZero) & highBits
    }
}
