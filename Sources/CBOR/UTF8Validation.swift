/// Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
///
/// Text strings must be valid UTF-8 (RFC 8949 §3.1); a lax decoder that repairs them would let
/// two parties read different text from the same signed bytes.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xbf
            switch lead {
            case 0xc2...0xdf: length = 2
            case 0xe0: length = 3; lower = 0xa0
            case 0xe1...0xec, 0xee...0xef: length = 3
            case 0xed: length = 3; upper = 0x9f
            case 0xf0: length = 4; lower = 0x90
            case 0xf1...0xf3: length = 4
            case 0xf4: length = 4; upper = 0x8f
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= lower && second <= upper else { return false }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xc0 == 0x80 else { return false }
                next += 1
            }
            index += length
        }
        return true
    }
}
