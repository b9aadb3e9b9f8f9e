extension JSONReader {
    /// Reads a string starting at its opening quote: validates UTF-8, resolves escapes
    /// (pairing surrogates) and enforces the string length limit.
    package mutating func readString() throws(JSONError) -> String {
        let start = index
        if let end = Self.plainStringEnd(in: bytes, quoteAt: index, maximumLength: limits.maximumStringLength) {
            index = end + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
        }
        return try readEscapedString()
    }

    /// Reads past a string starting at its opening quote with every check
    /// ``readString()`` makes, without building it: for a value the caller does not keep.
    mutating func skipString() throws(JSONError) {
        if let end = Self.plainStringEnd(in: bytes, quoteAt: index, maximumLength: limits.maximumStringLength) {
            index = end + 1
        } else {
            _ = try readEscapedString()
        }
    }

    /// The offset of the closing quote of the string at the cursor, when the string is
    /// plain: no escape, no control character, well-formed UTF-8, within the length limit.
    /// Most strings are, and their text can be taken at once; for any other (`nil`) the
    /// validating loop of ``readEscapedString()`` runs from the start, so every error is
    /// the one that loop reports.
    ///
    /// Static, with the bytes passed in: a method on the reader would have the whole reader
    /// copied to the stack at every call from a mutating one, once per string.
    static func plainStringEnd(
        in bytes: UnsafeBufferPointer<UInt8>, quoteAt start: Int, maximumLength: Int
    ) -> Int? {
        var scan = start + 1
        while scan < bytes.count {
            // Eight bytes at a time (a digest or a salt is all plain ASCII), straight to the
            // first byte that needs a look: the closing quote, most often.
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while scan + 8 <= bytes.count {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: scan, as: UInt64.self))
                    guard let offset = EscapeScan.firstEscapableOrNonASCII(in: word) else {
                        scan += 8
                        continue
                    }
                    scan += offset
                    break
                }
                guard scan < bytes.count else { return nil }
            }
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                return scan - start - 1 <= maximumLength ? scan : nil
            }
            if byte >= 0x80 {
                guard let length = try? validUTF8SequenceLength(in: bytes, at: scan) else { return nil }
                scan += length
                continue
            }
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
            scan += 1
        }
        return nil
    }

    /// The validating loop behind ``readString()``: escapes, control characters, UTF-8 and
    /// the length limit, byte by byte from the opening quote.
    private mutating func readEscapedString() throws(JSONError) -> String {
        let start = index
        index += 1  // opening quote
        var output: [UInt8] = []
        while true {
            guard output.count <= limits.maximumStringLength else {
                throw .stringTooLong(offset: start, limit: limits.maximumStringLength)
            }
            guard index < bytes.count else { throw .unexpectedEnd(offset: index) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &output)
            case 0x00..<0x20:
                throw .controlCharacterInString(offset: index)
            case 0x20..<0x80:
                output.append(byte)
                index += 1
            default:
                let length = try Self.validUTF8SequenceLength(in: bytes, at: index)
                output.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
    }

    private mutating func readEscape(into output: inout [UInt8]) throws(JSONError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw .unexpectedEnd(offset: index) }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0c)
        case UInt8(ascii: "n"): output.append(0x0a)
        case UInt8(ascii: "r"): output.append(0x0d)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4()
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw .unpairedSurrogate(offset: start) }
                index += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw .unpairedSurrogate(offset: start) }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw .unpairedSurrogate(offset: start)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw .invalidEscape(offset: start) }
            output.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw .invalidEscape(offset: start)
        }
    }

    private mutating func readHex4() throws(JSONError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw .unexpectedEnd(offset: bytes.count) }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .invalidEscape(offset: index + offset)
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    /// The length of the well-formed UTF-8 sequence (Unicode Table 3-7) at `position`, whose
    /// first byte is ≥ 0x80; rejects overlong forms, encoded surrogates and values > U+10FFFF.
    private static func validUTF8SequenceLength(
        in bytes: UnsafeBufferPointer<UInt8>, at position: Int
    ) throws(JSONError) -> Int {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw .invalidUTF8(offset: position)
        }
        guard position + length <= bytes.count else { throw .invalidUTF8(offset: position) }
        guard secondRange.contains(bytes[position + 1]) else { throw .invalidUTF8(offset: position) }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[position + offset]) {
            throw .invalidUTF8(offset: position)
        }
        return length
    }
}
