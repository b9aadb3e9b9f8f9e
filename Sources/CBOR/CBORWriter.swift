import Foundation

/// Appends the serialization of ``CBOR`` values to a byte buffer.
struct CBORWriter {
    var bytes: [UInt8] = []
    let options: CBOREncodingOptions

    init(options: CBOREncodingOptions) {
        self.options = options
    }

    mutating func writeHead(major: UInt8, argument: UInt64) {
        let type = major << 5
        switch argument {
        case 0..<24:
            bytes.append(type | UInt8(argument))
        case 24...0xff:
            bytes.append(type | 24)
            bytes.append(UInt8(argument))
        case 0x100...0xffff:
            bytes.append(type | 25)
            appendBigEndian(argument, width: 2)
        case 0x1_0000...0xffff_ffff:
            bytes.append(type | 26)
            appendBigEndian(argument, width: 4)
        default:
            bytes.append(type | 27)
            appendBigEndian(argument, width: 8)
        }
    }

    private mutating func appendBigEndian(_ value: UInt64, width: Int) {
        var shift = (width - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    mutating func write(_ item: CBOR) {
        switch item {
        case .unsigned(let value): writeHead(major: 0, argument: value)
        case .negative(let value): writeHead(major: 1, argument: value)
        case .byteString(let data):
            writeHead(major: 2, argument: UInt64(data.count))
            bytes.append(contentsOf: data)
        case .textString(let text):
            var text = text
            text.withUTF8 { utf8 in
                writeHead(major: 3, argument: UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        case .array(let elements):
            writeHead(major: 4, argument: UInt64(elements.count))
            for element in elements { write(element) }
        case .map(let entries):
            writeHead(major: 5, argument: UInt64(entries.count))
            if options.deterministic {
                writeSorted(entries)
            } else {
                for entry in entries { write(entry.key); write(entry.value) }
            }
        case .tagged(let tag, let content):
            writeHead(major: 6, argument: tag)
            write(content)
        case .simple(let value):
            if value < 24 {
                bytes.append(0xe0 | value)
            } else {
                bytes.append(0xf8)
                bytes.append(value)
            }
        case .bool(let value): bytes.append(value ? 0xf5 : 0xf4)
        case .null: bytes.append(0xf6)
        case .undefined: bytes.append(0xf7)
        case .half(let value): writeFloat(value, narrow: true)
        case .float(let value): writeFloat(value, narrow: options.shortestFloats || options.deterministic)
        case .double(let value): writeDouble(value)
        }
    }

    private mutating func writeSorted(_ entries: [(key: CBOR, value: CBOR)]) {
        var encoded: [(key: [UInt8], value: CBOR)] = entries.map { entry in
            var keyWriter = CBORWriter(options: options)
            keyWriter.write(entry.key)
            return (key: keyWriter.bytes, value: entry.value)
        }
        encoded.sort { $0.key.lexicographicallyPrecedes($1.key) }
        for entry in encoded {
            bytes.append(contentsOf: entry.key)
            write(entry.value)
        }
    }

    private mutating func writeFloat(_ value: Float, narrow: Bool) {
        if narrow, let half = FloatWidths.exactHalf(value) {
            bytes.append(0xf9)
            appendBigEndian(UInt64(half), width: 2)
        } else {
            bytes.append(0xfa)
            appendBigEndian(UInt64(value.bitPattern), width: 4)
        }
    }

    private mutating func writeDouble(_ value: Double) {
        if options.shortestFloats || options.deterministic, let single = FloatWidths.exactFloat(value) {
            writeFloat(single, narrow: true)
        } else {
            bytes.append(0xfb)
            appendBigEndian(value.bitPattern, width: 8)
        }
    }
}

extension CBOR {
    /// The serialization of this item: preferred serialization by default, or core
    /// deterministic encoding with ``CBOREncodingOptions/deterministic``.
    public func encoded(options: CBOREncodingOptions = CBOREncodingOptions()) -> Data {
        Data(encodedBytes(options: options))
    }

    /// The serialization of this item as a byte array (see ``encoded(options:)``).
    public func encodedBytes(options: CBOREncodingOptions = CBOREncodingOptions()) -> [UInt8] {
        var writer = CBORWriter(options: options)
        writer.write(self)
        return writer.bytes
    }
}
