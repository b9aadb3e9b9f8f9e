import Foundation

extension Data {
    /// Appends a CBOR head: `major` type and `argument` in preferred (shortest) form.
    ///
    /// For writers that splice bytes already encoded (a signature structure around a payload,
    /// `#6.24` around an embedded item) into one buffer, instead of building and encoding a
    /// ``CBOR`` value whose byte strings are copies of those bytes.
    package mutating func appendCBORHead(major: UInt8, argument: UInt64) {
        let type = major << 5
        switch argument {
        case 0..<24:
            append(type | UInt8(argument))
        case 24...0xff:
            append(contentsOf: [type | 24, UInt8(argument)])
        case 0x100...0xffff:
            append(contentsOf: [type | 25, UInt8(argument >> 8), UInt8(truncatingIfNeeded: argument)])
        case 0x1_0000...0xffff_ffff:
            append(type | 26)
            for shift in stride(from: 24, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: argument >> UInt64(shift))) }
        default:
            append(type | 27)
            for shift in stride(from: 56, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: argument >> UInt64(shift))) }
        }
    }

    /// Appends a definite-length byte string (major type 2) holding `bytes`.
    package mutating func appendCBORByteString(_ bytes: Data) {
        appendCBORHead(major: 2, argument: UInt64(bytes.count))
        append(bytes)
    }

    /// Appends a definite-length text string (major type 3) holding `text`.
    package mutating func appendCBORTextString(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            appendCBORHead(major: 3, argument: UInt64(utf8.count))
            append(utf8)
        }
    }
}
