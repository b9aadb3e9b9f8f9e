import Foundation

/// Renders encoded CBOR as diagnostic notation (RFC 8949 §8).
///
/// It works on the bytes rather than on ``CBOR`` values so that what the sender chose — an
/// indefinite length, say — shows up as `_`, which is what a human debugging interop wants.
struct DiagnosticPrinter {
    var reader: CBORReader
    var output = ""

    init(bytes: UnsafeBufferPointer<UInt8>) {
        var options = CBORDecodingOptions(duplicateKeys: .keepAll, validateTagContent: false)
        options.maxItems = .max
        reader = CBORReader(bytes: bytes, options: options)
    }

    /// Renders one item; the bytes must already be known to be well formed.
    mutating func printItem(depth: Int = 0) throws(CBORError) {
        guard depth <= CBORDecodingOptions.depthCeiling else { throw .depthLimitExceeded(offset: reader.offset) }
        let head = try reader.readHead()
        switch head.major {
        case 0: output += String(head.argument)
        case 1: output += head.argument == .max ? "-18446744073709551616" : "-\(head.argument + 1)"
        case 2, 3:
            if head.isIndefinite {
                output += "(_ "
                var first = true
                while try !atBreak() {
                    if !first { output += ", " }
                    first = false
                    try printItem(depth: depth + 1)
                }
                output += ")"
            } else if head.major == 2 {
                output += "h'" + Self.hex(try readString(head)) + "'"
            } else {
                output += Self.quoted(String(decoding: try readString(head), as: UTF8.self))
            }
        case 4, 5:
            output += head.major == 4 ? "[" : "{"
            if head.isIndefinite { output += "_ " }
            var index: UInt64 = 0
            while head.isIndefinite ? try !atBreak() : index < head.argument {
                if index > 0 { output += ", " }
                try printItem(depth: depth + 1)
                if head.major == 5 {
                    output += ": "
                    try printItem(depth: depth + 1)
                }
                index += 1
            }
            output += head.major == 4 ? "]" : "}"
        case 6:
            output += "\(head.argument)("
            try printItem(depth: depth + 1)
            output += ")"
        default:
            output += Self.simpleOrFloat(head)
        }
    }

    private mutating func atBreak() throws(CBORError) -> Bool {
        guard reader.offset < reader.bytes.count else { throw .unexpectedEnd(offset: reader.offset) }
        if reader.bytes[reader.offset] == 0xff {
            reader.offset += 1
            return true
        }
        return false
    }

    private mutating func readString(_ head: CBORReader.Head) throws(CBORError) -> UnsafeBufferPointer<UInt8> {
        guard head.argument <= UInt64(reader.bytes.count - reader.offset) else {
            throw .unexpectedEnd(offset: head.start)
        }
        let start = reader.offset
        reader.offset += Int(head.argument)
        return UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.offset])
    }

    private static func simpleOrFloat(_ head: CBORReader.Head) -> String {
        switch head.info {
        case 20: return "false"
        case 21: return "true"
        case 22: return "null"
        case 23: return "undefined"
        case 25: return number(Double(FloatWidths.float(fromHalf: UInt16(truncatingIfNeeded: head.argument))))
        case 26: return number(Double(Float(bitPattern: UInt32(truncatingIfNeeded: head.argument))))
        case 27: return number(Double(bitPattern: head.argument))
        default: return "simple(\(head.argument))"
        }
    }

    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        var text = value.description
        if let exponent = text.firstIndex(of: "e"), !text[..<exponent].contains(".") {
            text.insert(contentsOf: ".0", at: exponent)
        }
        return text
    }

    static func hex(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xf)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension CBOR: CustomStringConvertible {
    /// Diagnostic notation of the preferred serialization of this value (RFC 8949 §8).
    public var diagnosticNotation: String {
        let bytes = encodedBytes()
        return (try? CBOR.diagnosticNotation(of: bytes)) ?? "<invalid>"
    }

    /// Diagnostic notation, so `print(item)` shows something a CBOR reader recognises.
    public var description: String { diagnosticNotation }

    /// Diagnostic notation of encoded CBOR items (a sequence is printed comma-separated),
    /// showing indefinite lengths with `_` as received.
    public static func diagnosticNotation(of data: some DataProtocol) throws(CBORError) -> String {
        var options = CBORDecodingOptions(duplicateKeys: .keepAll, validateTagContent: false)
        options.maxInputSize = .max
        // Validate well-formedness first so the printer never sees broken input.
        _ = try decodeSequence(data, options: options)
        return try withBuffer(data, options: options) { (buffer) throws(CBORError) -> String in
            var printer = DiagnosticPrinter(bytes: buffer)
            while !printer.reader.isAtEnd {
                if !printer.output.isEmpty { printer.output += ", " }
                try printer.printItem()
            }
            return printer.output
        }
    }
}
