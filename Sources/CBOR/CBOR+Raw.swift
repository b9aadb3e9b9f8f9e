import Foundation

extension CBOR {
    /// One decoded data item together with the exact bytes it was received as.
    ///
    /// Signatures and digests are computed over bytes, not values. An mdoc MSO digest covers
    /// `#6.24(bstr)` exactly as the issuer encoded it — possibly with a non-shortest length or
    /// unsorted keys — so re-encoding the decoded value could produce different bytes and a
    /// false mismatch. `Raw` keeps the received bytes of the item and lets a caller navigate
    /// to sub-items (array elements, map values, tag content) each with *their* received bytes.
    ///
    /// ```swift
    /// let issuerSigned = try CBOR.Raw(decoding: data)
    /// for item in issuerSigned["nameSpaces"]?["org.iso.18013.5.1"]?.elements ?? [] {
    ///     let digest = SHA256.hash(data: item.bytes)   // over 24(h'…') as sent
    /// }
    /// ```
    public struct Raw: Sendable, Hashable {
        /// The exact encoded bytes of this item as received.
        ///
        /// For an item reached through ``elements``, ``entries``, ``tagged`` or a subscript this
        /// is a slice of the enclosing item's bytes: index it from `bytes.startIndex`, or copy
        /// it (`Data(raw.bytes)`) to keep it apart from the enclosing buffer.
        public let bytes: Data
        /// The decoded value.
        public let value: CBOR

        /// Decodes exactly one item, keeping its bytes. Throws like ``CBOR/decode(_:options:)``.
        public init(decoding data: some DataProtocol, options: CBORDecodingOptions = CBORDecodingOptions()) throws(CBORError) {
            let bytes = Data(data)
            self.value = try CBOR.decode(bytes, options: options)
            self.bytes = bytes
        }

        /// Decodes exactly one item from `data`, which becomes ``bytes`` without a copy: the
        /// `Data` form of the `DataProtocol` initializer, a concrete entry point like the `Data`
        /// form of `CBOR.decode`.
        public init(decoding data: Data, options: CBORDecodingOptions = CBORDecodingOptions()) throws(CBORError) {
            self.value = try CBOR.decode(data, options: options)
            self.bytes = data
        }

        /// Wraps bytes already known to encode `value`.
        init(bytes: Data, value: CBOR) {
            self.bytes = bytes
            self.value = value
        }

        /// The byte ranges (relative to ``bytes``) of the direct children, in encoding order:
        /// elements of an array, key then value of each map entry, the content of a tag.
        private func childRanges() -> [Range<Int>] {
            let result = try? CBOR.withBuffer(bytes, options: CBORDecodingOptions(maxInputSize: .max)) { (buffer) throws(CBORError) -> [Range<Int>] in
                var reader = CBORReader(bytes: buffer, options: CBORDecodingOptions(maxItems: .max))
                let head = try reader.readHead()
                var count: UInt64
                switch head.major {
                case 4: count = head.argument
                case 5: count = head.argument &* 2
                case 6: count = 1
                default: return []
                }
                var ranges: [Range<Int>] = []
                while reader.offset < reader.bytes.count, head.isIndefinite ? reader.bytes[reader.offset] != 0xff : count > 0 {
                    let start = reader.offset
                    try reader.skipItem()
                    ranges.append(start..<reader.offset)
                    count &-= 1
                }
                return ranges
            }
            return result ?? []
        }

        /// The child at `range`: its bytes are a slice sharing this item's storage, so walking
        /// down a structure costs no copies (a copy per level added up to several copies of a
        /// whole document). Slices keep their parent's indices; ``bytes`` documents that.
        private func child(_ range: Range<Int>, _ value: CBOR) -> Raw {
            let lower = bytes.startIndex + range.lowerBound
            return Raw(bytes: bytes[lower..<(lower + range.count)], value: value)
        }

        /// The elements of an array, each with its received bytes; `nil` if not an array.
        public var elements: [Raw]? {
            guard case .array(let values) = value else { return nil }
            let ranges = childRanges()
            guard ranges.count == values.count else { return nil }
            return zip(ranges, values).map { child($0, $1) }
        }

