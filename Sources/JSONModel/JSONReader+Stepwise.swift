/// Steps for a caller that walks a document itself rather than having it built: an SD-JWT
/// payload, whose digests are matched as they are read and never become strings.
///
/// The walker reads the structure (`{`, names, `,`, `]`) with these steps and hands every
/// value it has no use for to ``JSONReader/readValue()``, so the grammar, the limits and
/// the errors stay those of ``JSONParser``. Duplicate member names and the depth and
/// member-count limits of the containers it opens itself are the walker's to check, with
/// ``checkDepth(openContainers:)`` and ``checkCount(_:offset:)``.
extension JSONReader {
    /// Consumes `byte` if it comes next after any whitespace; whether it did.
    package mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `byte`, which must come next after any whitespace.
    package mutating func expect(_ byte: UInt8) throws(JSONError) {
        skipWhitespace()
        guard let next = peek() else { throw .unexpectedEnd(offset: index) }
        guard next == byte else { throw .unexpectedByte(next, offset: index) }
        index += 1
    }

    /// After a member or an element: consumes `,` (`false`, more follow) or `closing`
    /// (`true`, the container ended).
    package mutating func readSeparator(closing: UInt8) throws(JSONError) -> Bool {
        skipWhitespace()
        guard let next = peek() else { throw .unexpectedEnd(offset: index) }
        guard next == UInt8(ascii: ",") || next == closing else { throw .unexpectedByte(next, offset: index) }
        index += 1
        return next == closing
    }

    /// Opening one more container inside `openContainers` others must stay within the
    /// depth limit, as it must for ``readValue()``.
    package func checkDepth(openContainers: Int) throws(JSONError) {
        guard openContainers < limits.maximumDepth else { throw .tooDeep(offset: index, limit: limits.maximumDepth) }
    }

    /// A container already holding `count` members or elements may not take another.
    package func checkCount(_ count: Int, offset: Int) throws(JSONError) {
        guard count < limits.maximumMembers else { throw .tooManyMembers(offset: offset, limit: limits.maximumMembers) }
    }

    /// Hands the bytes between the quotes of the string at the cursor to `body` and moves
    /// past it, when the string is plain (no escape, within the length limit, well-formed
    /// UTF-8); `nil`, the cursor unmoved, for any other string or none. The caller then
    /// reads it with ``readString()``, which reports what is wrong with it.
    package mutating func withPlainString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\""),
            let end = Self.plainStringEnd(in: bytes, quoteAt: index, maximumLength: limits.maximumStringLength)
        else { return nil }
        let contents = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
        index = end + 1
        return body(contents)
    }

    /// ``readValue()`` of a value inside `openContainers` containers the caller opened
    /// itself, which count towards the depth limit as the reader's own would.
    package mutating func readValue(inside openContainers: Int) throws(JSONError) -> JSONValue {
        depthUsed = openContainers
        defer { depthUsed = 0 }
        return try readValue()
    }

    /// Throws unless only whitespace is left.
    package mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        guard index == bytes.count else { throw .trailingContent(offset: index) }
    }
}
