/// A JSON number, kept as the exact text it was written with.
///
/// JSON numbers are decimal strings of any precision; turning them into `Double` on parse
/// would lose large integers (`9007199254740993`) and the spelling (`1.0` vs `1`) that a
/// signature may cover. So the lexical form is kept and re-emitted as is by the
/// order-keeping and sorted serializers, while JCS (RFC 8785) writes ``doubleValue`` the
/// way ECMAScript does.
///
/// Two numbers are equal when they denote the same value: exactly for integers that fit in
/// `Int64`, otherwise after conversion to `Double` (so `1.0 == 1` and `1e2 == 100`).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written, following the RFC 8259 grammar.
    public let text: String

    /// Wraps text already known to follow the grammar (from the parser).
    init(validatedText: String) {
        self.text = validatedText
    }

    /// Accepts `text` only if it follows the RFC 8259 number grammar.
    public init?(_ text: String) {
        guard JSONNumber.isValid(Array(text.utf8)) else { return nil }
        self.text = text
    }

    /// An integer.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        self.text = String(value)
    }

    /// An `Int`: a concrete overload, so callers in other modules do not format through the
    /// unspecialised generic path.
    public init(_ value: Int) {
        self.text = String(value)
    }

    /// An `Int64` (a NumericDate, say), concretely as for `Int`.
    public init(_ value: Int64) {
        self.text = String(value)
    }

    /// A double, written in its shortest round-trip form; `nil` for NaN and infinities,
    /// which JSON cannot express.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.text = ECMAScriptNumber.format(value)
    }

    /// The number's text exactly as written, so no precision is lost in logs.
    public var description: String { text }

    /// The nearest `Double` (infinite if the text is out of range, e.g. `1e999`).
    public var doubleValue: Double {
        // An integer below 2^53 in magnitude is exactly a Double, and reading it as an
        // integer skips `strtod` (NumericDates are read this way at every JWT check). "-0"
        // goes to `strtod`, which keeps its sign.
        if let integer = shortInteger ?? Int64(text), integer.magnitude < 1 << 53,
            integer != 0 || text.utf8.first != UInt8(ascii: "-")
        {
            return Double(integer)
        }
        return Double(text) ?? .nan
    }

    /// The value of text that is an optional `-` and one to eighteen digits (every
    /// NumericDate), read in one pass over the bytes; `nil` for any other text, which the
    /// general conversions handle. Eighteen digits always fit in `Int64`.
    private var shortInteger: Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            let negative = bytes.first == UInt8(ascii: "-")
            let digits = negative ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
            guard (1...18).contains(digits.count) else { return nil }
            var value: Int64 = 0
            for byte in digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return negative ? -value : value
        }
    }

    /// The value as `Int64` if the text is an integer in range (no fraction or exponent).
    public var int64Value: Int64? { Int64(text) }

    /// The value as `Int` if the text is an integer in range.
    public var intValue: Int? { Int(text) }

    /// Numbers are equal by value, not by spelling: `1`, `1.0` and `1e0` are equal, as JCS and
    /// claim matching need.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        if let left = lhs.int64Value, let right = rhs.int64Value { return left == right }
        return lhs.doubleValue == rhs.doubleValue
    }

    /// Hashes the value, so numbers equal under `==` hash alike (`0` and `-0` included).
    public func hash(into hasher: inout Hasher) {
        let value = doubleValue
        hasher.combine(value == 0 ? 0 : value)
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONNumber.scanLength($0, from: 0) == $0.count }
    }

    /// The length of the grammatical number starting at `start`, or `nil` if there is none.
    static func scanLength(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        return index - start
    }
}
