/// One element of a top-level JSON array read by
/// ``JSONParser/parseArrayElements(_:skippingStringsBefore:_:)``: a string as a plain
/// `String`, anything else as a ``JSONValue``.
package enum JSONArrayElement {
    case string(String)
    case value(JSONValue)
    /// A string the caller asked to have checked but not built.
    case skippedString

    /// The element as a ``JSONValue`` (a skipped string as an empty one).
    package var jsonValue: JSONValue {
        switch self {
        case .string(let string): return .string(string)
        case .value(let value): return value
        case .skippedString: return .string("")
        }
    }

    /// Whether the element is a string, kept or skipped.
    package var isString: Bool {
        switch self {
        case .string, .skippedString: return true
        case .value: return false
        }
    }

    /// The element if it is a string.
    package var stringValue: String? {
        if case .string(let string) = self { return string } else { return nil }
    }
}

extension JSONParser {
    /// Parses a JSON text that is an array, handing its elements to `body` in order instead
    /// of building the array; `false`, with `body` never called, when the text does not start
    /// with `[` (parse it with ``parse(_:)-(UnsafeBufferPointer<UInt8>)`` to learn whether it is
    /// other JSON or none).
    ///
    /// For a caller that takes a small array of known shape apart at once (an SD-JWT
    /// Disclosure's `[salt, name, value]`), this spares the array, its elements' boxes
    /// and the parser's lists. The rules, limits and errors are exactly ``parse(_:)``'s:
    /// an element that is not valid JSON, a missing `,` or trailing content throws, and
    /// `body` may already have seen the elements before it.
    ///
    /// A string among the first `skippedCount` elements is checked as any other, then
    /// handed over as ``JSONArrayElement/skippedString`` without being built (a Disclosure's
    /// salt need only be a string).
    package func parseArrayElements(
        _ input: UnsafeBufferPointer<UInt8>, skippingStringsBefore skippedCount: Int = 0,
        _ body: (JSONArrayElement) -> Void
    ) throws(JSONError) -> Bool {
        guard input.count <= limits.maximumSize else { throw .tooLarge(limit: limits.maximumSize) }
        var reader = JSONReader(bytes: input, limits: limits, duplicateMembers: duplicateMembers)
        return try reader.readArrayDocument(skippingStringsBefore: skippedCount, body)
    }
}

extension JSONReader {
    /// ``JSONParser/parseArrayElements(_:skippingStringsBefore:_:)``: the same steps as ``readDocument()`` takes
    /// for an array, with the outer array's frame kept here rather than on the stack.
    mutating func readArrayDocument(
        skippingStringsBefore skippedCount: Int, _ body: (JSONArrayElement) -> Void
    ) throws(JSONError) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
        guard limits.maximumDepth > 0 else { throw .tooDeep(offset: index, limit: limits.maximumDepth) }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            // The outer array counts towards the depth of everything inside it.
            depthUsed = 1
            defer { depthUsed = 0 }
            var count = 0
            while true {
                skipWhitespace()
                let valueStart = index
                let element = try readElement(keepingString: count >= skippedCount)
                // The generic reader, too, reads an element before it counts it.
                guard count < limits.maximumMembers else {
                    throw .tooManyMembers(offset: valueStart, limit: limits.maximumMembers)
                }
                body(element)
                count += 1
                skipWhitespace()
                guard index < bytes.count else { throw .unexpectedEnd(offset: index) }
                let separator = bytes[index]
                guard separator == UInt8(ascii: ",") || separator == UInt8(ascii: "]") else {
                    throw .unexpectedByte(separator, offset: index)
                }
                index += 1
                if separator == UInt8(ascii: "]") { break }
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw .trailingContent(offset: index) }
        return true
    }

    /// One value at the cursor: a string read directly, anything else through the reader.
    private mutating func readElement(keepingString: Bool) throws(JSONError) -> JSONArrayElement {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            guard keepingString else {
                try skipString()
                return .skippedString
            }
            return .string(try readString())
        }
        return .value(try readValue())
    }
}
