import Foundation

extension CBOR {
    /// Decodes exactly one CBOR data item from `data`.
    ///
    /// The input is untrusted by default: see ``CBORDecodingOptions`` for the limits. Bytes after
    /// the item are an error (``CBORError/trailingBytes(offset:)``); use
    /// ``decodeSequence(_:options:)`` for an RFC 8742 CBOR sequence.
    public static func decode(
        _ data: some DataProtocol, options: CBORDecodingOptions = CBORDecodingOptions()
    ) throws(CBORError) -> CBOR {
        try withBuffer(data, options: options) { (buffer) throws(CBORError) -> CBOR in
            try decodeOne(buffer, options: options)
        }
    }

    /// Decodes exactly one CBOR data item from `data`, like the `DataProtocol` form.
    ///
    /// The same decoder for the common case of `Data` in hand: a concrete entry point lets the
    /// buffer access be specialized instead of going through generic dispatch and a dynamic
    /// cast on every call, which adds up when a structure embeds many encoded items (an mdoc
    /// decodes one per disclosed element).
    public static func decode(
        _ data: Data, options: CBORDecodingOptions = CBORDecodingOptions()
    ) throws(CBORError) -> CBOR {
        try withBuffer(data, options: options) { (buffer) throws(CBORError) -> CBOR in
            try decodeOne(buffer, options: options)
        }
    }

    /// Decodes one item filling `buffer`, reporting the most fundamental error.
    private static func decodeOne(_ buffer: UnsafeBufferPointer<UInt8>, options: CBORDecodingOptions) throws(CBORError) -> CBOR {
        var reader = CBORReader(bytes: buffer, options: options)
        do throws(CBORError) {
            let item = try reader.decodeItem()
            guard reader.isAtEnd else { throw .trailingBytes(offset: reader.offset) }
            return item
        } catch {
            throw preferWellFormednessError(error, buffer: buffer, options: options, sequence: false)
        }
    }

    /// Decodes a CBOR sequence (RFC 8742): zero or more items back to back.
    public static func decodeSequence(
        _ data: some DataProtocol, options: CBORDecodingOptions = CBORDecodingOptions()
    ) throws(CBORError) -> [CBOR] {
        try withBuffer(data, options: options) { (buffer) throws(CBORError) -> [CBOR] in
            var reader = CBORReader(bytes: buffer, options: options)
            var items: [CBOR] = []
            do throws(CBORError) {
                while !reader.isAtEnd { items.append(try reader.decodeItem()) }
            } catch {
                throw preferWellFormednessError(error, buffer: buffer, options: options, sequence: true)
            }
            return items
        }
    }

    /// A validity error (duplicate key, bad UTF-8, …) can be found before a later
    /// well-formedness error; "not CBOR at all" is the more fundamental answer, so report it.
    private static func preferWellFormednessError(
        _ original: CBORError, buffer: UnsafeBufferPointer<UInt8>, options: CBORDecodingOptions, sequence: Bool
    ) -> CBORError {
        guard !original.isWellFormednessError else { return original }
        var scanner = CBORReader(bytes: buffer, options: CBORDecodingOptions(maxItems: options.maxItems))
        do throws(CBORError) {
            repeat { try scanner.skipItem() } while sequence && !scanner.isAtEnd
            if !scanner.isAtEnd { return .trailingBytes(offset: scanner.offset) }
        } catch {
            return error.isWellFormednessError ? error : original
        }
        return original
    }

    /// Runs `body` over the bytes of `data` as one contiguous buffer, after the size check.
    static func withBuffer<R>(
        _ data: some DataProtocol, options: CBORDecodingOptions,
        _ body: (UnsafeBufferPointer<UInt8>) throws(CBORError) -> R
    ) throws(CBORError) -> R {
        guard data.count <= options.maxInputSize else { throw .inputTooLarge(size: data.count) }
        var outcome: Result<R, CBORError>?
        if let data = data as? Data {
            data.withUnsafeBytes { raw in
                outcome = Result { () throws(CBORError) -> R in try body(raw.bindMemory(to: UInt8.self)) }
            }
        } else if let bytes = data as? [UInt8] {
            bytes.withUnsafeBufferPointer { buffer in
                outcome = Result { () throws(CBORError) -> R in try body(buffer) }
            }
        } else {
            let bytes = [UInt8](data)
            bytes.withUnsafeBufferPointer { buffer in
                outcome = Result { () throws(CBORError) -> R in try body(buffer) }
            }
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw error
        case nil: throw .unexpectedEnd(offset: 0)
        }
    }

    /// Checks the content type of the tags this library interprets (RFC 8949 §3.4, RFC 8943).
    static func validateTagContent(tag: UInt64, content: CBOR, offset: Int) throws(CBORError) {
        let valid: Bool
        switch (tag, content) {
        case (0, .textString), (32, .textString), (1004, .textString): valid = true
        case (1, .unsigned), (1, .negative), (1, .half), (1, .float), (1, .double): valid = true
        case (2, .byteString), (3, .byteString), (24, .byteString): valid = true
        case (0, _), (1, _), (2, _), (3, _), (24, _), (32, _), (1004, _): valid = false
        default: valid = true
        }
        guard valid else { throw .invalidTagContent(tag: tag, offset: offset) }
    }
}
