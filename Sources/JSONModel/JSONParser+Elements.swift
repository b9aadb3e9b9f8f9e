/// One element of a top-level JSON array read by ``JSONParser/parseArrayElements(_:_:)``:
/// a string as a plain `String`, anything else as a ``JSONValue``.
package enum JSONArrayElement {
    case string(String)
    case value(JSONValue)

    /// The element as a ``JSONValue``.
    package var jsonValue: JSONValue {
        switch self {
        case .string(let string): return .string(string)
        case .value(let value): return value
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
    package func parseArrayElements(
        _ input: UnsafeBufferPointer<UInt8>, _ body: (JSONArrayElement) -> Void
    ) throws(JSONError) -> Bool {
        guard input.count <= limits.maximumSize else { throw .tooLarge(limit: limits.maximumSize) }
        var reader = JSONReader(bytes: input, limits: limits, duplicateMembers: duplicateMembers)
        return try reader.readArrayDocument(body)
    }
}

extension JSONReader {
    /// ``JSONParser/parseArrayElements(_:_:)``: the same steps as ``readDocument()`` takes
    /// for an array, with the outer array's frame kept here rather than on the stack.
    mutating func readArrayDocument(_ body: (JSONArrayElement) -> Void) throws(JSONError) -> Bool {
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
                let element = try readElement()
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
    private mutating func readElement() throws(JSONError) -> JSONArrayElement {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { return .string(try readString()) }
        return .value(try readValue())
    }
}
