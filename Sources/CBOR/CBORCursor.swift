import Foundation

/// A forward-only reader for decoders that know the shape they expect, so they can build
/// their own values straight from the bytes instead of from a ``CBOR`` tree first.
///
/// A structure such as an mdoc DeviceResponse decoded through the tree allocates every map,
/// array, key and byte string twice (once in the tree, once in the model) and is then walked
/// again to find each item's bytes. The cursor reads one head at a time and hands back only
/// what the caller keeps.
///
/// Every read is *failable*: `nil` means "not this shape, or not valid under the options"
/// without saying which. A caller uses the cursor for a fast path and, on `nil`, decodes the
/// same input with ``CBOR/decode(_:options:)`` to get the precise ``CBORError`` (or its own
/// structure error). So the cursor only ever accepts a subset of what the full decoder
/// accepts, under the same limits:
/// - the input size, the item count and the nesting depth of ``CBORDecodingOptions``, with
///   depths counted as the full decoder counts them (pass the depth of the enclosing
///   container, 0 at the top);
/// - string lengths and container counts against ``CBORDecodingOptions/maxLength`` and
///   against the bytes that remain;
/// - UTF-8 of every text string;
/// - definite lengths only (an indefinite-length container or string is a `nil`);
/// - ``item(depth:)`` decodes a whole item with the full decoder's checks (duplicate keys,
///   tag content, simple values).
/// Map keys are the caller's to check for duplicates; ``asciiText()`` gives their bytes.
/// With ``CBORDecodingOptions/requireDeterministic`` every read is `nil`: the cursor does not
/// check key order.
package struct CBORCursor {
    private var reader: CBORReader
    private let maxDepth: Int
    private let usable: Bool

    /// A cursor at the start of `buffer`; `nil` reads throughout when `buffer` is larger than
    /// the options allow.
    package init(_ buffer: UnsafeBufferPointer<UInt8>, options: CBORDecodingOptions) {
        reader = CBORReader(bytes: buffer, options: options)
        maxDepth = min(options.maxDepth, CBORDecodingOptions.depthCeiling)
        usable = buffer.count <= options.maxInputSize && !options.requireDeterministic
    }

    /// The bytes read.
    package var buffer: UnsafeBufferPointer<UInt8> { reader.bytes }
    /// The position of the next head.
    package var offset: Int { reader.offset }
    /// Whether every byte has been read.
    package var isAtEnd: Bool { reader.isAtEnd }

    /// The head at the cursor if it is of `major` type with a definite argument.
    private mutating func head(_ major: UInt8) -> CBORReader.Head? {
        guard usable, reader.offset < reader.bytes.count, reader.bytes[reader.offset] >> 5 == major,
              let head = try? reader.readHead(), !head.isIndefinite
        else { return nil }
        return head
    }

    /// A definite-length map inside a container at `depth`: its entry count.
    package mutating func mapCount(depth: Int) -> Int? {
        guard depth + 1 <= maxDepth, let head = head(5),
              head.argument <= UInt64(reader.bytes.count - reader.offset) / 2,
              head.argument <= UInt64(reader.options.maxLength)
        else { return nil }
        return Int(head.argument)
    }

    /// A definite-length array inside a container at `depth`: its element count.
    package mutating func arrayCount(depth: Int) -> Int? {
        guard depth + 1 <= maxDepth, let head = head(4),
              head.argument <= UInt64(reader.bytes.count - reader.offset),
              head.argument <= UInt64(reader.options.maxLength)
        else { return nil }
        return Int(head.argument)
    }

    /// A tag inside a container at `depth`: its number. Its content is at `depth + 1`.
    package mutating func tag(depth: Int) -> UInt64? {
        guard depth + 1 <= maxDepth, let head = head(6) else { return nil }
        return head.argument
    }

    /// An unsigned integer.
    package mutating func unsigned() -> UInt64? { head(0)?.argument }

    /// The byte range (in ``buffer``) of the content of a definite-length string of `major` type.
    private mutating func stringRange(_ major: UInt8) -> Range<Int>? {
        guard let head = head(major), head.argument <= UInt64(reader.bytes.count - reader.offset),
              head.argument <= UInt64(reader.options.maxLength)
        else { return nil }
        let start = reader.offset
        reader.offset += Int(head.argument)
        return start..<reader.offset
    }

    /// The range of a byte string's content in ``buffer``.
    package mutating func byteStringRange() -> Range<Int>? { stringRange(2) }

    /// A byte string, copied.
    package mutating func byteString() -> Data? {
        guard let range = stringRange(2) else { return nil }
        return Data(UnsafeBufferPointer(rebasing: reader.bytes[range]))
    }

    /// A text string.
    package mutating func text() -> String? {
        guard let range = stringRange(3) else { return nil }
        let bytes = UnsafeBufferPointer(rebasing: reader.bytes[range])
        guard UTF8Validation.isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of a text string that is all ASCII (`nil` for any other text): for matching
    /// map keys by bytes, where byte equality is then the same as `String` equality.
    package mutating func asciiText() -> UnsafeBufferPointer<UInt8>? {
        guard let range = stringRange(3) else { return nil }
        let bytes = UnsafeBufferPointer(rebasing: reader.bytes[range])
        for byte in bytes where byte >= 0x80 { return nil }
        return bytes
    }

    /// One whole item inside a container at `depth`, decoded with every check of
    /// ``CBOR/decode(_:options:)``.
    package mutating func item(depth: Int) -> CBOR? {
        guard usable else { return nil }
        return try? reader.decodeItem(depth: depth)
    }
}
