import Foundation

// The base64 family (six bits per character) a block at a time: three bytes are four
// characters, so whole blocks need no bit buffer, no shift by a variable width and no
// growable output. JOSE and SD-JWT decode a header, a payload and every Disclosure of every
// token, and encode every signature and digest, so these two loops are among the hottest in
// Vellum. The results (and every error) are exactly the general engine's.

extension BitGroupCodec {
    /// Whether the block paths below apply.
    var isSextetCodec: Bool { bitsPerCharacter == 6 }

    /// Base64 encoding of `input` into a string, padded when the codec pads.
    func encodeSextets(_ input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: encodedSextetCount(of: input.count)) { output in
            encodeSextets(input, table: table, into: output)
        }
    }

    /// How many characters ``encodeSextets(_:table:into:)`` writes for `byteCount` bytes.
    func encodedSextetCount(of byteCount: Int) -> Int {
        let tail = byteCount % 3
        let padding = padBlock != nil && tail > 0 ? 3 - tail : 0
        return byteCount / 3 * 4 + (tail == 0 ? 0 : tail + 1) + padding
    }

    /// Base64 encoding of `input` into `output`, which has room for
    /// ``encodedSextetCount(of:)`` characters; returns how many were written.
    func encodeSextets(
        _ input: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        let wholeBlocks = input.count / 3
        let tail = input.count - wholeBlocks * 3
        let padding = padBlock != nil && tail > 0 ? 3 - tail : 0
        var read = 0
        var written = 0
        for _ in 0..<wholeBlocks {
            let block = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
            output[written] = table[Int(block >> 18)]
            output[written + 1] = table[Int((block >> 12) & 0x3f)]
            output[written + 2] = table[Int((block >> 6) & 0x3f)]
            output[written + 3] = table[Int(block & 0x3f)]
            read += 3
            written += 4
        }
        if tail > 0 {
            let second = tail == 2 ? UInt32(input[read + 1]) : 0
            let block = UInt32(input[read]) << 16 | second << 8
            output[written] = table[Int(block >> 18)]
            output[written + 1] = table[Int((block >> 12) & 0x3f)]
            written += 2
            if tail == 2 {
                output[written] = table[Int((block >> 6) & 0x3f)]
                written += 1
            }
            for _ in 0..<padding {
                output[written] = UInt8(ascii: "=")
                written += 1
            }
        }
        return written
    }

    /// The number of bytes `end` characters (padding already cut off) decode to: a final
    /// group of 2 or 3 characters is 1 or 2 bytes. It is also the most that
    /// ``decodeSextets(_:end:table:allowNonZeroTrailingBits:into:)`` writes, since a single
    /// final character is refused before anything is written for it.
    static func decodedCount(forCharacters end: Int) -> Int { end / 4 * 3 + max(0, end % 4 - 1) }

    /// Decodes the first `end` characters of `utf8` (padding already cut off) into
    /// `output`, which has room for ``decodedCount(forCharacters:)`` bytes; `utf8.count`
    /// is the full length, for the padding check. Writing into the caller's buffer lets a
    /// caller that only reads the bytes keep them on the stack.
    func decodeSextets(
        _ utf8: UnsafeBufferPointer<UInt8>, end: Int, table: UnsafeBufferPointer<Int16>, allowNonZeroTrailingBits: Bool,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) -> SextetDecoding {
        var read = 0
        var written = 0
        // Eight characters (six bytes) per step while an eight-byte store fits the output;
        // its last two bytes are overwritten by the next step. A bad character stops this
        // loop, and the one below finds where it is.
        if let source = utf8.baseAddress, let target = output.baseAddress, let values = table.baseAddress {
            while read + 8 <= end, written + 8 <= output.count {
                let v0 = values[Int(source[read])], v1 = values[Int(source[read + 1])]
                let v2 = values[Int(source[read + 2])], v3 = values[Int(source[read + 3])]
                let v4 = values[Int(source[read + 4])], v5 = values[Int(source[read + 5])]
                let v6 = values[Int(source[read + 6])], v7 = values[Int(source[read + 7])]
                guard v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7 >= 0 else { break }
                let high = UInt64(UInt16(bitPattern: v0)) << 58 | UInt64(UInt16(bitPattern: v1)) << 52
                    | UInt64(UInt16(bitPattern: v2)) << 46 | UInt64(UInt16(bitPattern: v3)) << 40
                let low = UInt64(UInt16(bitPattern: v4)) << 34 | UInt64(UInt16(bitPattern: v5)) << 28
                    | UInt64(UInt16(bitPattern: v6)) << 22 | UInt64(UInt16(bitPattern: v7)) << 16
                UnsafeMutableRawPointer(target + written).storeBytes(of: (high | low).bigEndian, as: UInt64.self)
                read += 8
                written += 6
            }
        }
        let wholeBlocks = (end - read) / 4
        let tail = end - read - wholeBlocks * 4
        for _ in 0..<wholeBlocks {
            let first = table[Int(utf8[read])], second = table[Int(utf8[read + 1])]
            let third = table[Int(utf8[read + 2])], fourth = table[Int(utf8[read + 3])]
            // Every valid value is 0…63, so one sign test covers all four.
            guard first | second | third | fourth >= 0 else {
                return .invalidCharacter(offset: read + Self.firstNegative(first, second, third, fourth))
            }
            let block = UInt32(first) << 18 | UInt32(second) << 12 | UInt32(third) << 6 | UInt32(fourth)
            output[written] = UInt8(truncatingIfNeeded: block >> 16)
            output[written + 1] = UInt8(truncatingIfNeeded: block >> 8)
            output[written + 2] = UInt8(truncatingIfNeeded: block)
            read += 4
            written += 3
        }
        // Two or three characters left are one or two bytes plus 4 or 2 spare bits.
        var block: UInt32 = 0
        for offset in 0..<tail {
            let value = table[Int(utf8[read + offset])]
            guard value >= 0 else { return .invalidCharacter(offset: read + offset) }
            block = block << 6 | UInt32(value)
        }
        switch tail {
        case 0: break
        case 1: return .invalidLength
        case 2:
            output[written] = UInt8(truncatingIfNeeded: block >> 4)
            written += 1
            if block & 0x0f != 0, !allowNonZeroTrailingBits { return .nonCanonical }
        default:
            output[written] = UInt8(truncatingIfNeeded: block >> 10)
            output[written + 1] = UInt8(truncatingIfNeeded: block >> 2)
            written += 2
            if block & 0x03 != 0, !allowNonZeroTrailingBits { return .nonCanonical }
        }
        if padBlock != nil, (written + 2) / 3 * 4 != utf8.count { return .invalidLength }
        return .decoded(count: written)
    }

    /// The position (0–3) of the first negative lookup result.
    private static func firstNegative(_ values: Int16...) -> Int {
        values.firstIndex { $0 < 0 } ?? 0
    }

    /// What ``decodeSextets(_:end:table:allowNonZeroTrailingBits:into:)`` found.
    enum SextetDecoding {
        /// The first `count` bytes of the output hold the decoded bytes.
        case decoded(count: Int)
        case invalidCharacter(offset: Int)
        case invalidLength
        case nonCanonical
    }
}
