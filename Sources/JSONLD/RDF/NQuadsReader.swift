/// The N-Quads grammar (RDF 1.1 N-Quads §5) over well-formed UTF-8, one statement at a time:
/// what ``NQuadsParser`` runs once it has checked the input's size and encoding.
struct NQuadsReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An error at the current position.
    func error(_ reason: NQuadsError.Reason) -> NQuadsError {
        NQuadsError(reason, line: line, column: index - lineStart + 1)
    }

    /// The next statement, or `nil` at the end of the input (blank lines and comments skipped).
    mutating func nextStatement() throws(NQuadsError) -> RDFQuad? {
        skipBlankLinesAndComments()
        guard index < bytes.count else { return nil }
        let subject: RDFTerm
        switch peek {
        case UInt8(ascii: "<"): subject = .iri(try iri())
        case UInt8(ascii: "_"): subject = .blankNode(try blankNodeLabel())
        default: throw error(.expected("an IRI or a blank node as subject"))
        }
        skipSpaces()
        guard peek == UInt8(ascii: "<") else { throw error(.expected("an IRI as predicate")) }
        let predicate = RDFTerm.iri(try iri())
        skipSpaces()
        let object: RDFTerm
        switch peek {
        case UInt8(ascii: "<"): object = .iri(try iri())
        case UInt8(ascii: "_"): object = .blankNode(try blankNodeLabel())
        case UInt8(ascii: "\""): object = .literal(try literal())
        default: throw error(.expected("an IRI, a blank node or a literal as object"))
        }
        skipSpaces()
        var graph: RDFTerm?
        switch peek {
        case UInt8(ascii: "<"): graph = .iri(try iri())
        case UInt8(ascii: "_"): graph = .blankNode(try blankNodeLabel())
        default: break
        }
        skipSpaces()
        guard peek == UInt8(ascii: ".") else { throw error(.expected("'.' ending the statement")) }
        index += 1
        skipSpaces()
        if peek == UInt8(ascii: "#") { skipComment() }
        guard index == bytes.count || peek == 0x0A || peek == 0x0D else {
            throw error(.expected("the end of the line after '.'"))
        }
        return RDFQuad(subject: subject, predicate: predicate, object: object, graph: graph)
    }

    // MARK: Terms

    /// `IRIREF`: `<`, characters other than controls, space and `<>"{}|^\``, or `UCHAR`, `>`;
    /// the IRI must have a scheme.
    private mutating func iri() throws(NQuadsError) -> String {
        index += 1
        // The common case, no escapes: checked in place and decoded from the input once.
        let start = index
        while index < bytes.count, bytes[index] > 0x20, !Self.forbiddenInIRI(UInt32(bytes[index])) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
            guard Self.hasScheme(bytes[start..<index]) else { throw error(.relativeIRI) }
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var value = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error(.expected("'>' closing the IRI")) }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { index += 1; break }
            if byte == UInt8(ascii: "\\") {
                let scalar = try unicodeEscape()
                guard scalar.value > 0x20, !Self.forbiddenInIRI(scalar.value) else {
                    throw error(.invalidIRICharacter)
                }
                value.append(contentsOf: String(Character(scalar)).utf8)
                continue
            }
            guard byte > 0x20, !Self.forbiddenInIRI(UInt32(byte)) else { throw error(.invalidIRICharacter) }
            value.append(byte)
            index += 1
        }
        guard Self.hasScheme(value) else { throw error(.relativeIRI) }
        return String(decoding: value, as: UTF8.self)
    }

    private static func forbiddenInIRI(_ value: UInt32) -> Bool {
        switch value {
        case 0x3C, 0x3E, 0x22, 0x7B, 0x7D, 0x7C, 0x5E, 0x60, 0x5C: return true
        default: return false
        }
    }

    /// `scheme ":"` with `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
    private static func hasScheme(_ iri: some Collection<UInt8>) -> Bool {
        guard let first = iri.first, isLetter(first) else { return false }
        for byte in iri.dropFirst() {
            if byte == UInt8(ascii: ":") { return true }
            guard isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            else { return false }
        }
        return false
    }

    /// `BLANK_NODE_LABEL`: `_:`, then `PN_CHARS_U` or a digit, then `PN_CHARS` or `.`, not
    /// ending in `.` (a final `.` ends the statement instead).
    private mutating func blankNodeLabel() throws(NQuadsError) -> String {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":") else {
            throw error(.invalidBlankNodeLabel)
        }
        index += 2
        let start = index
        guard index < bytes.count else { throw error(.invalidBlankNodeLabel) }
        let (first, firstLength) = scalar(at: index)
        guard Self.isNameStartChar(first) || (0x30...0x39).contains(first) else {
            throw error(.invalidBlankNodeLabel)
        }
        index += firstLength
        var end = index
        while index < bytes.count {
            let (next, length) = scalar(at: index)
            if next == 0x2E {
                index += length
                continue
            }
            guard Self.isNameChar(next) else { break }
            index += length
            end = index
        }
        index = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `STRING_LITERAL_QUOTE`, then `^^` and a datatype IRI or `@` and a language tag.
    private mutating func literal() throws(NQuadsError) -> RDFLiteral {
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error(.unterminatedLiteral) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let lexical = String(decoding: value, as: UTF8.self)
                if peek == UInt8(ascii: "^") {
                    guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "^"),
                        bytes[index + 2] == UInt8(ascii: "<")
                    else { throw error(.expected("'^^<' before a datatype IRI")) }
                    index += 2
                    return RDFLiteral(lexical, datatype: try iri())
                }
                if peek == UInt8(ascii: "@") { return RDFLiteral(lexical, language: try languageTag()) }
                return RDFLiteral(lexical)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { throw error(.invalidEscape) }
                let escaped: UInt8
                switch bytes[index + 1] {
                case UInt8(ascii: "t"): escaped = 0x09
                case UInt8(ascii: "b"): escaped = 0x08
                case UInt8(ascii: "n"): escaped = 0x0A
                case UInt8(ascii: "r"): escaped = 0x0D
                case UInt8(ascii: "f"): escaped = 0x0C
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): escaped = bytes[index + 1]
                default:
                    value.append(contentsOf: String(Character(try unicodeEscape())).utf8)
                    continue
                }
                value.append(escaped)
                index += 2
            case 0x0A, 0x0D: throw error(.unterminatedLiteral)
            default:
                value.append(byte)
                index += 1
            }
        }
    }

    /// `LANGTAG`: `@`, letters, then `-` and letters or digits, any number of times.
    private mutating func languageTag() throws(NQuadsError) -> String {
        index += 1
        let start = index
        while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
        guard index > start else { throw error(.invalidLanguageTag) }
        while index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            index += 1
            let subtag = index
            while index < bytes.count, Self.isLetter(bytes[index]) || Self.isDigit(bytes[index]) { index += 1 }
            guard index > subtag else { throw error(.invalidLanguageTag) }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `UCHAR` at a backslash: `\u` and four hex digits or `\U` and eight, naming a Unicode
    /// scalar value (not a surrogate).
    private mutating func unicodeEscape() throws(NQuadsError) -> Unicode.Scalar {
        guard index + 1 < bytes.count else { throw error(.invalidEscape) }
        let digits: Int
        switch bytes[index + 1] {
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: throw error(.invalidEscape)
        }
        guard index + 2 + digits <= bytes.count else { throw error(.invalidEscape) }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 2 + digits)] {
            guard let digit = Self.hexValue(byte) else { throw error(.invalidEscape) }
            value = value << 4 | digit
        }
        guard let scalar = Unicode.Scalar(value) else { throw error(.invalidEscape) }
        index += 2 + digits
        return scalar
    }

    // MARK: Whitespace, comments, lines

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func skipComment() {
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    }

    private mutating func skipBlankLinesAndComments() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09: index += 1
            case UInt8(ascii: "#"): skipComment()
            case 0x0A, 0x0D:
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    // MARK: Characters

    /// The scalar whose UTF-8 starts at `position` and its length (the input is well-formed).
    private func scalar(at position: Int) -> (UInt32, Int) {
        let lead = bytes[position]
        let length: Int
        var value: UInt32
        switch lead {
        case 0..<0x80: return (UInt32(lead), 1)
        case 0xC0..<0xE0: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0: length = 3; value = UInt32(lead & 0x0F)
        default: length = 4; value = UInt32(lead & 0x07)
        }
        for offset in 1..<length where position + offset < bytes.count {
            value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
        }
        return (value, length)
    }

    /// `PN_CHARS_U` (N-Quads includes `:`).
    private static func isNameStartChar(_ value: UInt32) -> Bool {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
            0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default: return false
        }
    }

    /// `PN_CHARS`.
    private static func isNameChar(_ value: UInt32) -> Bool {
        switch value {
        case 0x2D, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStartChar(value)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }
}