        /// The entries of a map, each key and value with its received bytes; `nil` if not a map.
        public var entries: [(key: Raw, value: Raw)]? {
            guard case .map(let pairs) = value else { return nil }
            let ranges = childRanges()
            guard ranges.count == pairs.count * 2 else { return nil }
            return pairs.indices.map { index in
                (key: child(ranges[2 * index], pairs[index].key),
                 value: child(ranges[2 * index + 1], pairs[index].value))
            }
        }

        /// The tag number and the content (with its received bytes) of a tagged item.
        public var tagged: (tag: UInt64, content: Raw)? {
            guard case .tagged(let tag, let content) = value, let range = childRanges().first else { return nil }
            return (tag, child(range, content))
        }

        /// The value for `key` in a map, with its received bytes.
        ///
        /// Finds the entry in the decoded value first and then slices out that one value,
        /// rather than building every entry of the map.
        public subscript(key: CBOR) -> Raw? {
            guard case .map(let pairs) = value, let index = pairs.firstIndex(where: { $0.key == key }) else { return nil }
            let ranges = childRanges()
            guard ranges.count == pairs.count * 2 else { return nil }
            return child(ranges[2 * index + 1], pairs[index].value)
        }

        /// The value for a text key in a map, with its received bytes.
        public subscript(key: String) -> Raw? { self[.textString(key)] }

        /// The element at `index` of an array, with its received bytes.
        public subscript(index: Int) -> Raw? {
            guard let elements, elements.indices.contains(index) else { return nil }
            return elements[index]
        }

        /// For `#6.24(bstr)`, the embedded item decoded from the byte string (whose bytes are
        /// then exactly the byte string's content). `nil` for anything else.
        public func embedded(options: CBORDecodingOptions = CBORDecodingOptions()) throws(CBORError) -> Raw? {
            guard case .tagged(24, .byteString(let inner)) = value else { return nil }
            return try Raw(decoding: inner, options: options)
        }

        /// Diagnostic notation of the received bytes (indefinite lengths shown with `_`).
        public var diagnosticNotation: String {
            (try? CBOR.diagnosticNotation(of: bytes)) ?? "<invalid>"
        }
    }
}

extension CBORReader {
    /// Moves the cursor past one item, checking only well-formedness (RFC 8949 Appendix C):
    /// no values are built, nothing about validity (UTF-8, keys, tags) is checked.
    mutating func skipItem(depth: Int = 0) throws(CBORError) {
        guard depth <= CBORDecodingOptions.depthCeiling else { throw .depthLimitExceeded(offset: offset) }
        let head = try readHead()
        switch head.major {
        case 0, 1, 6:
            guard !head.isIndefinite else { throw .invalidIndefiniteLength(offset: head.start) }
            if head.major == 6 { try skipItem(depth: depth + 1) }
        case 2, 3, 4, 5:
            if head.isIndefinite {
                var isKey = true
                while true {
                    guard offset < bytes.count else { throw .unexpectedEnd(offset: offset) }
                    if bytes[offset] == 0xff {
                        guard isKey else { throw .unexpectedBreak(offset: offset) }
                        offset += 1
                        return
                    }
                    if head.major <= 3 {
                        let chunk = try readHead()
                        guard chunk.major == head.major, !chunk.isIndefinite else { throw .invalidChunk(offset: chunk.start) }
                        try skipBytes(chunk)
                    } else {
                        try skipItem(depth: depth + 1)
                        if head.major == 5 { isKey.toggle() }
                    }
                }
            }
            if head.major <= 3 {
                try skipBytes(head)
            } else {
                guard head.argument <= UInt64(bytes.count - offset) else { throw .unexpectedEnd(offset: head.start) }
                let count = head.major == 4 ? head.argument : head.argument &* 2
                for _ in 0..<count { try skipItem(depth: depth + 1) }
            }
        default:
            if head.info == 31 { throw .unexpectedBreak(offset: head.start) }
            if head.info == 24 && head.argument < 32 { throw .invalidSimpleValue(offset: head.start) }
        }
    }

    private mutating func skipBytes(_ head: Head) throws(CBORError) {
        guard head.argument <= UInt64(bytes.count - offset) else { throw .unexpectedEnd(offset: head.start) }
        offset += Int(head.argument)
    }
}
