/// The character classes of the W3C DID Core 1.0 ABNF (§3.1, §3.2) and RFC 3986, on UTF-8 bytes.
///
/// DIDs are ASCII by construction (anything else must be percent-encoded), so the scanner works
/// on bytes and reports UTF-8 offsets.
enum DIDGrammar {
    /// `method-char = %x61-7A / DIGIT`
    static func isMethodChar(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || isDigit(byte)
    }

    /// `idchar = ALPHA / DIGIT / "." / "-" / "_" / pct-encoded` (without the `%`).
    static func isIDChar(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (without the `%`).
    static func isPChar(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelim(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    /// `query` and `fragment`: `*( pchar / "/" / "?" )` (without the `%`).
    static func isQueryOrFragmentChar(_ byte: UInt8) -> Bool {
        isPChar(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func isSubDelim(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Checks that `bytes[range]` matches `*( allowed / pct-encoded )`; `offset` is the UTF-8
    /// offset of `range.lowerBound` in the whole input, for error positions.
    static func validate(
        _ bytes: [UInt8], in range: Range<Int>, allowing allowed: (UInt8) -> Bool
    ) throws(DIDError) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                else { throw .invalidPercentEncoding(position: index) }
                index += 3
                continue
            }
            guard allowed(byte) else { throw .invalidCharacter(character(at: index, in: bytes), position: index) }
            index += 1
        }
    }

    /// The (possibly multi-byte) character that starts at a byte offset, for error messages.
    static func character(at index: Int, in bytes: [UInt8]) -> Character {
        let tail = bytes[index...].prefix(4)
        for length in 1...tail.count {
            if let text = String(validating: tail.prefix(length), as: UTF8.self), let first = text.first {
                return first
            }
        }
        return "\u{FFFD}"
    }
}
