import Foundation

/// The decoding cursor: walks an `UnsafeBufferPointer` once, building ``CBOR`` values.
///
/// No per-byte slicing or copying: strings are copied once into their final `Data`/`String`,
/// and container capacity is reserved only after checking the declared count against the
/// bytes that remain (every item takes at least one byte), so a forged length cannot cause a
/// large allocation.
struct CBORReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: CBORDecodingOptions
    var offset: Int
    private var itemCount = 0
    private let maxDepth: Int

    init(bytes: UnsafeBufferPointer<UInt8>, options: CBORDecodingOptions, offset: Int = 0) {
        self.bytes = bytes
        self.options = options
        self.offset = offset
        self.maxDepth = min(options.maxDepth, CBORDecodingOptions.depthCeiling)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// A head: major type, additional information and its argument.
    struct Head {
        var major: UInt8
        var info: UInt8
        var argument: UInt64
        var start: Int
        var isIndefinite: Bool { info == 31 }
    }

    mutating func readHead() throws(CBORError) -> Head {
        let start = offset
        guard offset < bytes.count else { throw .unexpectedEnd(offset: start) }
        let initial = bytes[offset]
        offset += 1
        itemCount += 1
        if itemCount > options.maxItems { throw .itemLimitExceeded(offset: start) }
        let major = initial >> 5
        let info = initial & 0x1f
        var argument: UInt64
        switch info {
        case 0..<24:
            argument = UInt64(info)
        case 24...27:
            let width = 1 << Int(info - 24)
            guard bytes.count - offset >= width else { throw .unexpectedEnd(offset: start) }
            argument = 0
            for index in offset..<(offset + width) { argument = argument << 8 | UInt64(bytes[index]) }
            offset += width
            if options.requireDeterministic && major != 7 {
                let minimum: UInt64 = info == 24 ? 24 : (1 << (UInt64(width) * 4)) // 24, 256, 65536, 2^32
                if argument < minimum {
                    throw .notDeterministic(offset: start, reason: "argument not in its shortest form")
                }
            }
        case 31:
            argument = 0
            if options.requireDeterministic && major >= 2 && major <= 5 {
                throw .notDeterministic(offset: start, reason: "indefinite length")
            }
        default:
            throw .reservedAdditionalInfo(offset: start)
        }
        return Head(major: major, info: info, argument: argument, start: start)
    }

    /// Decodes one data item at the cursor.
    mutating func decodeItem(depth: Int = 0) throws(CBORError) -> CBOR {
        let head = try readHead()
        switch head.major {
        case 0:
            guard !head.isIndefinite else { throw .invalidIndefiniteLength(offset: head.start) }
            return .unsigned(head.argument)
        case 1:
            guard !head.isIndefinite else { throw .invalidIndefiniteLength(offset: head.start) }
            return .negative(head.argument)
        case 2:
            return .byteString(try readByteString(head))
        case 3:
            return .textString(try readTextString(head))
        case 4:
            return .array(try readArray(head, depth: depth + 1))
        case 5:
            return .map(try readMap(head, depth: depth + 1))
        case 6:
            guard !head.isIndefinite else { throw .invalidIndefiniteLength(offset: head.start) }
            guard depth + 1 <= maxDepth else { throw .depthLimitExceeded(offset: head.start) }
            let contentOffset = offset
            let content = try decodeItem(depth: depth + 1)
            if options.validateTagContent {
                try CBOR.validateTagContent(tag: head.argument, content: content, offset: contentOffset)
            }
            return .tagged(head.argument, content)
        default:
            return try readSimpleOrFloat(head)
        }
    }

    /// The bytes of a definite string after its head, checked against limits and input size.
    private mutating func takeDefinite(_ head: Head) throws(CBORError) -> UnsafeBufferPointer<UInt8> {
        guard head.argument <= UInt64(bytes.count - offset) else { throw .unexpectedEnd(offset: head.start) }
        let length = Int(head.argument)
        guard length <= options.maxLength else { throw .lengthLimitExceeded(offset: head.start) }
        let slice = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])
        offset += length
        return slice
    }

    /// Reads the chunks of an indefinite-length string of `major` type, calling `body` with each.
    private mutating func readChunks(
        major: UInt8, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(CBORError) -> Void
    ) throws(CBORError) {
        var total = 0
        while true {
            guard offset < bytes.count else { throw .unexpectedEnd(offset: offset) }
            if bytes[offset] == 0xff { offset += 1; return }
            let chunk = try readHead()
            guard chunk.major == major, !chunk.isIndefinite else { throw .invalidChunk(offset: chunk.start) }
            let part = try takeDefinite(chunk)
            total += part.count
            guard total <= options.maxLength else { throw .lengthLimitExceeded(offset: chunk.start) }
            try body(part, chunk.start)
        }
    }

    mutating func readByteString(_ head: Head) throws(CBORError) -> Data {
        guard head.isIndefinite else { return Data(buffer: try takeDefinite(head)) }
        var data = Data()
        try readChunks(major: 2) { part, _ in data.append(part) }
        return data
    }

    mutating func readTextString(_ head: Head) throws(CBORError) -> String {
        guard head.isIndefinite else {
            let part = try takeDefinite(head)
            guard UTF8Validation.isValid(part) else { throw .invalidUTF8(offset: head.start) }
            return String(decoding: part, as: UTF8.self)
        }
        var text = ""
        try readChunks(major: 3) { (part, start) throws(CBORError) in
            guard UTF8Validation.isValid(part) else { throw .invalidUTF8(offset: start) }
            text += String(decoding: part, as: UTF8.self)
        }
        return text
    }

    mutating func readArray(_ head: Head, depth: Int) throws(CBORError) -> [CBOR] {
        guard depth <= maxDepth else { throw .depthLimitExceeded(offset: head.start) }
        var elements: [CBOR] = []
        if head.isIndefinite {
            while true {
                guard offset < bytes.count else { throw .unexpectedEnd(offset: offset) }
                if bytes[offset] == 0xff { offset += 1; return elements }
                guard elements.count < options.maxLength else { throw .lengthLimitExceeded(offset: head.start) }
                elements.append(try decodeItem(depth: depth))
            }
        }
        guard head.argument <= UInt64(bytes.count - offset) else { throw .unexpectedEnd(offset: head.start) }
        let count = Int(head.argument)
        guard count <= options.maxLength else { throw .lengthLimitExceeded(offset: head.start) }
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try decodeItem(depth: depth)) }
        return elements
    }

    mutating func readMap(_ head: Head, depth: Int) throws(CBORError) -> [(key: CBOR, value: CBOR)] {
        guard depth <= maxDepth else { throw .depthLimitExceeded(offset: head.start) }
        var entries: [(key: CBOR, value: CBOR)] = []
        var keyRanges: [Range<Int>] = []
        var seen = Set<CBOR>()
        let indefinite = head.isIndefinite
        var remaining: UInt64 = 0
        if !indefinite {
            guard head.argument <= UInt64(bytes.count - offset) / 2 else { throw .unexpectedEnd(offset: head.start) }
            guard head.argument <= UInt64(options.maxLength) else { throw .lengthLimitExceeded(offset: head.start) }
            remaining = head.argument
            entries.reserveCapacity(Int(remaining))
        }
        while true {
            if indefinite {
                guard offset < bytes.count else { throw .unexpectedEnd(offset: offset) }
                if bytes[offset] == 0xff { offset += 1; break }
                guard entries.count < options.maxLength else { throw .lengthLimitExceeded(offset: head.start) }
            } else {
                if remaining == 0 { break }
                remaining -= 1
            }
            let keyStart = offset
            let key = try decodeItem(depth: depth)
            let keyRange = keyStart..<offset
            let value = try decodeItem(depth: depth)
            if options.requireDeterministic, let previous = keyRanges.last {
                // Bytewise lexicographic order of the encoded keys; equal means duplicate.
                if !precedes(previous, keyRange) {
                    throw .notDeterministic(offset: keyStart, reason: "map keys not in bytewise lexicographic order")
                }
            }
            if options.requireDeterministic { keyRanges.append(keyRange) }
            if options.duplicateKeys == .reject {
                if entries.count < 16 {
                    // `contains(where:)` borrows each entry; a `for` loop would copy (retain and
                    // release) every key and value it passes, which dominated small-map decoding.
                    if entries.contains(where: { $0.key == key }) { throw .duplicateMapKey(offset: keyStart) }
                } else {
                    if seen.isEmpty { seen = Set(entries.map(\.key)) }
                    guard seen.insert(key).inserted else { throw .duplicateMapKey(offset: keyStart) }
                }
            }
            entries.append((key: key, value: value))
        }
        return entries
    }

    /// Whether the bytes in `lhs` sort strictly before those in `rhs`.
    private func precedes(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
        let common = min(lhs.count, rhs.count)
        for index in 0..<common {
            let a = bytes[lhs.lowerBound + index], b = bytes[rhs.lowerBound + index]
            if a != b { return a < b }
        }
        return lhs.count < rhs.count
    }

    private mutating func readSimpleOrFloat(_ head: Head) throws(CBORError) -> CBOR {
        switch head.info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 24:
            guard head.argument >= 32 else { throw .invalidSimpleValue(offset: head.start) }
            return .simple(UInt8(truncatingIfNeeded: head.argument))
        case 25:
            return .half(FloatWidths.float(fromHalf: UInt16(truncatingIfNeeded: head.argument)))
        case 26:
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: head.argument))
            if options.requireDeterministic, FloatWidths.exactHalf(value) != nil {
                throw .notDeterministic(offset: head.start, reason: "float fits in a shorter width")
            }
            return .float(value)
        case 27:
            let value = Double(bitPattern: head.argument)
            if options.requireDeterministic, FloatWidths.exactFloat(value) != nil {
                throw .notDeterministic(offset: head.start, reason: "float fits in a shorter width")
            }
            return .double(value)
        case 31:
            throw .unexpectedBreak(offset: head.start)
        default:
            return .simple(head.info)
        }
    }
}
