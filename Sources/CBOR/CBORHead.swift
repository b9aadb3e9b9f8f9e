import Foundation

extension Data {
    /// Appends a CBOR head: `major` type and `argument` in preferred (shortest) form.
    ///
    /// For writers that splice bytes already encoded (a signature structure around a payload,
    /// `#6.24` around an embedded item) into one buffer, instead of building and encoding a
    /// ``CBOR`` value whose byte strings are copies of those bytes.
    package mutating func appendCBORHead(major: UInt8, argument: UInt64) {
        let type = major << 5
        let width: Int, info: UInt8
        switch argument {
        case 0..<24: (width, info) = (0, UInt8(argument))
        case 24...0xff: (width, info) = (1, 24)
        case 0x100...0xffff: (width, info) = (2, 25)
        case 0x1_0000...0xffff_ffff: (width, info) = (4, 26)
        default: (width, info) = (8, 27)
        }
        // Built on the stack and appended once: `Data.append` of single bytes is slow.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { head in
            head[0] = type | info
            for index in 0..<width {
                head[1 + index] = UInt8(truncatingIfNeeded: argument >> UInt64(8 * (width - 1 - index)))
            }
            append(UnsafeBufferPointer(rebasing: head[0...width]))
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
